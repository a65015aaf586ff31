import App
import Domain
import Foundation
import Testing
import ViewModels

/// The feed of a far store whose reads wait at a gate until the test opens it; writes pass.
final class GatedFeed: FeedPort, @unchecked Sendable {
    // @unchecked: its fields never change; `Gate` locks its own state.
    private let port: FeedPort
    private let gate = Gate()

    init(_ port: FeedPort) { self.port = port }

    func close() { gate.close() }
    func open() { gate.open() }

    /// Whether a read is waiting at the gate (within a few seconds).
    func hasReaderWaiting() -> Bool { gate.hasCallerWaiting() }

    private func pass() { gate.pass() }

    func observeFeed(
        _ kind: FeedKind, viewer: String?, limit: Int, _ onChange: @escaping ([FeedPost]) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        pass()
        return try port.observeFeed(kind, viewer: viewer, limit: limit, onChange, onError: onError)
    }

    func observeFeedWindow(
        _ kind: FeedKind, viewer: String?, after position: FeedPosition?, limit: Int,
        _ onChange: @escaping (FeedPage) -> Void, onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        pass()
        return try port.observeFeedWindow(
            kind, viewer: viewer, after: position, limit: limit, onChange, onError: onError)
    }

    func observeFeedCount(
        _ kind: FeedKind, viewer: String?, _ onChange: @escaping (Int) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        pass()
        return try port.observeFeedCount(kind, viewer: viewer, onChange, onError: onError)
    }

    func feedRows(_ kind: FeedKind, viewer: String?, before position: FeedPosition?, limit: Int) throws -> [FeedPost] {
        pass()
        return try port.feedRows(kind, viewer: viewer, before: position, limit: limit)
    }

    func feedCount(_ kind: FeedKind, viewer: String?) throws -> Int {
        pass()
        return try port.feedCount(kind, viewer: viewer)
    }

    func feedCount(_ kind: FeedKind, viewer: String?, before position: FeedPosition) throws -> Int {
        pass()
        return try port.feedCount(kind, viewer: viewer, before: position)
    }

    func write(_ intent: WriteIntent, uid: String) throws { try port.write(intent, uid: uid) }
    func restoreLike(tweetID: String, likedAt: Date, uid: String) throws {
        try port.restoreLike(tweetID: tweetID, likedAt: likedAt, uid: uid)
    }
    func post(_ text: String, place: PlaceInfo?, uid: String) throws -> Tweet {
        try port.post(text, place: place, uid: uid)
    }

    // search: the people search waits at the gate too.
    func searchPeople(_ query: String, limit: Int) throws -> [User] {
        pass()
        return try port.searchPeople(query, limit: limit)
    }
}

/// On a team server the interface never waits for a read: starting a subscription (`v`)
/// and reading past the feed's window (`G`) run on workers while keys are answered, and the
/// rows arrive through the event queue when the server answers.
@Suite struct OffLoopReadsTests {
    /// The app on worker threads over `world`'s store, the feed's reads behind a gate.
    func farApp(_ world: AppWorld) -> (AppHarness, GatedFeed) {
        let feed = GatedFeed(world.adapters)
        var services = ScreenServices(
            places: world.places, accounts: world.adapters, favorites: world.adapters, feed: feed)
        services.isStoreRemote = true
        let harness = AppHarness(
            width: 80, height: 24, services: services, now: world.clock.read, events: world.events,
            work: LaneWorkExecutor())
        harness.keepsAlive = world
        return (harness, feed)
    }

    @Test func vSwitchesViewsWhileTheServerHoldsTheReadAndKeysAreAnswered() throws {
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "New Comer")
        let (harness, feed) = farApp(world)
        let feedModel = harness.app.feed
        #expect(harness.settled { feedModel.state.isLoaded && feedModel.paged.isSubscribed })
        harness.press("3")
        harness.press("v")
        #expect(harness.settled { feedModel.state.isLoaded })
        feed.close()
        harness.press("v")
        #expect(feed.hasReaderWaiting(), "the Liked view's subscription waits on a worker")
        #expect(harness.lines[1].contains("Feed · Liked"))
        #expect(harness.line(containing: "Loading…") != nil)
        harness.press("?")
        #expect(harness.app.state.isHelpVisible, "keys are answered while the server holds the read")
        harness.press("esc")
        harness.press("1")
        #expect(harness.app.state.tab == .places)
        harness.press("3")
        feed.open()
        #expect(harness.settled { feedModel.state.isLoaded && feedModel.paged.isSubscribed })
        #expect(harness.line(containing: "No liked posts yet") != nil)
    }

    @Test func gPastTheWindowShowsLoadingAndKeysAreAnsweredUntilTheLastPostArrives() throws {
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "New Comer")
        let session = try #require(try world.services.session())
        for index in 0..<210 { try world.services.tweets.post("post \(index)", session: session) }
        let (harness, feed) = farApp(world)
        let feedModel = harness.app.feed
        #expect(harness.settled { feedModel.state.isLoaded && feedModel.state.position.total > 210 })
        harness.press("3")
        #expect(!feedModel.paged.isLoadingPage && harness.line(containing: "loading…") == nil)
        feed.close()
        harness.press("G")
        #expect(feed.hasReaderWaiting(), "the last page is read on a worker")
        #expect(harness.line(containing: "loading…") != nil, "the list says a page is on its way")
        let selected = feedModel.state.list.selected
        harness.press("j")
        #expect(feedModel.state.list.selected == selected + 1, "keys are answered while the page is read")
        feed.open()
        let total = feedModel.state.position.total
        #expect(harness.settled { feedModel.state.position.index == total - 1 && !feedModel.paged.isLoadingPage })
        #expect(harness.line(containing: "loading…") == nil)
    }

    // search: typing into the people search never waits for the server, and the newest query wins.
    @Test func thePeopleSearchIsTypedWhileTheServerHoldsItsReadAndTheNewestQueryWins() throws {
        let world = try AppWorld()
        let (harness, feed) = farApp(world)
        let feedModel = harness.app.feed
        #expect(harness.settled { feedModel.state.isLoaded && feedModel.paged.isSubscribed })
        harness.press("3")
        feed.close()
        harness.press("/")
        #expect(feed.hasReaderWaiting(), "the search reads on a worker")
        harness.type("ㅂ")
        harness.press("ctrl-u")
        harness.type("ㅅㅇ")
        let search = try #require(harness.app.people)
        #expect(search.state.query.text == "ㅅㅇ", "keys are answered while the server holds the read")
        #expect(harness.line(containing: "Loading…") != nil, "\(harness.text)")
        feed.open()
        #expect(harness.settled { search.state.isAnswered && search.state.people.map(\.username) == ["seoyeon"] })
        #expect(harness.line(containing: "@seoyeon  김서연") != nil, "\(harness.text)")
    }
}
