import Domain
import Foundation
import Testing

@testable import ViewModels

/// A place's posts (`p` on its detail): a feed fixed to the place, with the Feed's rows and
/// keys, listing only the posts about it, newest first, live when one about it arrives.
@Suite struct PlacePostsFeedTests {
    static let busan = "1838524"
    static let seoul = "1835848"

    /// Posts about Busan and Seoul, interleaved, by one author; a signed-in reader.
    func world() throws -> (World, Session, User) {
        let world = try World()
        let author = try world.otherUser("author")
        for (caption, place) in [
            ("busan one", Self.busan), ("seoul one", Self.seoul), ("nowhere", nil), ("busan two", Self.busan),
        ] {
            try world.services.tweets.post(caption, placeID: place, session: author)
            Thread.sleep(forTimeInterval: 0.002)
        }
        let reader = try world.signUp("reader", displayName: "Reader")
        return (world, author, reader)
    }

    @Test func onlyThePlacesPostsNewestFirst() throws {
        let (world, _, reader) = try world()
        let model = FeedViewModel(feed: world.adapters, placeOf: Self.busan)
        model.setUser(reader.id)
        #expect(model.state.rows.map(\.caption) == ["busan two", "busan one"])
        #expect(model.state.position.total == 2)
        #expect(model.state.mode == .all, "a place's posts have no views of their own")
        model.toggleMode()
        #expect(model.state.rows.map(\.caption) == ["busan two", "busan one"], "v changes nothing here")

        let seoul = FeedViewModel(feed: world.adapters, placeOf: Self.seoul)
        seoul.setUser(nil)
        #expect(seoul.state.rows.map(\.caption) == ["seoul one"], "signed out too")
        let none = FeedViewModel(feed: world.adapters, placeOf: "9999999")
        none.setUser(reader.id)
        #expect(none.state.isLoaded && none.state.rows.isEmpty)
    }

    @Test func aPostAboutThePlaceArrivesLiveAndOthersDoNot() throws {
        let (world, author, reader) = try world()
        let model = FeedViewModel(feed: world.adapters, placeOf: Self.busan)
        model.setUser(reader.id)
        Thread.sleep(forTimeInterval: 0.002)
        try world.services.tweets.post("seoul two", placeID: Self.seoul, session: author)
        try world.services.tweets.post("busan three", placeID: Self.busan, session: author)
        #expect(model.state.rows.map(\.caption) == ["busan three", "busan two", "busan one"])
        #expect(model.state.position.total == 3)
    }

    @Test func theFeedsKeysActOnThePlacesPosts() throws {
        let (world, _, reader) = try world()
        let model = FeedViewModel(feed: world.adapters, placeOf: Self.busan)
        model.setUser(reader.id)
        model.toggleLike()
        #expect(model.state.rows[0].didLike && model.state.rows[0].likes == 1)
        model.toggleMark(.bookmark)
        #expect(model.state.rows[0].didBookmark)
        let liked = try world.services.tweets.page(.liked, viewer: try world.services.session()).posts
        #expect(liked.map(\.caption) == ["busan two"])
    }
}
