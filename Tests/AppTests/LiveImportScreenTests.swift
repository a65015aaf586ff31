import App
import Assembly
import Foundation
import PlaceCatalog
import Testing
import ViewModels

/// Places imported by another process reach a running interface on the tick that already
/// follows the session file: no restart, the search and its count follow.
@Suite struct LiveImportScreenTests {
    /// Places over the fixture catalog plus the data directory's imports, following the
    /// imports file's stamp as the interface does.
    func places(_ world: AppWorld, loads: Loads) -> DeferredPlaces {
        let paths = world.services.paths
        return DeferredPlaces(
            load: {
                let imports = PlaceCatalog.importsFile(dataDirectory: paths.dataDirectory)
                let imported =
                    FileManager.default.fileExists(atPath: imports)
                    ? try CatalogFile.read(path: imports, countries: [:]) : []
                return CatalogPlaces(
                    catalog: PlaceCatalog(places: AppWorld.catalog.places + imported), home: (37.5665, 126.9780))
            }, stamp: { CatalogLoader.sourcesStamp(paths: paths) },
            onLoaded: { [events = world.events] in
                events.post(.catalogLoaded($0))
                loads.finished()
            })
    }

    /// How many loads finished, counted on the loading threads.
    final class Loads: @unchecked Sendable {
        // @unchecked: `count` is read and written under `lock`.
        private let lock = NSLock()
        private var done = 0
        var count: Int { lock.withLock { done } }
        func finished() { lock.withLock { done += 1 } }

        /// Waits for the `number`th load to finish, then applies what it posted.
        func settle(_ number: Int, _ harness: AppHarness) {
            let deadline = Date().addingTimeInterval(20)
            while count < number && Date() < deadline { usleep(1000) }
            harness.settle()
        }
    }

    /// What another process's `tern places import FILE` does to the data directory.
    func importCSV(_ world: AppWorld, _ text: String) throws {
        let file = world.services.paths.dataDirectory + "/import-\(UUID().uuidString).csv"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        _ = try PlaceCatalog.importFile(
            path: file, resourcesDirectory: world.services.paths.resourcesDirectory,
            dataDirectory: world.services.paths.dataDirectory)
    }

    @Test func aPlaceImportedElsewhereCanBeFoundWithoutARestart() throws {
        let world = try AppWorld()
        let loads = Loads()
        let harness = world.harness(width: 80, height: 24, places: places(world, loads: loads))
        loads.settle(1, harness)
        let total = harness.app.places.state.position.total
        #expect(total == AppWorld.catalog.places.count)
        harness.press("/")
        harness.type("Zzyzx")
        #expect(harness.app.places.state.position.total == 0)

        try importCSV(world, "name,latitude,longitude\nZzyzx Springs,35.14,-116.10\n")
        world.clock.advance(by: 0.6)
        harness.settle()
        loads.settle(2, harness)
        #expect(loads.count == 2)
        #expect(harness.app.places.state.position.total == 1, "found by the search typed before the import")
        #expect(harness.line(containing: "Zzyzx Springs") != nil)
        harness.press("ctrl-u")
        #expect(harness.app.places.state.position.total == total + 1, "and counted in the whole catalog")
    }

    @Test func nothingIsReadAgainWhileTheImportsStayTheSame() throws {
        let world = try AppWorld()
        let loads = Loads()
        let places = places(world, loads: loads)
        let harness = world.harness(width: 80, height: 24, places: places)
        loads.settle(1, harness)
        for _ in 0..<4 {
            world.clock.advance(by: 0.6)
            harness.settle()
        }
        places.waitUntilLoaded()
        #expect(loads.count == 1, "one stat a tick, no load")
        try importCSV(world, "name,latitude,longitude\nZzyzx Springs,35.14,-116.10\n")
        world.clock.advance(by: 0.6)
        harness.settle()
        loads.settle(2, harness)
        #expect(loads.count == 2, "an import: one load")
    }
}
