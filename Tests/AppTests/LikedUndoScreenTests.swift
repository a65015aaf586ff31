import App
import Foundation
import TerminalUI
import Testing
import ViewModels

/// Unliking in the Liked view through the real keymap: the footer offers `u` (as Favorites
/// does) for as long as there is something to undo, and `u` brings the post back, selected.
@Suite struct LikedUndoScreenTests {
    @Test func unlikingInTheLikedViewCanBeUndoneFromTheFooter() throws {
        let (world, harness) = try ScreenScript(
            newcomer: "Keeper", .press("3"), .press("l"), .press("j"), .press("l"),
            .press("j"), .press("l"), .press("v"), .press("v")
        ).run(width: 80, height: 24)
        let feed = harness.app.currentFeed
        #expect(feed.state.mode == .liked)
        #expect(feed.state.position.total == 3)
        #expect(harness.line(containing: "u undo") == nil, "nothing to undo yet")
        harness.press("j")
        let unliked = try #require(feed.state.selectedRow)
        harness.press("l")
        #expect(harness.lines[23].contains("Unliked @\(unliked.username)'s post · u undo"))
        #expect(!feed.state.rows.contains { $0.id == unliked.id })
        #expect(feed.state.position.total == 2)
        world.clock.advance(by: 30)
        harness.settle()
        #expect(harness.lines[23].contains("u undo unlike"), "the toast is gone, the footer still offers undo")
        harness.press("k")
        harness.press("u")
        #expect(feed.state.selectedRow?.id == unliked.id, "back, selected")
        #expect(feed.state.selectedRow?.likes == unliked.likes, "the count as it was, with the like back")
        #expect(feed.state.position == ListPosition(index: 1, total: 3))
        #expect(!harness.lines[23].contains("u undo"))
    }

    /// `u` while the toast still offers it: the toast goes with the undo it offered.
    @Test func theUndoToastGoesOnceUndone() throws {
        let (_, harness) = try ScreenScript(
            newcomer: "Keeper", .press("3"), .press("l"), .press("j"), .press("l"), .press("v"), .press("v")
        ).run(width: 80, height: 24)
        let unliked = try #require(harness.app.currentFeed.state.selectedRow)
        harness.press("l")
        #expect(harness.lines[23].contains("· u undo"))
        harness.press("u")
        #expect(!harness.text.contains("· u undo"), "\(harness.text)")
        #expect(harness.lines[23].contains("Liked @\(unliked.username)'s post again"))
    }
}
