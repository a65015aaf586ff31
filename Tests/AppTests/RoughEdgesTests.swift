import App
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
}
