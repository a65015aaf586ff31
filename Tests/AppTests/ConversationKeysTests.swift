import Domain
import Foundation
import Testing

@testable import App

/// The conversations' keys in the interface, on the embedded store: `t` reposts and `b`
/// bookmarks the selected post, drawn on its line at once and kept by the store; `f` on an
/// author's profile follows, with the follower count; signed out, each says how to sign in.
@Suite struct ConversationKeysTests {
    @Test func repostAndBookmarkKeysMarkThePostAndTheStoreKeepsThem() throws {
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "New Comer")
        let harness = world.harness(width: 140, height: 24)
        harness.press("3")
        let selected = try #require(harness.app.feed.state.selectedRow)
        harness.press("t")
        harness.press("b")
        harness.settle()
        let row = try #require(harness.app.feed.state.selectedRow)
        #expect(row.didRepost && row.didBookmark && row.reposts == selected.reposts + 1)
        let counts = "↻ \(selected.reposts + 1)  ↩ \(selected.replies)  ⚑"
        #expect(harness.line(containing: counts) != nil, "\(harness.lines)")
        let session = try world.services.session()
        let stored = try #require(try world.services.tweets.post(id: selected.id, viewer: session))
        #expect(stored.didRepost && stored.didBookmark && stored.reposts == selected.reposts + 1)
        #expect(try world.services.tweets.page(.bookmarks, viewer: session).posts.map(\.id) == [selected.id])
        harness.press("t")
        harness.settle()
        #expect(try world.services.tweets.post(id: selected.id, viewer: session)?.didRepost == false)
        harness.resize(width: 140, height: 50)  // the whole overlay in view
        harness.press("?")
        #expect(harness.line(containing: "repost") != nil && harness.line(containing: "bookmark") != nil)
    }

    @Test func followKeyOnAnAuthorsProfileFollowsAndCounts() throws {
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "New Comer")
        let harness = world.harness(width: 140, height: 24)
        harness.press("3")
        harness.press("enter")
        let author = try #require(harness.app.author)
        let before = try #require(author.state.user?.followersCount)
        #expect(harness.line(containing: "Not following") != nil)
        harness.press("F")
        harness.settle()
        #expect(author.state.isFollowed == true)
        #expect(harness.line(containing: "\(before + 1) followers") != nil, "\(harness.lines)")
        #expect(harness.line(containing: "Following") != nil)
        let session = try #require(try world.services.session())
        #expect(try world.services.follows.isFollowing(author.state.uid, by: session.uid))
        harness.press("F")
        harness.settle()
        #expect(harness.line(containing: "\(before) followers") != nil)
        #expect(try world.services.follows.isFollowing(author.state.uid, by: session.uid) == false)
    }

    @Test func signedOutTheKeysSayHowToSignIn() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 140, height: 24)
        harness.press("3")
        harness.press("t")
        #expect(harness.lines[23].contains("Sign in") && harness.lines[23].contains("repost"))
        harness.press("enter")
        harness.press("F")
        #expect(harness.lines[23].contains("Sign in") && harness.lines[23].contains("follow"))
        #expect(harness.app.author?.state.isFollowed == nil)
    }
}
