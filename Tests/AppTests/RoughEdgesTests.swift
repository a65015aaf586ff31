import App
import Foundation
import TerminalUI
import Testing
import ViewModels

/// The small betrayals a week of use finds, each checked through the real keymap and screen.
@Suite struct RoughEdgesTests {
    @Test func favoritesUndoWorksForAsLongAsTheFooterOffersIt() throws {
        let (world, harness) = try ScreenScript(newcomer: "Keeper", .press("s"), .press("j"), .press("s"), .press("2"))
            .run(width: 80, height: 24)
        #expect(harness.line(containing: "u undo") == nil, "nothing to undo yet")
        harness.press("j")
        let removed = try #require(harness.app.favorites.state.selectedItem)
        harness.press("x")
        world.clock.advance(by: 30)
        harness.settle()
        #expect(harness.lines[23].contains("u undo remove"), "the toast is gone, the footer still offers undo")
        harness.press("k")
        harness.press("u")
        #expect(harness.app.favorites.state.selectedItem == removed, "back, selected, with its saved time")
        #expect(!harness.lines[23].contains("u undo"))
    }

    @Test func deletingAnEmptyFolderCanBeUndone() throws {
        let (world, harness) = try ScreenScript(newcomer: "Keeper", .press("2"), .press("n"))
            .run(width: 80, height: 24)
        harness.type("Trip")
        harness.press("enter")
        let made = try #require(harness.app.favorites.state.selectedFolder)
        #expect(made.name == "Trip")
        harness.press("D")
        #expect(harness.text.contains("Deleted folder Trip · u undo"), "the toast offers u, as a removed place's does")
        #expect(harness.line(containing: "Trip") == harness.line(containing: "Deleted folder Trip"))
        world.clock.advance(by: 30)
        harness.settle()
        #expect(harness.lines[23].contains("u undo remove"), "the footer still offers undo")
        harness.press("u")
        #expect(harness.text.contains("Restored folder Trip"))
        let back = try #require(harness.app.favorites.state.selectedFolder, "back, selected")
        #expect(back.id == made.id && back.name == made.name && back.color == made.color && back.sort == made.sort)
        #expect(try world.services.favorites.snapshot(session: world.services.session()).folder(id: made.id) != nil)
        #expect(!harness.lines[23].contains("u undo"))
    }

    @Test func aMemoTakesTheLineBreakItsHintPromises() throws {
        let (_, harness) = try ScreenScript(newcomer: "Keeper", .press("s"), .press("2"), .press("e"))
            .run(width: 80, height: 24)
        #expect(harness.text.contains("Alt-Enter/Ctrl-J line break (⏎)"), "the hint names the keys")
        harness.type("window seat")
        harness.press("alt-enter")
        harness.type("ask for Mina")
        harness.press("ctrl-j")
        harness.type("cash only")
        #expect(harness.text.contains("window seat⏎ask for Mina⏎cash only"))
        harness.press("enter")
        #expect(harness.app.favorites.state.selectedItem?.memo == "window seat\nask for Mina\ncash only")
        #expect(harness.text.contains("window seat …"), "the list shows the first line and that more follows")
    }

    @Test func anEditedPostSaysSoInTheFeedAndOnTheProfile() throws {
        let (_, harness) = try ScreenScript(newcomer: "Writer", posts: ["first words"], .press("4"))
            .run(width: 80, height: 24)
        #expect(!harness.text.contains("(edited)"), "a post never edited has no mark")
        harness.press("E")
        harness.type(" again")
        harness.press("enter")
        let header = try #require(harness.line(containing: "@newcomer ·"))
        #expect(header.contains("(edited)"), "the profile marks the edited post: \(header)")
        harness.press("3")
        let rows = harness.lines.filter { $0.contains(" · ") && $0.contains("@") }
        #expect(rows.contains { $0.contains("@newcomer") && $0.contains("(edited)") }, "\(rows)")
        #expect(rows.filter { $0.contains("(edited)") }.count == 1, "only that post: \(rows)")
    }

    @Test func unsavingInPlacesCanBeUndone() throws {
        let (world, harness) = try ScreenScript(newcomer: "Keeper", .press("s"), .press("s")).run(width: 80, height: 24)
        #expect(harness.lines[23].contains("Unsaved Seoul · u undo"))
        world.clock.advance(by: 30)
        harness.settle()
        #expect(harness.lines[23].contains("u undo unsave"))
        harness.press("j")
        harness.press("u")
        #expect(harness.lines[2].hasPrefix("★ Seoul"))
        #expect(harness.app.places.state.selectedRow?.place.name == "Seoul")
    }

