import App
import Domain
import Foundation
import TerminalUI
import Testing
import ViewModels

/// Issue 29, point 5: at 105 columns or more the Feed and a thread show the selected post's
/// place on a map (`◆`, `#` in ASCII) centred on it, the other posts on screen as dots,
/// and `No place` for a post without one; below that the list keeps the whole width.
@Suite struct PostMapPaneTests {
    func select(_ caption: String, in harness: AppHarness) throws {
        let feed = harness.app.thread ?? harness.app.feed
        let index = try #require(feed.state.rows.firstIndex { $0.caption.hasPrefix(caption) })
        harness.press("g")
        for _ in 0..<index { harness.press("j") }
        #expect(feed.state.selectedRow?.caption.hasPrefix(caption) == true)
    }

    /// The pane's columns of each line (its right `width` columns, the rule's column included).
    func pane(_ harness: AppHarness, width: Int = 48) -> [String] {
        (0..<harness.screen.height).map { row in
            (harness.screen.width - width..<harness.screen.width).map { harness.screen[row, $0].symbol }.joined()
        }
    }

    func dots(_ lines: [String]) -> Int {
        lines.joined().unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }.count
    }

    @Test func theSelectedPostsPlaceIsMarkedAndTheMapFollowsTheSelection() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 120, height: 40)
        harness.press("3")
        try select("해운대", in: harness)
        var lines = pane(harness)
        #expect(lines.contains { $0.contains("◆ Busan") }, "the pane names the place:\n\(harness.text)")
        #expect(lines.contains { $0.contains("Map") })
        #expect(lines.filter { $0.contains("◆") }.count == 2, "the title's mark and the map's")
        #expect(dots(lines) > 0, "Seoul's and Jeju's posts on screen are dots near Busan:\n\(harness.text)")

        try select("Yamanote", in: harness)
        lines = pane(harness)
        #expect(lines.contains { $0.contains("◆ Tokyo") }, "moving the selection redraws the map:\n\(harness.text)")
        #expect(!lines.contains { $0.contains("Busan") })

        try select("Hot take", in: harness)
        lines = pane(harness)
        #expect(lines.contains { $0.contains("No place") }, "\(harness.text)")
        #expect(!lines.contains { $0.contains("◆") })
    }

    @Test func theMapWindowIsCentredOnTheSelectedPlace() {
        let seoul = GeoPoint(latitude: 37.5665, longitude: 126.9780)
        let window = MapWindow(center: seoul)
        #expect(window.contains(.init(latitude: 35.1028, longitude: 129.0403)), "Busan is inside Seoul's window")
        #expect(!window.contains(.init(latitude: 35.6895, longitude: 139.6917)), "Tokyo is 12.7° east, outside ±9°")
        #expect(window.latitudes == (seoul.latitude - 6)...(seoul.latitude + 6))
        #expect(window.longitudes == (seoul.longitude - 9)...(seoul.longitude + 9))
    }

    @Test func narrowScreensShowNoPane() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24)
        harness.press("3")
        try select("해운대", in: harness)
        #expect(!harness.text.contains("◆"), "\(harness.text)")
        #expect(!harness.text.contains("No place"))
        let edge = world.harness(width: 104, height: 30)
        edge.press("3")
        #expect(!edge.text.contains("◆") && !edge.text.contains("No place"), "\(edge.text)")
    }

    @Test func aThreadShowsThePaneToo() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 120, height: 40)
        harness.press("3")
        try select("해운대", in: harness)
        harness.press("o")
        #expect(harness.app.thread != nil)
        #expect(pane(harness).contains { $0.contains("◆ Busan") }, "\(harness.text)")
    }

    @Test func anASCIITerminalMarksThePlaceWithAHash() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 120, height: 40, isUTF8: false)
        harness.press("3")
        try select("해운대", in: harness)
        #expect(pane(harness).contains { $0.contains("# Busan") }, "\(harness.text)")
        #expect(!harness.text.contains("◆"))
    }
}
