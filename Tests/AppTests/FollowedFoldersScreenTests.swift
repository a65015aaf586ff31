import App
import Domain
import Foundation
import Localization
import PlaceCatalog
import Testing
import ViewModels

/// Issue 29, point 4, on the screen: a followed folder in Favorites reads `@mina/카페 ↗`
/// (`>` in ASCII) after one's own folders, read-only, and `F` on Mina's folder opened from
/// her profile follows it (the title says so) and unfollows it.
@Suite struct FollowedFoldersScreenTests {
    static let sizes = [(80, 24), (120, 40)]

    func candidate(_ id: String, _ name: String, _ latitude: Double, _ longitude: Double) -> FavoriteCandidate {
        FavoriteCandidate(
            placeID: id, placeName: name, address: "\(name), South Korea",
            coordinate: Coordinate(latitude: latitude, longitude: longitude))
    }

    /// Mina shares 카페 (Busan and Incheon); the viewer, signed in, follows it when `follows`.
    func world(follows: Bool) throws -> (AppWorld, mina: Session, cafe: FavoriteFolder) {
        let world = try AppWorld()
        try world.signUp("mina", displayName: "Mina")
        let mina = try #require(try world.services.session())
        let favorites = world.services.favorites
        let cafe = try favorites.createFolder(name: "카페", visibility: .shared, session: mina)
        try favorites.add(candidate("1838524", "Busan", 35.1028, 129.0403), folderID: cafe.id, session: mina)
        try favorites.add(candidate("1843564", "Incheon", 37.4565, 126.7052), folderID: cafe.id, session: mina)
        try world.signUp("viewer", displayName: "Viewer")
        if follows {
            try world.services.write(
                .followFolder(ownerUID: mina.uid, folderID: cafe.id),
                session: try #require(try world.services.session()))
        }
        return (world, mina, cafe)
    }

    @Test(arguments: sizes) func aFollowedFolderShowsMarkedAfterOnesOwn(width: Int, height: Int) throws {
        let (world, _, _) = try world(follows: true)
        let harness = world.harness(width: width, height: height)
        harness.press("2")
        harness.press("]")
        harness.settle()
        #expect(harness.app.favorites.state.selectedRow?.shownName == "@mina/카페")
        #expect(harness.line(containing: "@mina/카페 ↗") != nil, "\(harness.text)")
        #expect(harness.lines[1].contains("@mina/카페"), "the title names whose: \(harness.lines[1])")
        #expect(harness.line(containing: "Busan") != nil && harness.line(containing: "Incheon") != nil)
        expectGolden(harness, "favorites-followed")

        // An edit key: one line saying whose it is.
        harness.press("x")
        #expect(
            harness.lines[height - 1].contains("is someone else's"), "the toast: \(harness.lines[height - 1])")
        #expect(harness.app.favorites.state.items.count == 2)
    }

    @Test func inASCIITheMarkIsAGreaterThanSign() throws {
        let (world, _, _) = try world(follows: true)
        let harness = world.harness(width: 80, height: 24, isUTF8: false)
        harness.press("2")
        harness.settle()
        #expect(harness.line(containing: "@mina/카페 >") != nil, "\(harness.text)")
        #expect(harness.line(containing: "↗") == nil)
    }

    @Test func theOwnerAddingAPlaceShowsWithoutAKey() throws {
        let (world, mina, cafe) = try world(follows: true)
        let harness = world.harness(width: 120, height: 40)
        harness.press("2")
        harness.press("]")
        harness.settle()
        try world.services.favorites.add(
            candidate("1835848", "Seoul", 37.5665, 126.978), folderID: cafe.id, session: mina)
        harness.settle()
        #expect(harness.line(containing: "Seoul") != nil, "\(harness.text)")
        #expect(harness.app.favorites.state.items.count == 3)
    }

    @Test func fOnTheFolderOpenedFromTheProfileFollowsAndUnfollows() throws {
        let (world, mina, _) = try world(follows: false)
        let harness = world.harness(width: 120, height: 40)
        harness.press("3")
        harness.app.openProfile(uid: mina.uid)
        harness.press("f")
        harness.settle()
        harness.press("enter")
        #expect(harness.app.author?.folders.isOpen == true)
        #expect(harness.lines[harness.lines.count - 1].contains("F follow"), "the footer offers F")
        harness.press("F")
        harness.settle()
        #expect(harness.lines[1].contains("followed"), "\(harness.lines[1])")
        expectGolden(harness, "others-folder-followed")
        harness.press("2")
        #expect(harness.app.favorites.state.folders.map(\.shownName) == ["Favorites", "@mina/카페"])
        harness.press("3")
        harness.press("F")
        harness.settle()
        #expect(!harness.lines[1].contains("followed"), "\(harness.lines[1])")
        #expect(harness.app.favorites.state.folders.map(\.shownName) == ["Favorites"])
    }

    /// The owner's Activity tab: `@viewer followed your folder 카페`, in English and Korean.
    @Test func theOwnerReadsTheFollowOnTheActivityTab() throws {
        let (world, _, _) = try world(follows: true)
        _ = try world.services.auth.signIn(email: "mina@example.com", password: "password123")
        let harness = world.harness(width: 80, height: 24)
        harness.press("5")
        harness.settle()
        #expect(harness.line(containing: "@viewer followed your folder 카페") != nil, "\(harness.text)")
        let korean = Language.$scoped.withValue(.ko) { () -> String? in
            let harness = world.harness(width: 80, height: 24)
            harness.press("5")
            harness.settle()
            return harness.line(containing: "@viewer 님이 회원님의 카페 폴더를 팔로우합니다")
        }
        #expect(korean != nil)
    }
}
