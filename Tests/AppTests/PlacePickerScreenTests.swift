import App
import Domain
import Foundation
import PlaceCatalog
import Testing
import ViewModels

/// pick: a place attached while writing a post or a reply (issue 29, point 1): Ctrl-P opens
/// the picker over the post (favorites first, the catalog and the online providers as the
/// query is typed), Enter attaches the place, which shows under the field; Ctrl-P again
/// offers to remove it; the post carries it (the same `WriteIntent.post` as `tern post
/// --place`) and shows its `📍` line at once.
@Suite struct PlacePickerScreenTests {
    /// A newcomer writing `text` on the Feed.
    func composing(_ text: String, width: Int = 80, height: Int = 24, online: OnlinePlaceSearching? = nil) throws
        -> (AppWorld, AppHarness)
    {
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "New Comer")
        let harness = world.harness(width: width, height: height, online: online)
        harness.press("3")
        harness.press("n")
        harness.type(text)
        return (world, harness)
    }

    func stored(_ caption: String, in world: AppWorld) throws -> FeedPost {
        let rows = try world.services.tweets.page(.all, limit: 200, viewer: try world.services.session()).posts
        return try #require(rows.first { $0.caption == caption }, "the post was stored")
    }

    @Test(arguments: [(80, 24), (120, 40)]) func ctrlPAttachesACatalogPlaceThatThePostCarries(
        width: Int, height: Int
    ) throws {
        let (world, harness) = try composing("lunch by the river", width: width, height: height)
        #expect(harness.line(containing: "Ctrl-P attach a place") != nil, "the footer offers it: \(harness.text)")
        harness.press("ctrl-p")
        #expect(harness.app.placePicker != nil)
        #expect(harness.line(containing: "Attach a place") != nil)
        harness.type("seoul")
        let row = try #require(harness.line(containing: "Seoul · "), "\(harness.text)")
        #expect(!row.contains("★"), "not a favorite")
        harness.press("enter")
        #expect(harness.app.placePicker == nil)
        #expect(harness.app.feed.state.compose?.text == "lunch by the river", "the text is kept")
        #expect(harness.app.feed.state.attachedPlace?.placeID == "1835848")
        let lines = harness.text.split(separator: "\n", omittingEmptySubsequences: false)
        let field = try #require(lines.firstIndex { $0.contains("lunch by the river") })
        #expect(lines[field + 1].contains("📍 Seoul"), "under the field: \(harness.text)")
        #expect(lines[field + 1].contains("Ctrl-P changes or removes it"))
        harness.press("enter")
        #expect(harness.app.feed.state.compose == nil)
        let post = try stored("lunch by the river", in: world)
        #expect(post.placeID == "1835848")
        #expect(post.place?.placeName == "Seoul" && post.place?.source == "catalog")
        let caption = try #require(
            harness.text.split(separator: "\n").firstIndex { $0.contains("lunch by the river") })
        #expect(harness.text.split(separator: "\n")[caption + 1].contains("📍 Seoul"), "\(harness.text)")
    }

    @Test func ctrlPAgainOffersToRemoveThePlaceAndEscKeepsIt() throws {
        let (world, harness) = try composing("no place after all")
        harness.press("ctrl-p")
        harness.type("busan")
        harness.press("enter")
        #expect(harness.app.feed.state.attachedPlace?.name == "Busan")
        harness.press("ctrl-p")
        #expect(harness.line(containing: "Remove Busan") != nil, "the first row: \(harness.text)")
        harness.press("esc")
        #expect(harness.app.placePicker == nil)
        #expect(harness.app.feed.state.attachedPlace?.name == "Busan", "Esc changes nothing")
        harness.press("ctrl-p")
        harness.press("enter")
        #expect(harness.app.feed.state.attachedPlace == nil)
        #expect(harness.line(containing: "📍") == nil || !harness.text.contains("changes or removes it"))
        harness.press("enter")
        let post = try stored("no place after all", in: world)
        #expect(post.placeID == nil && post.place == nil)
    }

    @Test func theFavoritesComeFirstAndAnEmptyQueryListsThem() throws {
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "New Comer")
        try world.services.favorites.add(
            FavoriteCandidate(
                placeID: "1843564", placeName: "Incheon", address: "Incheon, South Korea",
                coordinate: Coordinate(latitude: 37.4565, longitude: 126.7052)),
            session: world.services.session())
        let harness = world.harness(width: 80, height: 24)
        harness.press("3")
        harness.press("n")
        harness.type("a day by the sea")
        harness.press("ctrl-p")
        let row = try #require(harness.line(containing: "Incheon"), "\(harness.text)")
        #expect(row.contains("★"), "marked a favorite: \(row)")
        harness.type("zzzz")
        #expect(harness.line(containing: "No place matches “zzzz”.") != nil, "\(harness.text)")
        harness.press("ctrl-u")
        harness.press("enter")
        #expect(harness.app.feed.state.attachedPlace?.placeID == "1843564")
    }

    @Test func anOnlinePlaceIsCopiedWithTheReply() throws {
        let (world, harness) = try composing("", width: 120, height: 40, online: OnlinePlacesScreenTests.online())
        harness.press("esc")
        let parent = try #require(harness.app.feed.state.selectedRow?.id)
        harness.press("r")
        harness.type("coffee here")
        harness.press("ctrl-p")
        harness.type("을지로")
        OnlinePlacesScreenTests.answer(world, harness)
        let index = try #require(
            harness.app.placePicker?.state.rows.firstIndex { $0.place.placeID.hasPrefix("kakao:") },
            "\(harness.text)")
        for _ in 0..<index { harness.press("down") }
        let chosen = try #require(harness.app.placePicker?.state.selectedRow?.place)
        harness.press("enter")
        #expect(harness.app.feed.state.attachedPlace?.placeID == chosen.placeID)
        harness.press("enter")
        let thread = try world.services.tweets.thread(of: parent, viewer: try world.services.session()).rows
        let reply = try #require(thread.first { $0.caption == "coffee here" }, "the reply was stored")
        #expect(reply.replyTo != nil)
        #expect(reply.placeID == chosen.placeID)
        #expect(reply.place?.source == "kakao" && reply.place?.placeName == chosen.name)
        #expect(reply.place?.coordinate != nil && reply.place?.roadAddress == chosen.info?.roadAddress)
    }

    @Test func anEditKeepsItsPostsPlaceAndSaysSo() throws {
        let (_, harness) = try composing("my own post")
        harness.press("enter")
        harness.press("e")
        #expect(harness.app.feed.state.editingPostID != nil)
        harness.press("ctrl-p")
        #expect(harness.app.placePicker == nil)
        #expect(harness.line(containing: "an edit keeps the post's place") != nil, "\(harness.text)")
    }

    @Test(arguments: [(20, 6), (12, 4), (30, 3), (8, 2)]) func aTinyTerminalDrawsThePickerWithoutCrashing(
        width: Int, height: Int
    ) throws {
        let (world, harness) = try composing("tiny", width: width, height: height)
        harness.press("ctrl-p")
        harness.type("seoul")
        _ = harness.text
        harness.press("down")
        harness.press("enter")
        #expect(harness.app.placePicker == nil)
        harness.press("enter")
        #expect(try stored("tiny", in: world).placeID == "1835848")
    }
}
