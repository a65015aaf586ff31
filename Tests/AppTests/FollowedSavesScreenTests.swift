import App
import Domain
import Foundation
import Localization
import PlaceCatalog
import Testing
import ViewModels

/// Issue 29, point 5: a place's detail map marks with `◇` (`%` in ASCII) where the people
/// the viewer follows saved places nearby, from their shared folders only, with a legend.
@Suite struct FollowedSavesScreenTests {
    func candidate(_ id: String, _ name: String, _ latitude: Double, _ longitude: Double) -> FavoriteCandidate {
        FavoriteCandidate(
            placeID: id, placeName: name, address: "\(name), South Korea",
            coordinate: Coordinate(latitude: latitude, longitude: longitude))
    }

    /// Mina shares Busan and Incheon and keeps Suwon private; the viewer follows her.
    func world() throws -> AppWorld {
        let world = try AppWorld()
        try world.signUp("mina", displayName: "Mina")
        let mina = try #require(try world.services.session())
        let favorites = world.services.favorites
        let trip = try favorites.createFolder(name: "Trip", visibility: .shared, session: mina)
        let secret = try favorites.createFolder(name: "Secret", visibility: .private, session: mina)
        try favorites.add(candidate("1838524", "Busan", 35.1028, 129.0403), folderID: trip.id, session: mina)
        try favorites.add(candidate("1843564", "Incheon", 37.4565, 126.7052), folderID: trip.id, session: mina)
        try favorites.add(candidate("1835553", "Suwon", 37.2911, 127.0089), folderID: secret.id, session: mina)
        try world.signUp("viewer", displayName: "Viewer")
        try world.services.follows.writeFollow(true, uid: mina.uid, session: try world.services.session())
        return world
    }

    func showSeoul(_ harness: AppHarness) {
        harness.press("/")
        harness.type("Seoul")
        harness.press("enter")
        #expect(harness.app.places.state.selectedRow?.place.placeID == "1835848")
    }

    func marks(_ text: String, _ mark: Character) -> Int { text.filter { $0 == mark }.count }

    @Test func theDetailMapMarksTheSharedSavesOfPeopleFollowed() throws {
        let world = try world()
        let harness = world.harness(width: 120, height: 40)
        showSeoul(harness)
        harness.settle()
        #expect(harness.app.places.state.followedSaves.map(\.placeID) == ["1838524", "1843564"])
        let legend = try #require(harness.line(containing: "saved nearby by people you follow"), "\(harness.text)")
        #expect(legend.contains("◇ saved nearby"))
        #expect(marks(harness.text, "◇") == 3, "Busan and Incheon on the map, and the legend:\n\(harness.text)")
        expectGolden(harness, "places-followed-saves")
    }

    @Test func theFullScreenDetailAndASCIIMarkThemToo() throws {
        let world = try world()
        let narrow = world.harness(width: 80, height: 24)
        showSeoul(narrow)
        narrow.press("enter")
        narrow.settle()
        #expect(narrow.app.places.state.isDetailOpen)
        #expect(marks(narrow.text, "◇") == 3, "\(narrow.text)")
        expectGolden(narrow, "places-followed-saves")

        let ascii = world.harness(width: 120, height: 40, isUTF8: false)
        showSeoul(ascii)
        ascii.settle()
        #expect(ascii.line(containing: "% saved nearby by people you follow") != nil, "\(ascii.text)")
        #expect(!ascii.text.contains("◇"))
    }

    @Test func theLegendIsKoreanInAKoreanInterface() throws {
        try Language.$scoped.withValue(.ko) {
            let world = try world()
            let harness = world.harness(width: 120, height: 40)
            showSeoul(harness)
            harness.settle()
            #expect(harness.line(containing: "◇ 팔로우하는 사람들이 근처에 저장한 곳") != nil, "\(harness.text)")
            expectGolden(harness, "ko-places-followed-saves")
        }
    }

    @Test func signedOutOrFollowingNobodyTheMapHasNoMarks() throws {
        let world = try AppWorld()
        let guest = world.harness(width: 120, height: 40)
        showSeoul(guest)
        #expect(!guest.text.contains("◇") && !guest.text.contains("saved nearby"), "\(guest.text)")
        try world.signUp("loner", displayName: "Loner")
        let loner = world.harness(width: 120, height: 40)
        showSeoul(loner)
        loner.settle()
        #expect(!loner.text.contains("◇"), "\(loner.text)")
    }
}
