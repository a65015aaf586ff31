import Domain
import Foundation
import Testing

@testable import ViewModels

/// Unliking in the Liked view takes the post out with an undo offer; undo likes it again
/// with its old time, so it is back where it was, selected, and every counter is exact.
@Suite struct LikedUndoTests {
    /// A reader who liked `post 0` … `post 5` in that order (so `post 5` is the newest like),
    /// with the Liked view open; pages of 2 so the view reads on.
    func world() throws -> (World, Session, [FeedPost], FeedViewModel) {
        let world = try World()
        let author = try world.otherUser("author")
        var posts: [FeedPost] = []
        for index in 0..<6 { posts.append(try world.services.tweets.post("post \(index)", session: author)) }
        let reader = try world.signUp("reader", displayName: "Reader")
        let session = try #require(try world.services.session())
        for post in posts {
            try world.services.tweets.like(tweetID: post.id, session: session)
            Thread.sleep(forTimeInterval: 0.002)
        }
        let model = FeedViewModel(feed: world.adapters, events: world.events, pageSize: 2)
        model.setUser(reader.id)
        model.toggleMode()
        model.toggleMode()
        return (world, session, posts, model)
    }

    func captions(_ model: FeedViewModel) -> [String] { model.state.rows.map(\.caption) }

    @Test func undoPutsTheUnlikedPostBackWhereItWasSelectedWithExactCounts() throws {
        let (world, session, _, model) = try world()
        defer { withExtendedLifetime(world) {} }
        let toasts = Recorder<Toast>()
        model.onToast = toasts.record
        model.moveSelection(by: 2)
        let row = try #require(model.state.selectedRow)
        #expect(row.caption == "post 3")
        let likedAt = try world.services.tweets.likedAt(among: [row.id], uid: session.uid)[row.id]
        model.toggleLike()
        #expect(!captions(model).contains("post 3"), "the unliked post leaves the Liked view")
        #expect(model.state.position.total == 5)
        #expect(model.state.undoable?.id == row.id)
        #expect(toasts.values.last?.message == "Unliked @author's post · u undo")
        #expect(try world.services.tweets.post(id: row.id, viewer: session)?.likes == 0)

        model.moveSelection(by: 1)
        model.undoUnlike()
        #expect(captions(model).prefix(4) == ["post 5", "post 4", "post 3", "post 2"], "back in its place")
        #expect(model.state.selectedRow?.id == row.id, "and selected")
        #expect(model.state.selectedRow?.didLike == true)
        #expect(model.state.selectedRow?.likes == 1)
        #expect(model.state.position == ListPosition(index: 2, total: 6))
        #expect(model.state.undoable == nil, "nothing left to undo")
        let post = try #require(try world.services.tweets.post(id: row.id, viewer: session))
        #expect(post.likes == 1, "the counter is exact: one like, not two")
        #expect(
            try world.services.tweets.likedAt(among: [row.id], uid: session.uid)[row.id] == likedAt,
            "liked at its old time")
    }

    @Test func undoStaysOfferedUntilUsedOrReplacedAndOnlyInTheLikedView() throws {
        let (world, _, _, model) = try world()
        defer { withExtendedLifetime(world) {} }
        model.toggleLike()
        model.toggleLike()
        #expect(model.state.undoable?.caption == "post 4", "the latest unlike is the one undone")
        model.undoUnlike()
        #expect(captions(model).first == "post 4")
        #expect(model.state.position.total == 5)
        model.toggleMode()
        model.toggleMode()
        #expect(model.state.mode == .all)
        model.select(0)
        model.toggleLike()
        #expect(model.state.undoable == nil, "unliking in All leaves the post in the list: nothing to undo")
    }

    @Test func undoAfterTheWindowMovedOnStillFindsItsPlace() throws {
        let (world, _, _, model) = try world()
        defer { withExtendedLifetime(world) {} }
        model.selectLast()
        #expect(model.state.selectedRow?.caption == "post 0")
        model.toggleLike()
        #expect(model.state.position.total == 5)
        model.selectFirst()
        model.selectLast()
        model.undoUnlike()
        #expect(model.state.selectedRow?.caption == "post 0")
        #expect(model.state.position == ListPosition(index: 5, total: 6))
    }
}
