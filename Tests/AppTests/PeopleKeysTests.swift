import App
import Domain
import Foundation
import Localization
import TerminalUI
import Testing
import ViewModels

/// People in the interface, through the real keymap on an in-memory terminal: an `@name` of
/// an account is drawn as a mention and `m` opens that profile; `M` on an author's profile
/// mutes them, and their posts leave the Feed.
@Suite struct PeopleKeysTests {
    @Test func aMentionIsDrawnAsOneAndMOpensTheProfile() throws {
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "New Comer")
        let session = try world.services.session()
        try world.services.tweets.writePost(
            "lunch with @seoyeon and @nobody_here", id: "mention-1", placeID: nil, session: session)
        let harness = world.harness(width: 80, height: 24)
        harness.press("3")
        #expect(harness.app.feed.state.selectedRow?.id == "mention-1")
        #expect(harness.app.feed.state.selectedRow?.mentions.map(\.username) == ["seoyeon"])
        expectGolden(harness, "feed-mention")
        let row = try #require(harness.lines.firstIndex { $0.contains("lunch with @seoyeon") })
        let mention = try #require(harness.lines[row].range(of: "@seoyeon"))
        let column = harness.lines[row].distance(from: harness.lines[row].startIndex, to: mention.lowerBound)
        #expect(harness.screen[row, column + 1].style.underline, "an account's @name is a mention")
        let unknown = try #require(harness.lines[row].range(of: "@nobody_here"))
        let plain = harness.lines[row].distance(from: harness.lines[row].startIndex, to: unknown.lowerBound)
        #expect(!harness.screen[row, plain + 1].style.underline, "a name nobody has is plain text")
        harness.press("m")
        #expect(harness.app.author?.state.user?.username == "seoyeon")
        #expect(harness.line(containing: "@seoyeon") != nil)
    }

    @Test func mOnAnAuthorsProfileMutesAndTheirPostsLeaveTheFeed() throws {
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "New Comer")
        let harness = world.harness(width: 80, height: 24)
        harness.press("3")
        let author = try #require(harness.app.feed.state.selectedRow?.uid)
        harness.press("enter")
        harness.press("M")
        harness.settle()
        #expect(harness.app.author?.state.isMuted == true)
        #expect(harness.line(containing: "Muted") != nil, "\(harness.lines)")
        let session = try #require(try world.services.session())
        #expect(try world.services.mutes.mutedIDs(of: session.uid) == [author])
        harness.press("esc")
        harness.settle()
        #expect(!harness.app.feed.state.rows.contains { $0.uid == author }, "a muted person's posts leave the Feed")
        // Their profile still opens (here as a mention or a search would open it) and unmutes.
        harness.app.openProfile(uid: author)
        harness.settle()
        harness.press("M")
        harness.settle()
        #expect(try world.services.mutes.mutedIDs(of: session.uid).isEmpty)
        harness.press("esc")
        harness.settle()
        #expect(harness.app.feed.state.rows.contains { $0.uid == author })
    }

    @Test func signedOutMSaysHowToSignIn() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24)
        harness.press("3")
        harness.press("enter")
        harness.press("M")
        #expect(harness.lines[23].contains("Sign in") && harness.lines[23].contains("mute"))
    }
}
