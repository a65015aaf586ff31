import App
import TerminalUI
import ViewModels
import Testing

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
}
