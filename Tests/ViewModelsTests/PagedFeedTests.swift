import Domain
import Foundation
import Testing

@testable import ViewModels

/// The feed read a window at a time: every post reachable, the window bounded, the
/// selection kept on its post, the position counted in the whole feed.
@Suite struct PagedFeedTests {
    static let postCount = 45

    /// A world with an author and `postCount` posts `post 0` (oldest) … `post 44`, and a
    /// signed-in reader; the feed reads pages of 5 and holds at most 15 posts.
    func world() throws -> (World, User, Session, FeedViewModel) {
        let world = try World()
        let author = try world.otherUser("author")
        for index in 0..<Self.postCount {
            try world.services.tweets.post("post \(index)", session: author)
            Thread.sleep(forTimeInterval: 0.001)
        }
        let reader = try world.signUp("reader", displayName: "Reader")
        let model = FeedViewModel(feed: world.adapters, events: world.events, pageSize: 5)
        model.setUser(reader.id)
        return (world, reader, author, model)
    }

    func caption(_ model: FeedViewModel) -> String? { model.state.selectedRow?.caption }

    @Test func walkingDownReachesTheOldestPostHoldingAtMostAWindow() throws {
        let (world, _, _, model) = try world()
        defer { withExtendedLifetime(world) {} }
        #expect(model.state.position == ListPosition(index: 0, total: Self.postCount))
        #expect(model.state.rows.count == 10, "two pages to start")
        var seen: [String] = []
        for step in 0..<Self.postCount {
            #expect(model.state.position.index == step)
            seen.append(caption(model) ?? "")
            #expect(model.state.rows.count <= model.paged.maxRows)
            model.moveSelection(by: 1)
        }
        #expect(seen == (0..<Self.postCount).reversed().map { "post \($0)" }, "every post once, newest first")
        #expect(caption(model) == "post 0")
        #expect(model.state.position.text == "45 / 45")
    }

    @Test func bigGReadsTheTrueLastPostAndLittleGTheFirst() throws {
        let (world, _, _, model) = try world()
        defer { withExtendedLifetime(world) {} }
        let toasts = Recorder<Toast>()
        model.onToast = toasts.record
        model.selectLast()
        #expect(toasts.values.isEmpty)
        #expect(caption(model) == "post 0")
        #expect(model.state.position == ListPosition(index: Self.postCount - 1, total: Self.postCount))
        #expect(model.state.rows.count <= model.paged.maxRows)
        #expect(model.state.list.selected == model.state.rows.count - 1)
        model.selectFirst()
        #expect(caption(model) == "post 44")
        #expect(model.state.position.index == 0)
    }

    @Test func walkingUpFromTheEndCountsDownToTheNewest() throws {
        let (world, _, _, model) = try world()
        defer { withExtendedLifetime(world) {} }
        model.selectLast()
        for step in (0..<Self.postCount).reversed() {
            #expect(model.state.position.index == step)
            #expect(caption(model) == "post \(Self.postCount - 1 - step)")
            #expect(model.state.rows.count <= model.paged.maxRows)
            model.moveSelection(by: -1)
        }
        #expect(caption(model) == "post 44")
    }

    @Test func pageKeysCrossWindowEdgesBothWays() throws {
        let (world, _, _, model) = try world()
        defer { withExtendedLifetime(world) {} }
        model.rowsInView = 16  // four posts a page
        for _ in 0..<8 { model.pageDown() }
        #expect(model.state.position.index == 32)
        #expect(caption(model) == "post 12")
        for _ in 0..<8 { model.pageUp() }
        #expect(model.state.position.index == 0)
        #expect(caption(model) == "post 44")
    }

    @Test func theSelectionStaysOnItsPostWhenANewOneArrivesOnTopDeepInTheList() throws {
        let (world, _, author, model) = try world()
        defer { withExtendedLifetime(world) {} }
        for _ in 0..<20 { model.moveSelection(by: 1) }
        #expect(caption(model) == "post 24")
        try world.services.tweets.post("newest", session: author)
        world.settle()
        #expect(caption(model) == "post 24")
        #expect(model.state.position == ListPosition(index: 21, total: Self.postCount + 1))
    }

    @Test func aDeletedPostLeavesTheSelectionAtItsPlace() throws {
        let (world, _, _, model) = try world()
        defer { withExtendedLifetime(world) {} }
        for _ in 0..<20 { model.moveSelection(by: 1) }
        let deleted = try #require(model.state.selectedRow)
        try world.services.store.document("tweets/\(deleted.id)").delete()
        world.settle()
        #expect(caption(model) == "post 23")
        #expect(model.state.position == ListPosition(index: 20, total: Self.postCount - 1))
    }

    @Test func aPostYouWriteIsSelectedAndInViewFromDeepInTheList() throws {
        let (world, _, _, model) = try world()
        defer { withExtendedLifetime(world) {} }
        model.selectLast()
        model.startCompose()
        model.editCompose(.insert("hello from the end"))
        model.submitCompose()
        world.settle()
        #expect(caption(model) == "hello from the end")
        #expect(model.state.position == ListPosition(index: 0, total: Self.postCount + 1))
        #expect(model.state.list.offset == 0)
    }

    @Test func theLikedViewReachesItsOldestLike() throws {
        let (world, reader, _, model) = try world()
        defer { withExtendedLifetime(world) {} }
        let session = try #require(try world.services.session())
        #expect(session.uid == reader.id)
        let posts = try world.services.tweets.page(.all, limit: 12, viewer: session).posts
        for post in posts.reversed() {
            try world.services.tweets.like(tweetID: post.id, session: session)
            Thread.sleep(forTimeInterval: 0.001)
        }
        model.toggleMode()
        model.toggleMode()
        #expect(model.state.position == ListPosition(index: 0, total: 12))
        model.selectLast()
        #expect(caption(model) == "post 33", "the first post liked is the last of the Liked view")
        #expect(model.state.position.index == 11)
    }
}
