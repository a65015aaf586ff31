import App
import Assembly
import DocStore
import Domain
import Foundation
import PlaceCatalog
import TerminalUI
import Testing
import ViewModels

/// A real store seeded with the sample community at a fixed time, cheap hashing, the
/// fixture's places (Hangul, emoji, a very long name) in a real catalog, and the app on an
/// in-memory terminal.
final class AppWorld {
    static let now = Date(timeIntervalSince1970: 1_795_953_600)  // 2026-11-29T12:00:00Z
    let directory: String
    let services: AppServices
    let adapters: StoreAdapters
    let places: CatalogPlaces
    /// The harness's clock (timers come due when a test moves it) and the loop's queue,
    /// which the store's listener callbacks are posted to, as in the app.
    let clock = ManualClock(AppWorld.now)
    let events: EventQueue

    init(seedSample: Bool = true) throws {
        directory = NSTemporaryDirectory() + "tern-app-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let paths = AppPaths(
            dataDirectory: directory, sessionFile: directory + "/state/session",
            configFile: directory + "/config", resourcesDirectory: AppWorld.resources)
        let events = EventQueue(now: clock.read)
        self.events = events
        services = try AppServices.open(
            paths: paths, seedSample: seedSample,
            executor: CallbackExecutor { events.post(.storeChanged($0)) },
            hasher: PasswordHasher(parameters: ScryptParameters(n: 16, r: 1, p: 1)),
            clock: { AppWorld.now })
        adapters = StoreAdapters(services: services)
        places = CatalogPlaces(catalog: AppWorld.catalog, home: (37.5665, 126.9780))
    }

    deinit {
        services.store.close()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The app on an in-memory terminal; background work runs at once unless `work` holds it.
    func harness(
        width: Int, height: Int, isUTF8: Bool = true, places: PlaceSearching? = nil,
        online: OnlinePlaceSearching? = nil, work: WorkExecutor = InlineWorkExecutor(),
        searchHistory: SearchHistoryStoring? = nil, home: Coordinate? = nil
    ) -> AppHarness {
        var services = ScreenServices(
            places: places ?? self.places, accounts: adapters, favorites: adapters,
            feed: adapters, online: online)
        services.searchHistory = searchHistory
        services.activity = adapters
        services.home = home
        let harness = AppHarness(
            width: width, height: height,
            services: services,
            isUTF8: isUTF8, now: clock.read, events: events, work: work)
        harness.keepsAlive = self
        return harness
    }

    /// Registers and onboards `username` (signed in afterwards).
    func signUp(_ username: String, displayName: String, bio: String = "") throws {
        try services.auth.register(email: "\(username)@example.com", password: "password123")
        try services.users.updateProfile(
            ProfileEdit(displayName: displayName, username: username, bio: bio),
            session: try services.session())
    }

    static var resources: String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Resources").path
    }

    /// The places of `Tests/Fixtures/places.tsv`, searched by a real `PlaceCatalog`.
    static let catalog: PlaceCatalog = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<2 { url.deleteLastPathComponent() }
        let path = url.appendingPathComponent("Fixtures/places.tsv").path
        return PlaceCatalog(places: try! CatalogFile.read(path: path, countries: [:]))
    }()
}

/// Compares the screen with `Golden/<name>-<W>x<H>.txt`; `TERN_UPDATE_GOLDEN=1` rewrites it.
func expectGolden(
    _ harness: AppHarness, _ name: String, text: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let size = harness.backend.size
    var url = URL(fileURLWithPath: #filePath)
    url.deleteLastPathComponent()
    url.appendPathComponent("Golden/\(name)-\(size.width)x\(size.height).txt")
    let actual = text ?? harness.text + "\n"
    if ProcessInfo.processInfo.environment["TERN_UPDATE_GOLDEN"] == "1" {
        try? actual.write(to: url, atomically: true, encoding: .utf8)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record(
            "no golden \(url.lastPathComponent); run with TERN_UPDATE_GOLDEN=1\n\(actual)",
            sourceLocation: sourceLocation)
        return
    }
    #expect(
        actual == expected, "screen differs from \(url.lastPathComponent):\n\(actual)", sourceLocation: sourceLocation)
}

extension AppHarness {
    /// Takes what the workers posted until `done` holds (or ten seconds pass): the app on
    /// worker threads, as on a far store.
    func settled(_ done: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            settle()
            if done() { return true }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return false
    }
}
