import App
import Domain
import Foundation
import PlaceCatalog
import ViewModels

/// The `lists` section's row for a folder in an order the store cannot sort by (distance),
/// set up as the interface is: the store's callbacks posted to the event queue and work on
/// threads, so a pass (a page read, the window after a write) runs off the loop's thread.
extension ListsBench {
    /// How long a key waits for the page it asked for, at most.
    static let passTimeout: TimeInterval = 30

    struct PassRun {
        var keys: Timings
        /// From `G` to its rows on screen, and from `u` to the place back and selected.
        var lastRowLanded: Double
        var reachedLast: Bool
        var writeLanded: Timings
    }

    /// On the folder of `paths`, already by distance: `j` ×50, `G` (waiting for the last
    /// row), `k` ×20, `g`, and `x` `u` `j` ×10 (each `u` waiting for the place to be back).
    static func distanceRun(paths: AppPaths, hasher: PasswordHasher, places: PlaceSearching) throws -> PassRun {
        let events = EventQueue()
        let services = try AppServices.open(
            paths: paths, seedSample: false,
            executor: .eventLoop { events.post(.storeChanged($0)) }, hasher: hasher)
        let harness = AppHarness(
            width: width, height: height, services: ScreenServices(services: services, places: places),
            events: events, work: LaneWorkExecutor())
        defer { harness.app.stop() }
        let favorites = harness.app.favorites
        harness.press("2")
        try settle(
            harness, "the folder's first rows",
            until: { !favorites.state.items.isEmpty && !favorites.state.isLoadingPage })
        var samples: [Double] = []
        for _ in 0..<50 { samples.append(measure { harness.press("j") }) }
        samples.append(measure { harness.press("G") })
        let started = Date()
        try settle(
            harness, "G",
            until: {
                let position = harness.app.screen.listPosition
                return position.total > 0 && position.index == position.total - 1
            })
        let landed = Date().timeIntervalSince(started)
        let position = harness.app.screen.listPosition
        for _ in 0..<20 { samples.append(measure { harness.press("k") }) }
        samples.append(measure { harness.press("g") })
        try settle(harness, "g", until: { harness.app.screen.listPosition.index == 0 })
        var writes: [Double] = []
        for _ in 0..<10 {
            guard let place = favorites.state.selectedItem else { break }
            samples.append(measure { harness.press("x") })
            let start = Date()
            samples.append(measure { harness.press("u") })
            try settle(harness, "u", until: { favorites.state.selectedItem?.placeID == place.placeID })
            writes.append(Date().timeIntervalSince(start))
            samples.append(measure { harness.press("j") })
        }
        return PassRun(
            keys: Timings(samples), lastRowLanded: landed, reachedLast: position.index == position.total - 1,
            writeLanded: Timings(writes))
    }

    /// Applies what arrives until `done` holds (or the timeout passes: an error).
    static func settle(_ harness: AppHarness, _ step: String, until done: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(passTimeout)
        while !done() {
            guard Date() < deadline else {
                throw BenchError(
                    "\(step): nothing arrived in \(Int(passTimeout)) s (at \(harness.app.screen.listPosition.text))")
            }
            usleep(1_000)
            harness.settle()
        }
    }

    static func reportPasses(_ name: String, _ run: PassRun) {
        print(
            "lists: \(name): \(run.keys.samples.count) keys, keystroke to frame p50 \(ms(run.keys.p50))"
                + "  p99 \(ms(run.keys.p99))  max \(ms(run.keys.max))  (target p99 ≤ 16 ms); G's last row on "
                + "screen after"
                + " \(ms(run.lastRowLanded)) (reached: \(run.reachedLast)); `u` to the place back and selected"
                + " p50 \(ms(run.writeLanded.p50))  max \(ms(run.writeLanded.max))")
    }
}
