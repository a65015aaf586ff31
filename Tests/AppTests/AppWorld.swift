import App
import DocStore
import Domain
import Foundation
import TerminalUI
import Testing
import ViewModels

/// A real store seeded with the sample community at a fixed time, cheap hashing, a few
/// places (Hangul, emoji, a very long name), and the app on an in-memory terminal.
final class AppWorld {
    static let now = Date(timeIntervalSince1970: 1_795_953_600) // 2026-11-29T12:00:00Z
    let directory: String
    let services: AppServices
    let adapters: StoreAdapters
    let places: InMemoryPlaces
    /// The harness's clock (timers come due when a test moves it) and the loop's queue,
    /// which the store's listener callbacks are posted to, as in the app.
    let clock = ManualClock(AppWorld.now)
    let events: EventQueue

    init(seedSample: Bool = true) throws {
        directory = NSTemporaryDirectory() + "tern-app-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let paths = AppPaths(dataDirectory: directory, sessionFile: directory + "/state/session",
                             configFile: directory + "/config", resourcesDirectory: AppWorld.resources)
        let events = EventQueue(now: clock.read)
        self.events = events
        services = try AppServices.open(paths: paths, seedSample: seedSample,
                                        executor: CallbackExecutor { events.post(.storeChanged($0)) },
                                        hasher: PasswordHasher(parameters: ScryptParameters(n: 16, r: 1, p: 1)),
                                        clock: { AppWorld.now })
        adapters = StoreAdapters(services: services)
        places = InMemoryPlaces(AppWorld.placeList)
    }

    deinit {
        services.store.close()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The app on an in-memory terminal; background work runs at once unless `work` holds it.
    func harness(width: Int, height: Int, isUTF8: Bool = true, places: PlaceSearching? = nil,
                 work: WorkExecutor = InlineWorkExecutor()) -> AppHarness {
        AppHarness(width: width, height: height,
                   services: ScreenServices(places: places ?? self.places, accounts: adapters, favorites: adapters,
                                            feed: adapters),
                   isUTF8: isUTF8, now: clock.read, events: events, work: work)
    }

    /// Registers and onboards `username` (signed in afterwards).
    func signUp(_ username: String, displayName: String, bio: String = "") throws {
        try services.auth.register(email: "\(username)@example.com", password: "password123")
        try services.users.updateProfile(ProfileEdit(displayName: displayName, username: username, bio: bio),
                                         session: try services.session())
    }

    static var resources: String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Resources").path
    }

    static let placeList: [PlaceInfo] = [
        PlaceInfo(placeID: "1835848", name: "Seoul", koreanName: "서울", region: "Seoul", country: "South Korea",
                  address: "Seoul, South Korea", latitude: 37.566, longitude: 126.9784, population: 10_349_312,
                  timeZone: "Asia/Seoul"),
        PlaceInfo(placeID: "1838524", name: "Busan", koreanName: "부산", region: "Busan", country: "South Korea",
                  address: "Busan, South Korea", latitude: 35.1028, longitude: 129.0403, population: 3_678_555,
                  timeZone: "Asia/Seoul"),
        PlaceInfo(placeID: "1835553", name: "Suwon", koreanName: "수원", region: "Gyeonggi-do", country: "South Korea",
                  address: "Gyeonggi-do, South Korea", latitude: 37.2911, longitude: 127.0089, population: 1_242_724,
                  timeZone: "Asia/Seoul"),
        PlaceInfo(placeID: "1843564", name: "Incheon", koreanName: "인천", region: "Incheon", country: "South Korea",
                  address: "Incheon, South Korea", latitude: 37.4565, longitude: 126.7052, population: 2_628_000,
                  timeZone: "Asia/Seoul"),
        PlaceInfo(placeID: "1850147", name: "Tokyo", koreanName: "도쿄", region: "Tokyo", country: "Japan",
                  address: "Tokyo, Japan", latitude: 35.6895, longitude: 139.6917, population: 8_336_599,
                  timeZone: "Asia/Tokyo"),
        PlaceInfo(placeID: "2988507", name: "Paris", koreanName: "파리", region: "Île-de-France", country: "France",
                  address: "Île-de-France, France", latitude: 48.8534, longitude: 2.3488, population: 2_138_551,
                  timeZone: "Europe/Paris"),
        PlaceInfo(placeID: "900001", name: "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch 🏰",
                  region: "Wales", country: "United Kingdom", address: "Wales, United Kingdom", latitude: 53.2218,
                  longitude: -4.2045, population: 3_107, timeZone: "Europe/London"),
    ]
}

/// Compares the screen with `Golden/<name>-<W>x<H>.txt`; `TERN_UPDATE_GOLDEN=1` rewrites it.
func expectGolden(_ harness: AppHarness, _ name: String, text: String? = nil,
                  sourceLocation: SourceLocation = #_sourceLocation) {
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
        Issue.record("no golden \(url.lastPathComponent); run with TERN_UPDATE_GOLDEN=1\n\(actual)", sourceLocation: sourceLocation)
        return
    }
    #expect(actual == expected, "screen differs from \(url.lastPathComponent):\n\(actual)", sourceLocation: sourceLocation)
}
