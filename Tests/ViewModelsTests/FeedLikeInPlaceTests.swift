import Domain
import Foundation
import Testing

@testable import ViewModels

/// A heart changes one row: the store's answer makes that post's row again, not the
/// window's hundreds, and the rest of the window stays as it was (names that changed since
/// included).
@Suite struct FeedLikeInPlaceTests {
    /// An author with 40 posts and a signed-in reader whose feed holds them all (pages of 20).
    func world() throws -> (World, Session, FeedViewModel) {
        let world = try World()
        let author = try world.otherUser("author")
        for index in 0..<40 { try world.services.tweets.post("post \(index)", session: author) }
        let reader = try world.signUp("reader", displayName: "Reader")
        let model = FeedViewModel(feed: world.adapters, events: world.events, pageSize: 20)
        model.setUser(reader.id)
        return (world, author, model)
    }

    @Test func aLikeMakesOnlyItsRowAgain() throws {
        let (world, _, model) = try world()
        defer { withExtendedLifetime(world) {} }
        #expect(model.state.rows.count == 40)
        model.select(5)
        let before = world.services.tweets.rowsMade
        model.toggleLike()
        #expect(model.state.rows[5].didLike)
        #expect(model.state.rows[5].likes == 1)
        // The like reads nothing back; the window's update makes its one row again.
        #expect(world.services.tweets.rowsMade - before == 1, "one row made again, not the window of 40")
        model.toggleLike()
        #expect(!model.state.rows[5].didLike)
        #expect(model.state.rows[5].likes == 0)
        #expect(model.state.rows.map(\.caption) == (0..<40).reversed().map { "post \($0)" })
    }

    @Test func anEditedPostChangesInPlaceAndADeletedOneLeaves() throws {
        let (world, author, model) = try world()
        defer { withExtendedLifetime(world) {} }
        let id = model.state.rows[3].id
        try world.services.tweets.edit(tweetID: id, text: "edited", session: author)
        #expect(model.state.rows[3].caption == "edited")
        try world.services.tweets.delete(tweetID: id, session: author)
        #expect(!model.state.rows.contains { $0.id == id })
        #expect(model.state.rows.count == 39)
    }

    @Test func aRenameStaysWhenALikeRemakesAnotherRow() throws {
        let (world, author, model) = try world()
        defer { withExtendedLifetime(world) {} }
        try world.services.users.updateProfile(
            ProfileEdit(displayName: "Renamed", username: "renamed"), session: author)
        #expect(model.state.rows.allSatisfy { $0.displayName == "Renamed" })
        model.select(7)
        model.toggleLike()
        #expect(model.state.rows[7].didLike)
        #expect(
            model.state.rows.allSatisfy { $0.displayName == "Renamed" && $0.username == "renamed" },
            "rows not made again keep the new name")
    }
}
