import App
import Foundation
import TerminalUI
import Testing
import ViewModels

/// The input rough edges, through the real keymap and screen: line breaks in a post, Ctrl-W
/// in every field, the search history, e/d on the Profile tab's posts, clicks on a scrolled form.
@Suite struct InputEdgesTests {
    @Test func altEnterAndCtrlJBreakTheLineAndEnterPostsItWithItsLines() throws {
        let (world, harness) = try ScreenScript(newcomer: "Keeper", .press("3"), .press("n")).run(width: 80, height: 24)
        harness.type("first line")
        harness.press("alt-enter")
        harness.type("second")
        harness.press("ctrl-j")
        harness.type("third")
        #expect(harness.app.feed.state.compose?.text == "first line\nsecond\nthird")
        #expect(harness.lines[2].hasPrefix("New post first line"), "\(harness.text)")
        #expect(harness.lines[3].contains("second"))
        #expect(harness.lines[4].contains("third"))
        #expect(harness.backend.cursor == Position(row: 4, column: 14), "the cursor ends the third line")
        #expect(harness.lines[5].contains("257 characters left"), "the two line breaks count")
        harness.press("enter")
        #expect(harness.app.feed.state.compose == nil, "Enter still posts")
        let stored = try world.services.tweets.page(.all, limit: 1, viewer: world.services.session()).posts[0]
        #expect(stored.caption == "first line\nsecond\nthird")
        let header = try #require(harness.lines.firstIndex { $0.contains(" Keeper @newcomer") })
        #expect(
            Array(harness.lines[(header + 1)...(header + 3)]).map { $0.trimmingCharacters(in: .whitespaces) }
                == ["first line", "second", "third"], "the feed shows the post's lines")
    }

    /// A bracketed paste is one edit of the focused field, its keys never read as keys; with
    /// no field focused it does nothing (a pasted `2q` neither changes tab nor quits).
    @Test func aPasteIsOneEditAndNeverKeys() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24)
        harness.paste("2q")
        #expect(!harness.app.state.isQuitting)
        #expect(harness.app.state.tab == .places)
        harness.press("/")
        harness.paste("Seo")
        #expect(harness.app.places.state.query.text == "Seo")
        #expect(harness.lines.contains { $0.contains("Seoul") }, "\(harness.text)")
        harness.paste("ul" + String(repeating: "\u{301}", count: 20_000))
        #expect(harness.app.places.state.query.text.unicodeScalars.starts(with: "Seoul".unicodeScalars))
        #expect(harness.app.places.state.query.text.unicodeScalars.count < 100, "the marks are cut")
        harness.press("esc")
        harness.press("2")
        #expect(harness.app.state.tab == .favorites)
    }

    @Test func aLongPostWrapsAndScrollsInASmallComposeBox() throws {
        let (_, harness) = try ScreenScript(newcomer: "Keeper", .press("3"), .press("n")).run(width: 40, height: 12)
        for line in ["one", "two", "three", "four"] {
            harness.type(line)
            harness.press("ctrl-j")
        }
        harness.type("five")
        let editor = try #require(harness.app.feed.state.compose)
        #expect(editor.text == "one\ntwo\nthree\nfour\nfive")
        // 12 rows leave room for two rows of text: the cursor's row is the last one shown.
        let cursor = try #require(harness.backend.cursor)
        #expect(harness.lines[cursor.row].contains("five"))
        #expect(harness.lines[cursor.row - 1].contains("four"))
        #expect(!harness.text.contains("three"))
        harness.press("up")
        harness.press("up")
        #expect(harness.app.feed.state.compose?.cursor == 12, "two rows up: column 4 of three's row")
        #expect(harness.lines[try #require(harness.backend.cursor).row].contains("three"))
        harness.press("down")
        #expect(harness.app.feed.state.compose?.cursor == 18)
    }

    @Test(arguments: [(80, 24), (40, 12)]) func composeWithLinesGolden(size: (Int, Int)) throws {
        try ScreenScript(
            newcomer: "Keeper", .press("3"), .press("n"), .type("서울 산책 🌸"), .press("alt-enter"),
            .type("a longer second line that has to wrap in a narrow terminal"), .press("ctrl-j"),
            .type("끝"), .golden("feed-compose-lines")
        ).run(width: size.0, height: size.1)
    }

    @Test func postLengthCountsLineBreaks() throws {
        let (_, harness) = try ScreenScript(newcomer: "Keeper", .press("3"), .press("n")).run(width: 80, height: 24)
        harness.type(String(repeating: "a", count: 279))
        harness.press("ctrl-j")
        harness.type("b")
        #expect(harness.text.contains("-1 characters left"), "\(harness.text)")
        harness.press("enter")
        #expect(harness.text.contains("Post must be at most 280 characters (it has 281)"), "\(harness.text)")
    }

    @Test func blankLineRunsShowAsOneBlankLineInTheFeed() throws {
        let (_, harness) = try ScreenScript(newcomer: "Keeper", posts: ["top\n\n\n\nbottom"], .press("3"))
            .run(width: 80, height: 24)
        let header = try #require(harness.lines.firstIndex { $0.contains(" Keeper @newcomer") })
        #expect(
            Array(harness.lines[(header + 1)...(header + 3)]).map { $0.trimmingCharacters(in: .whitespaces) }
                == ["top", "", "bottom"])
    }

    @Test func ctrlWDeletesAWordInEveryTextField() throws {
        let (_, harness) = try ScreenScript(newcomer: "Keeper").run(width: 80, height: 24)
        // The search field.
        harness.press("/")
        harness.type("new york")
        harness.press("ctrl-w")
        #expect(harness.app.places.state.query.text == "new ")
        harness.press("esc")
        // A post being written, across a line break.
        harness.press("3")
        harness.press("n")
        harness.type("hello")
        harness.press("ctrl-j")
        harness.press("ctrl-w")
        #expect(harness.app.feed.state.compose?.text == "")
        harness.press("esc")
        // Every field of the profile form.
        harness.press("4")
        harness.press("e")
        let form = try #require(harness.app.profile.state.form)
        for index in form.fields.indices {
            harness.press("ctrl-e")
            harness.type(" extra")
            harness.press("ctrl-w")
            #expect(
                harness.app.profile.state.form?.fields[index].input.text == form.fields[index].input.text + " ",
                "field \(index)")
            harness.press("tab")
        }
        harness.press("esc")
        // A favorite's memo (a Favorites prompt).
        harness.press("1")
        harness.press("s")
        harness.press("2")
        harness.press("e")
        harness.type("near the river")
        harness.press("ctrl-w")
        guard case .memo(let memo) = harness.app.favorites.state.prompt else {
            Issue.record("no memo prompt: \(harness.text)")
            return
        }
        #expect(memo.input.text == "near the ")
    }

    @Test func aClickOnAScrolledFormFocusesTheFieldUnderThePointer() throws {
        let (_, harness) = try ScreenScript(newcomer: "Keeper", .press("4"), .press("e"), .press("tab"), .press("tab"))
            .run(width: 40, height: 8)
        #expect(harness.app.profile.state.form?.focused == 2, "Bio has focus; the form has scrolled")
        #expect(harness.line(containing: "Edit profile") == nil, "the title is scrolled away: \(harness.text)")
        let usernameRow = try #require(harness.lines.firstIndex { $0.contains("Username") }, "\(harness.text)")
        harness.click(row: usernameRow, column: 20)
        #expect(harness.app.profile.state.form?.focused == 1, "the field drawn there: \(harness.text)")
        let cursor = try #require(harness.backend.cursor)
        #expect(harness.lines[cursor.row].contains("Username"), "the cursor is in that field")
    }

    @Test func ownPostsOnTheProfileTabAreEditedWithCapitalEAndDeletedWithD() throws {
        let (world, harness) = try ScreenScript(
            newcomer: "Keeper", posts: ["older words", "newest words"], .press("4")
        )
        .run(width: 80, height: 24)
        #expect(harness.lines[23].contains("E edit post  d delete post"), "\(harness.lines[23])")
        harness.press("j")
        harness.press("E")
        #expect(harness.line(containing: "Edit post older words") != nil, "the selected post opens: \(harness.text)")
        #expect(harness.app.profile.state.form == nil, "E is not the profile form")
        harness.press("ctrl-w")
        harness.type("thoughts")
        harness.press("alt-enter")
        harness.type("on two lines")
        harness.press("enter")
        #expect(harness.text.contains("Post saved"))
        let session = try world.services.session()
        let captions = try world.services.tweets.page(.all, limit: 10, viewer: session).posts.map(\.caption)
        #expect(captions.contains("older thoughts\non two lines"))
        #expect(harness.line(containing: "on two lines") != nil, "the list shows the edit")
        harness.press("g")
        harness.press("d")
        #expect(harness.lines[23].hasPrefix("Delete this post? Its likes go with it."))
        harness.press("y")
        #expect(harness.text.contains("Post deleted"))
        let after = try world.services.tweets.page(.all, limit: 100, viewer: session).posts.map(\.caption)
        #expect(!after.contains("newest words") && after.contains("older thoughts\non two lines"))
        #expect(harness.line(containing: "newest words") == nil)
    }

    /// Enter on `Delete this post?` gives the safe answer: the post stays.
    @Test func enterOnTheDeleteQuestionKeepsThePost() throws {
        let (world, harness) = try ScreenScript(newcomer: "Keeper", posts: ["kept words"], .press("4")).run(
            width: 80, height: 24)
        harness.press("d")
        #expect(harness.lines[23].hasPrefix("Delete this post?"))
        harness.press("enter")
        #expect(!harness.lines[23].hasPrefix("Delete this post?"), "the question is answered")
        #expect(!harness.text.contains("Post deleted"))
        let captions = try world.services.tweets.page(.all, limit: 100, viewer: world.services.session()).posts
        #expect(captions.contains { $0.caption == "kept words" })
    }

    @Test(arguments: [(80, 24), (40, 12)]) func profileEditPostGolden(size: (Int, Int)) throws {
        try ScreenScript(
            newcomer: "Keeper", posts: ["older words", "newest words"], .press("4"), .press("E"),
            .press("alt-enter"), .type("again"), .golden("profile-edit-post")
        ).run(width: size.0, height: size.1)
    }

    @Test func eStillEditsTheProfileAndEscOnAnEditedPostAsksFirst() throws {
        let (_, harness) = try ScreenScript(newcomer: "Keeper", posts: ["words"], .press("4")).run(
            width: 80, height: 24)
        harness.press("E")
        harness.type(" more")
        harness.press("esc")
        #expect(harness.lines[23].hasPrefix("Discard this post?"))
        harness.press("y")
        #expect(harness.app.profile.posts?.state.compose == nil)
        harness.press("e")
        #expect(harness.app.profile.state.form?.kind == .edit, "e edits the profile, as always")
    }

    @Test func theProfileTabsHelpListsThePostKeys() throws {
        let (_, harness) = try ScreenScript(newcomer: "Keeper", posts: ["words"], .press("4"), .press("?")).run(
            width: 100, height: 60)
        let rows = RoughEdgesTests.helpRows(harness)
        #expect(rows.contains { $0.hasPrefix("E") && $0.hasSuffix("edit post") }, "\(rows)")
        #expect(rows.contains { $0.hasPrefix("d") && $0.hasSuffix("delete post") })
        #expect(rows.contains { $0.hasPrefix("Alt-Enter/Ctrl-J") })
    }
}
