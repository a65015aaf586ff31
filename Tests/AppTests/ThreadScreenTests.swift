import App
import Domain
import Foundation
import Localization
import TerminalUI
import Testing
import ViewModels

/// Replies and threads in the interface, through the real keymap on an in-memory terminal:
/// `o` opens a post's thread (its parents, the post, its replies), `r` writes a reply whose
/// compose title says whom it answers, a deleted parent shows as `(deleted post)`.
@Suite struct ThreadScreenTests {
    /// A sample post answered by the newcomer (`reply-a`), answered twice in turn.
    func world() throws -> (AppWorld, root: FeedPost) {
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "New Comer")
        let session = try world.services.session()
        let root = try #require(try world.services.tweets.page(.all, limit: 1, viewer: nil).posts.first)
        let tweets = world.services.tweets
        try tweets.writeReply("an answer", id: "reply-a", to: root.id, session: session)
        try tweets.writeReply("an answer to the answer", id: "reply-b", to: "reply-a", session: session)
        try tweets.writeReply("a second thought", id: "reply-c", to: "reply-a", session: session)
        return (world, root)
    }

    func select(_ id: String, in harness: AppHarness) throws {
        let index = try #require(harness.app.feed.state.rows.firstIndex { $0.id == id })
        for _ in 0..<index { harness.press("j") }
        #expect(harness.app.feed.state.selectedRow?.id == id)
    }

    @Test(arguments: [(80, 24), (120, 40)]) func oOpensTheThreadAndRReplies(width: Int, height: Int) throws {
        let (world, root) = try world()
        let harness = world.harness(width: width, height: height)
        harness.press("3")
        try select("reply-a", in: harness)
        #expect(harness.line(containing: "↳ @" + root.username) != nil)
        harness.press("o")
        let thread = try #require(harness.app.thread)
        #expect(thread.state.rows.map(\.id) == [root.id, "reply-a", "reply-b", "reply-c"])
        #expect(thread.state.selectedRow?.id == "reply-a", "the thread opens on its post")
        #expect(harness.line(containing: "Thread") != nil)
        #expect(harness.lines[height - 1].hasPrefix("Esc back  l like  r reply  o thread"))
        expectGolden(harness, "thread")

        harness.press("r")
        #expect(harness.line(containing: "Reply to @newcomer") != nil)
        harness.type("one more")
        harness.press("enter")
        #expect(thread.state.rows.map(\.caption).last == "one more")
        #expect(thread.state.rows.first { $0.id == "reply-a" }?.replies == 3)
        harness.press("esc")
        #expect(harness.app.thread == nil)
        #expect(harness.app.feed.state.selectedRow?.id == "reply-a", "back on the same post")
    }

    @Test func aDeletedParentShowsAsDeletedInBothLanguages() throws {
        let (world, _) = try world()
        try world.services.tweets.writeDelete(tweetID: "reply-a", session: try world.services.session())
        let harness = world.harness(width: 80, height: 24)
        harness.press("3")
        try select("reply-b", in: harness)
        harness.press("o")
        let thread = try #require(harness.app.thread)
        #expect(thread.state.rows.map(\.id) == ["reply-a", "reply-b"])
        #expect(thread.state.rows[0].isDeleted)
        #expect(harness.line(containing: "(deleted post)") != nil)
        harness.press("k")
        harness.press("l")
        harness.press("r")
        #expect(thread.state.compose == nil && !thread.state.rows[0].didLike, "no key acts on a deleted post")
        #expect(Language.$scoped.withValue(.ko) { tr(.threadDeletedPost) } == "(삭제된 게시물)")
    }

    @Test func signedOutRIsRefusedWithTheSignInLine() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24)
        harness.press("3")
        harness.press("r")
        #expect(harness.app.feed.state.compose == nil)
        #expect(harness.lines[23].contains("Sign in"))
    }
}