    @Test func enterBesideTheDetailPaneEntersNoHiddenMode() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 100, height: 30)
        harness.press("enter")
        #expect(!harness.app.places.state.isDetailOpen, "the detail is already beside the list")
        harness.press("/")
        #expect(harness.app.places.state.isSearchFocused, "/ still searches")
        let narrow = world.harness(width: 80, height: 24)
        narrow.press("enter")
        #expect(narrow.app.places.state.isDetailOpen, "below 100 columns Enter shows the detail full screen")
    }

    @Test func theFullScreenDetailSavesAsTheListDoes() throws {
        let (_, harness) = try ScreenScript(newcomer: "Keeper").run(width: 80, height: 24)
        harness.press("enter")
        #expect(harness.app.places.state.isDetailOpen)
        #expect(harness.lines[23].contains("s save"), "the detail's footer offers it")
        let place = try #require(harness.app.places.state.selectedRow?.place)
        harness.press("s")
        #expect(harness.app.places.state.selectedRow?.isSaved == true, "s saved \(place.name)")
        harness.press("S")
        #expect(harness.app.favorites.state.prompt != nil, "S offers the folders")
    }

    @Test func enterAnswersNoToAQuestionThatDeletes() throws {
        let (world, harness) = try ScreenScript(newcomer: "Writer", posts: ["keep these words"], .press("4"))
            .run(width: 80, height: 24)
        harness.press("d")
        #expect(harness.lines[23].hasPrefix("Delete this post?"))
        harness.press("enter")
        #expect(!harness.lines[23].hasPrefix("Delete this post?"))
        let session = try world.services.session()
        let captions = try world.services.tweets.page(.all, limit: 10, viewer: session).posts.map(\.caption)
        #expect(captions.contains("keep these words"), "Enter kept the post")
        harness.press("L")
        harness.press("enter")
        #expect(harness.app.state.user != nil, "Enter did not sign out")
    }

    @Test func aFieldAtItsLimitSaysSo() throws {
        let (_, harness) = try ScreenScript(newcomer: "Keeper", .press("4"), .press("e"), .press("tab"))
            .run(width: 80, height: 24)
        harness.press("ctrl-u")
        harness.type("abcdefghijklmno")
        #expect(harness.line(containing: "Username")?.contains("15/15") == true, "the counter says the field is full")
        harness.type("p")
        #expect(harness.app.profile.state.form?.fields[1].input.text == "abcdefghijklmno")
        #expect(harness.text.contains("Text cut: this field holds at most 15 characters"))
    }

    @Test func anEmptyPasswordIsRefusedAtOnce() throws {
        let world = try AppWorld()
        let work = HeldWorkExecutor()
        let harness = world.harness(width: 80, height: 24, work: work)
        harness.press("4")
        harness.press("i")
        harness.type("someone@example.com")
        harness.press("enter")
        #expect(harness.line(containing: "Password")?.contains("Enter your password") == true)
        #expect(harness.app.profile.state.form?.isBusy == false, "no slow check started")
        #expect(work.waiting == 0)
    }

    @Test func signingOutAsksFirstOnAKeyNoOtherTabUses() throws {
        let (world, harness) = try ScreenScript(newcomer: "Keeper", .press("4")).run(width: 80, height: 24)
        for screen in [KeyScreen.places, .favorites, .feed, .list, .global] {
            #expect(AppKeyMap.screen(screen).action(for: "L") == nil, "L means nothing on \(screen)")
        }
        harness.press("L")
        #expect(harness.lines[23].hasPrefix("Sign out of @newcomer? Signing in again takes your password."))
        harness.press("q")
        #expect(!harness.app.state.isQuitting, "q does not answer the question")
        harness.press("n")
        #expect(harness.lines[0].hasSuffix("@newcomer"))
        harness.press("L")
        harness.press("y")
        #expect(harness.lines[0].hasSuffix("guest"))
        #expect(try world.services.session() == nil)
    }

    @Test func escOnAComposeWithTextAsksFirst() throws {
        let (_, harness) = try ScreenScript(newcomer: "Keeper", .press("3"), .press("n"), .type("half a thought"))
            .run(width: 80, height: 24)
        harness.press("esc")
        #expect(harness.lines[23].hasPrefix("Discard this post?"))
        harness.press("esc")
        #expect(harness.app.feed.state.compose?.text == "half a thought", "Esc again keeps writing")
        harness.press("esc")
        harness.press("y")
        #expect(harness.app.feed.state.compose == nil)
        harness.press("n")
        harness.press("esc")
        #expect(harness.app.feed.state.compose == nil, "an empty compose closes at once")
    }

    @Test func signInMessagesSayHow() throws {
        let (_, harness) = try ScreenScript(.press("3"), .press("l")).run(width: 80, height: 24)
        #expect(harness.lines[23].contains("Sign in on the Profile tab (4, then i) to like posts"))
        harness.press("n")
        #expect(harness.lines[23].contains("Sign in on the Profile tab (4, then i) to post"))
        let (_, korean) = try ScreenScript(.press("3"), .press("l")).run(width: 80, height: 24, language: .ko)
        #expect(korean.lines[23].contains("좋아요를 누르려면 프로필 탭에서 로그인하세요 (4 다음 i)"))
    }

    /// The rows inside the help overlay's box, without its borders.
    static func helpRows(_ harness: AppHarness) -> [String] {
        harness.lines.compactMap { line -> String? in
            guard let start = line.firstIndex(of: "│"), let end = line.lastIndex(of: "│"), start < end else {
                return nil
            }
            return String(line[line.index(after: start)..<end]).trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
    }

    @Test func theHelpOverlayHasNoRepeatsLabelsFormKeysAndMentionsTheMouse() throws {
        let (_, harness) = try ScreenScript(.press("4"), .press("?")).run(width: 100, height: 60)
        let rows = Self.helpRows(harness)
        #expect(rows.count == Set(rows).count, "every row once: \(rows)")
        #expect(rows.filter { $0.hasPrefix("Ctrl-C") }.count == 1)
        let forms = try #require(rows.firstIndex(of: "In forms"))
        #expect(rows.dropFirst(forms + 1).contains { $0.hasPrefix("Tab") && $0.hasSuffix("next field") })
        #expect(rows.contains("Mouse") && rows.contains { $0.hasPrefix("Wheel") })
        harness.press("q")
        #expect(!harness.app.state.isHelpVisible, "q closes the overlay")
        #expect(!harness.app.state.isQuitting)
    }

    @Test func theFeedHelpListsComposeKeysAndScrollsWhenItDoesNotFit() throws {
        let (_, harness) = try ScreenScript(.press("3"), .press("?")).run(width: 80, height: 24)
        #expect(harness.lines[21].contains("↓ │"), "more below")
        #expect(!Self.helpRows(harness).contains("Mouse"))
        harness.press("G")
        let rows = Self.helpRows(harness)
        #expect(rows.contains("Mouse"))
        #expect(harness.lines[1].contains("↑ │"), "more above")
        harness.press("g")
        for _ in 0..<5 { harness.press("j") }
        let writing = Self.helpRows(harness)
        #expect(writing.contains("Writing a post") || rows.contains("Writing a post"))
        #expect((writing + rows).contains { $0.hasPrefix("Enter") && $0.hasSuffix("post") })
    }

    @Test func aLocaleThatIsNotUTF8GetsASCIIBorders() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24, isUTF8: false)
        harness.press("?")
        #expect(harness.text.contains("+ Keys · Places -"), "ASCII corners and lines")
        #expect(harness.line(containing: "| /")?.hasSuffix("| ") == true || harness.line(containing: "| /") != nil)
        #expect(!harness.text.contains("┌") && !harness.text.contains("│"))
    }

    @Test func belowAHundredColumnsEnterOpensThePlaceFullScreen() throws {
        let (_, harness) = try ScreenScript().run(width: 80, height: 24)
        #expect(!harness.text.contains("Population"), "no room for the pane")
        harness.press("enter")
        #expect(harness.text.contains("서울") && harness.text.contains("Population 10,349,312"))
        #expect(harness.text.contains("Time zone Asia/Seoul") && harness.text.contains("Map"))
        harness.press("j")
        #expect(harness.text.contains("Time zone Asia/Tokyo"), "j moves to the next place's detail")
        harness.press("esc")
        #expect(!harness.text.contains("Population"))
        #expect(harness.app.places.state.selectedRow?.place.name == "Tokyo")
    }

    @Test func ctrlZSuspendsAndTheWholeScreenIsDrawnAgainOnResume() throws {
        let (_, harness) = try ScreenScript(.press("j")).run(width: 80, height: 24)
        let before = harness.text
        harness.press("ctrl-z")
        #expect(harness.backend.suspensions == 1)
        #expect(harness.text == before, "every cell drawn again after the terminal came back blank")
    }

    @Test func formsScrollSoTheFocusedFieldAndCursorShowAtTwentyBySix() throws {
        let (_, harness) = try ScreenScript(newcomer: "Keeper", .press("4"), .press("e")).run(width: 20, height: 6)
        for (label, presses) in [("Dis", 0), ("Us", 1), ("Bio", 1)] {
            for _ in 0..<presses { harness.press("tab") }
            let row = try #require(
                harness.lines.firstIndex { $0.contains(label) }, "\(label) on screen:\n\(harness.text)")
            let cursor = try #require(harness.backend.cursor, "a cursor for \(label)")
            #expect(
                cursor.row == row && row > 0 && row < 5,
                "\(label): the cursor is in the field, between header and footer")
        }
    }
}
