import App
import Domain
import Foundation
import Localization
import PlaceCatalog
import Testing
import ViewModels

/// Issue 29, point 2: `p` on a place's detail lists the posts about it, `Posts about Busan ·
/// 8 posts`, with the Feed's rows and keys; Esc goes back to the place. From Favorites too.
@Suite struct PlacePostsScreenTests {
    static let busan = "1838524"

    func show(_ name: String, id: String, in harness: AppHarness) {
        harness.press("/")
        harness.type(name)
        harness.press("enter")
        #expect(harness.app.places.state.selectedRow?.place.placeID == id)
        if harness.backend.size.width < 100 {
            harness.press("enter")
            #expect(harness.app.places.state.isDetailOpen)
        }
    }

    @Test(arguments: [(80, 24), (120, 40)]) func pListsThePlacesPostsAndEscGoesBack(width: Int, height: Int) throws {
        let world = try AppWorld()
        let expected = try world.services.tweets.count(.place(id: Self.busan), viewer: nil)
        #expect(expected == 8, "the sample community's posts about Busan")
        let harness = world.harness(width: width, height: height)
        show("Busan", id: Self.busan, in: harness)
        harness.press("p")
        let posts = try #require(harness.app.placePosts(on: .places))
        #expect(harness.line(containing: "Posts about Busan · 8 posts") != nil, "\(harness.text)")
        #expect(posts.state.rows.count == 8)
        #expect(posts.state.rows.allSatisfy { $0.place?.placeID == Self.busan })
        #expect(posts.state.rows.map(\.timestamp) == posts.state.rows.map(\.timestamp).sorted(by: >), "newest first")
        #expect(harness.line(containing: "📍 Busan") != nil)
        #expect(harness.lines[height - 1].hasPrefix("Esc back  l like  r reply  o thread"))
        expectGolden(harness, "place-posts")

        harness.press("esc")
        #expect(harness.app.placePosts == nil)
        #expect(harness.app.state.tab == .places)
        #expect(harness.app.places.state.selectedRow?.place.placeID == Self.busan, "back on the place")
        if width < 100 { #expect(harness.app.places.state.isDetailOpen, "with its detail") }
    }

    @Test func theFeedsKeysActOnThePlacesPosts() throws {
        let world = try AppWorld()
        try world.signUp("viewer", displayName: "Viewer")
        let harness = world.harness(width: 120, height: 40)
        show("Busan", id: Self.busan, in: harness)
        harness.press("p")
        let posts = try #require(harness.app.placePosts(on: .places))
        let first = try #require(posts.state.selectedRow)
        harness.press("l")
        #expect(posts.state.rows[0].didLike && posts.state.rows[0].likes == first.likes + 1)
        harness.press("b")
        #expect(posts.state.rows[0].didBookmark)
        harness.press("r")
        #expect(posts.state.compose != nil)
        #expect(harness.line(containing: "Reply to @" + first.username) != nil)
        harness.press("esc")
        harness.press("o")
        #expect(harness.app.state.tab == .feed)
        #expect(harness.app.thread?.threadOf == first.id, "its thread, on the Feed")
        harness.press("1")
        #expect(harness.app.placePosts(on: .places) != nil, "the place's posts wait on Places")
    }

    @Test func aPlaceWithoutPostsSaysSo() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24)
        show("Suwon", id: "1835553", in: harness)
        harness.press("p")
        #expect(harness.line(containing: "Posts about Suwon · 0 posts") != nil, "\(harness.text)")
        #expect(harness.line(containing: "No posts about Suwon yet.") != nil)
    }

    @Test func pInTheListWithoutADetailDoesNothing() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24)
        harness.press("/")
        harness.type("Busan")
        harness.press("enter")
        harness.press("p")
        #expect(harness.app.placePosts == nil, "below 100 columns the detail is a screen of its own")
    }

    @Test func pOnAFavoriteListsItsPosts() throws {
        let world = try AppWorld()
        try world.signUp("viewer", displayName: "Viewer")
        try world.services.favorites.add(
            FavoriteCandidate(
                placeID: Self.busan, placeName: "Busan", address: "Busan, South Korea",
                coordinate: Coordinate(latitude: 35.1028, longitude: 129.0403)), session: try world.services.session())
        let harness = world.harness(width: 80, height: 24)
        harness.press("2")
        harness.press("p")
        #expect(harness.app.placePosts(on: .favorites)?.state.rows.count == 8)
        #expect(harness.line(containing: "Posts about Busan · 8 posts") != nil, "\(harness.text)")
        harness.press("esc")
        #expect(harness.app.placePosts == nil && harness.app.state.tab == .favorites)
    }

    @Test(arguments: [(80, 24), (120, 40)]) func theTitleIsKoreanInAKoreanInterface(width: Int, height: Int) throws {
        try Language.$scoped.withValue(.ko) {
            let world = try AppWorld()
            let harness = world.harness(width: width, height: height)
            show("Busan", id: Self.busan, in: harness)
            harness.press("p")
            #expect(harness.line(containing: "부산에 관한 게시물 · 게시물 8개") != nil, "\(harness.text)")
            expectGolden(harness, "ko-place-posts")
        }
    }
}
