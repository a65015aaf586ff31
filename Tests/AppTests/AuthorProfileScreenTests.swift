import App
import Domain
import Foundation
import TerminalUI
import Testing
import ViewModels

/// An author's profile opened from the Feed, and editing and deleting one's own posts,
/// through the real keymap on an in-memory terminal.
@Suite struct AuthorProfileScreenTests {
    static let sizes = [(80, 24), (120, 40)]

    @Test(arguments: sizes) func enterOnAPostOpensItsAuthorsProfile(width: Int, height: Int) throws {
        let world = try AppWorld()
        let harness = world.harness(width: width, height: height)
        harness.press("3")
        harness.press("j")
        let selected = try #require(harness.app.feed.state.selectedRow)
        harness.press("enter")
        let author = try #require(harness.app.author)
        #expect(author.state.user?.id == selected.uid)
        #expect(author.posts.state.rows.allSatisfy { $0.uid == selected.uid })
        #expect(harness.line(containing: "@" + selected.username) != nil)
        #expect(harness.lines[height - 1].hasPrefix("Esc back  f folders/posts  l like  e edit  d delete"))
        expectGolden(harness, "author-profile")
        harness.press("j")
        harness.press("l")
        #expect(author.posts.state.rows[author.posts.state.selected].didLike == false, "signed out: nothing is liked")
        #expect(harness.lines[height - 1].contains("Sign in"))
        harness.press("esc")
        #expect(harness.app.author == nil)
        #expect(harness.app.feed.state.selectedRow?.id == selected.id, "back on the same post")
    }

    // h29others: `f` lists the person's shared folders; signed out, a line says why none show.
    @Test func signedOutTheFoldersOfAProfileAskToSignIn() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24)
        harness.press("3")
        harness.press("enter")
        let author = try #require(harness.app.author)
        #expect(harness.lines[23].contains("f folders/posts"), "the footer names the key")
        harness.press("f")
        #expect(author.state.showsFolders)
        #expect(harness.line(containing: "Sign in to see the folders people share.") != nil)
        #expect(harness.line(containing: "Shared folders (0)") != nil)
        harness.press("f")
        #expect(!author.state.showsFolders, "f shows the posts again")
    }

    @Test func ownPostsAreEditedAndDeletedWithAConfirmation() throws {
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "New Comer")
        try world.services.tweets.post("first words", session: world.services.session())
        let harness = world.harness(width: 80, height: 24)
        harness.press("3")
        #expect(harness.app.feed.state.selectedRow?.caption == "first words")
        harness.press("e")
        #expect(harness.line(containing: "Edit post") != nil)
        harness.type(" again")
        harness.press("enter")
        #expect(harness.app.feed.state.selectedRow?.caption == "first words again")
        #expect(harness.line(containing: "first words again") != nil)
        world.clock.advance(by: 4)
        harness.settle()
        harness.press("d")
        #expect(harness.lines[23].hasPrefix("Delete this post? Its likes go with it."))
        #expect(harness.lines[23].contains("y yes") && harness.lines[23].contains("n/Esc no"))
        #expect(harness.line(containing: "  first words again") != nil)
        harness.press("esc")
        #expect(harness.app.feed.state.rows.contains { $0.caption == "first words again" })
        harness.press("d")
        harness.press("y")
        #expect(!harness.app.feed.state.rows.contains { $0.caption == "first words again" })
        #expect(harness.lines[23].contains("Post deleted"))
        // Someone else's post: refused with the reason.
        harness.press("e")
        #expect(harness.lines[23].contains("you can only edit your own posts"))
    }

    @Test func noPostShowsABareAt() throws {
        let world = try AppWorld()
        // Old data: a post whose author has no names.
        try world.services.store.document("users/ghost").setData([
            "id": "ghost", "email": "", "displayName": "", "username": "",
            "bio": "", "avatarPath": "", "followersCount": 0,
            "followingCount": 0, "createdOn": .serverTimestamp,
            "isUserOnboarded": false,
        ])
        try world.services.store.document("tweets/ghost-post").setData([
            "caption": "from nowhere", "uid": "ghost", "likes": 0,
            "timestamp": .timestamp(AppWorld.now),
        ])
        let harness = world.harness(width: 80, height: 24)
        harness.press("3")
        let header = try #require(harness.lines.firstIndex { $0.contains("from nowhere") }) - 1
        // After the face's badge (four columns and a space).
        #expect(harness.lines[header].dropFirst(5).hasPrefix("(no display name) · "), "\(harness.lines[header])")
        #expect(!harness.text.contains(" @ "))
    }
}
