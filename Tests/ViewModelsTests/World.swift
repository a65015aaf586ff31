import DocStore
import Domain
import Foundation
import ViewModels

/// A real store in a temporary directory with cheap password hashing, the services over it,
/// and a few places, for view-model tests.
final class World {
    let directory: String
    let services: AppServices
    let adapters: StoreAdapters
    let places: InMemoryPlaces
    /// The event queue and background work of a view model under test: work runs at once
    /// and its answer waits in `events` until `settle()`, as on the loop's thread.
    let clock = ManualClock(Date(timeIntervalSince1970: 1_000_000))
    lazy var events = EventQueue(now: clock.read)
    lazy var work = BackgroundWork(queue: events, executor: InlineWorkExecutor())
    var screenServices: ScreenServices {
        ScreenServices(places: places, accounts: adapters, favorites: adapters, feed: adapters)
    }

    static let samplePlaces: [PlaceInfo] = [
        PlaceInfo(placeID: "1835848", name: "Seoul", koreanName: "서울", region: "Seoul", country: "South Korea",
                  address: "Seoul, South Korea", latitude: 37.566, longitude: 126.9784, population: 10_349_312,
                  timeZone: "Asia/Seoul"),
        PlaceInfo(placeID: "1838524", name: "Busan", koreanName: "부산", region: "Busan", country: "South Korea",
                  address: "Busan, South Korea", latitude: 35.1028, longitude: 129.0403, population: 3_678_555,
                  timeZone: "Asia/Seoul"),
        PlaceInfo(placeID: "1835553", name: "Suwon", koreanName: "수원", region: "Gyeonggi-do", country: "South Korea",
                  address: "Gyeonggi-do, South Korea", latitude: 37.2911, longitude: 127.0089, population: 1_242_724,
                  timeZone: "Asia/Seoul"),
        PlaceInfo(placeID: "1850147", name: "Tokyo", koreanName: "도쿄", region: "Tokyo", country: "Japan",
                  address: "Tokyo, Japan", latitude: 35.6895, longitude: 139.6917, population: 8_336_599,
                  timeZone: "Asia/Tokyo"),
        PlaceInfo(placeID: "2988507", name: "Paris", koreanName: "파리", region: "Île-de-France", country: "France",
                  address: "Île-de-France, France", latitude: 48.8534, longitude: 2.3488, population: 2_138_551,
                  timeZone: "Europe/Paris"),
        PlaceInfo(placeID: "3117735", name: "Madrid", region: "Madrid", country: "Spain", address: "Madrid, Spain",
                  latitude: 40.4165, longitude: -3.7026, population: 3_255_944, timeZone: "Europe/Madrid"),
        PlaceInfo(placeID: "900001", name: "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch 🏰",
                  region: "Wales", country: "United Kingdom", address: "Wales, United Kingdom", latitude: 53.2218,
                  longitude: -4.2045, population: 3_107, timeZone: "Europe/London"),
    ]

    init(seedSample: Bool = false, places: [PlaceInfo] = World.samplePlaces) throws {
        directory = NSTemporaryDirectory() + "tern-vm-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let paths = AppPaths(dataDirectory: directory, sessionFile: directory + "/state/session",
                             configFile: directory + "/config", resourcesDirectory: World.resources)
        services = try AppServices.open(paths: paths, seedSample: seedSample, executor: .immediate,
                                        hasher: PasswordHasher(parameters: ScryptParameters(n: 16, r: 1, p: 1)))
        adapters = StoreAdapters(services: services)
        self.places = InMemoryPlaces(places)
    }

    deinit {
        services.store.close()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The repository's Resources directory.
    static var resources: String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Resources").path
    }

    /// Applies the answers of finished background work and the timers due, as the loop does.
    func settle() {
        while let event = events.next() {
            switch event {
            case .workFinished(let completion): completion.deliver()
            case .timerFired(_, let action): action()
            case .storeChanged(let callback): callback()
            case .catalogLoaded: break
            }
        }
    }

    /// Registers, onboards and signs in a user; returns it.
    @discardableResult
    func signUp(_ username: String, displayName: String? = nil, bio: String = "") throws -> User {
        try services.auth.register(email: "\(username)@example.com", password: "password123")
        return try services.users.updateProfile(
            ProfileEdit(displayName: displayName ?? username.capitalized, username: username, bio: bio),
            session: try services.session())
    }

    /// Registers another account without touching the session file; returns its session.
    func otherUser(_ username: String) throws -> Session {
        let saved = try services.session()
        try services.auth.register(email: "\(username)@example.com", password: "password123")
        let session = try services.session()!
        try services.users.updateProfile(ProfileEdit(displayName: username.capitalized, username: username), session: session)
        if let saved { try services.sessionFile.write(saved) } else { try services.auth.signOut() }
        return session
    }
}

/// Collects what a closure output delivers.
final class Recorder<Value> {
    private(set) var values: [Value] = []
    func record(_ value: Value) { values.append(value) }
    var last: Value? { values.last }
}
