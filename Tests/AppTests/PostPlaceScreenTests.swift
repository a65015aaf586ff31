import App
import Domain
import Foundation
import PlaceCatalog
import Testing
import ViewModels

/// h29post2: a post's place in the interface: the sample community's posts (catalog ids
/// only) show `📍 Name · Region`, with the distance from a home point when one is set, and
/// `p` opens the place in Places, selected, with its detail.
@Suite struct PostPlaceScreenTests {
    func select(_ caption: String, in harness: AppHarness, feed: FeedViewModel) throws {
        let index = try #require(feed.state.rows.firstIndex { $0.caption.hasPrefix(caption) })
        for _ in 0..<index { harness.press("j") }
        #expect(feed.state.selectedRow?.caption.hasPrefix(caption) == true)
    }

    @Test func sampleAPostsCatalogPlaceShowsItsRegionAndDistanceFromHome() throws {
        let world = try AppWorld()
        let home = Coordinate(latitude: 37.5665, longitude: 126.9780)
        let harness = world.harness(width: 120, height: 40, home: home)
        harness.press("3")
        let busan = try #require(harness.app.feed.state.rows.first { $0.place?.placeID == "1838524" }?.place)
        #expect(busan.name == "Busan")
        #expect(busan.region == "South Korea", "a city that is its own region shows its country")
        let metres = Coordinate(latitude: 35.1028, longitude: 129.0403).distance(to: home)
        try select("해운대", in: harness, feed: harness.app.feed)
        #expect(harness.line(containing: "📍 Busan · South Korea · " + DistanceText.describe(metres)) != nil)

        let plain = world.harness(width: 120, height: 40)
        plain.press("3")
        try select("해운대", in: plain, feed: plain.app.feed)
        #expect(plain.line(containing: "📍 Busan · South Korea") != nil)
        #expect(plain.line(containing: " km") == nil, "no home point, no distance")
    }

    @Test(arguments: [(80, 24), (120, 40)]) func pOpensThePostsPlaceInPlacesWithItsDetail(width: Int, height: Int)
        throws
    {
        let world = try AppWorld()
        let harness = world.harness(width: width, height: height)
        harness.press("3")
        try select("해운대", in: harness, feed: harness.app.feed)
        harness.press("p")
        #expect(harness.app.state.tab == .places)
        #expect(harness.app.places.state.selectedRow?.place.placeID == "1838524")
        #expect(harness.app.places.state.isDetailOpen)
        #expect(harness.line(containing: "Asia/Seoul") != nil, "the detail shows")
        #expect(harness.line(containing: "Busan") != nil)
    }

    @Test func pOnAPostWithoutAPlaceSaysSoAndStays() throws {
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "New Comer")
        try world.services.tweets.post("no place here", session: try world.services.session())
        let harness = world.harness(width: 80, height: 24)
        harness.press("3")
        try select("no place here", in: harness, feed: harness.app.feed)
        harness.press("p")
        #expect(harness.app.state.tab == .feed)
        #expect(harness.line(containing: "This post carries no place") != nil)
    }

    @Test func pInAThreadOpensItsPostsPlace() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 100, height: 30)
        harness.press("3")
        try select("해운대", in: harness, feed: harness.app.feed)
        harness.press("o")
        #expect(harness.app.thread != nil)
        harness.press("p")
        #expect(harness.app.state.tab == .places)
        #expect(harness.app.places.state.selectedRow?.place.placeID == "1838524")
    }
}
