import Assembly
import DocStore
import Domain
import Foundation
import PlaceCatalog
import ViewModels

/// A real store in a temporary directory with cheap password hashing, the services over it,
/// and the fixture's places in a real catalog, for view-model tests.
final class World {
    let directory: String
    let services: AppServices
    let adapters: StoreAdapters
    let places: CatalogPlaces
    /// The event queue and background work of a view model under test: work runs at once
    /// and its answer waits in `events` until `settle()`, as on the loop's thread.
    let clock = ManualClock(Date(timeIntervalSince1970: 1_000_000))
    lazy var events = EventQueue(now: clock.read)
    lazy var work = BackgroundWork(queue: events, executor: InlineWorkExecutor())
    var screenServices: ScreenServices {
        ScreenServices(places: places, accounts: adapters, favorites: adapters, feed: adapters)
    }

    /// The places of `Tests/Fixtures/places.tsv`, searched by a real `PlaceCatalog`.
    static let catalog: PlaceCatalog = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<2 { url.deleteLastPathComponent() }
        let path = url.appendingPathComponent("Fixtures/places.tsv").path
        return PlaceCatalog(places: try! CatalogFile.read(path: path, countries: [:]))
    }()

    init(seedSample: Bool = false) throws {
        directory = NSTemporaryDirectory() + "tern-vm-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let paths = AppPaths(
            dataDirectory: directory, sessionFile: directory + "/state/session",
            configFile: directory + "/config", resourcesDirectory: World.resources)
        services = try AppServices.open(
            paths: paths, seedSample: seedSample, executor: .immediate,
            hasher: PasswordHasher(parameters: ScryptParameters(n: 16, r: 1, p: 1)))
        adapters = StoreAdapters(services: services)
        places = CatalogPlaces(catalog: World.catalog, home: (37.5665, 126.9780))
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
        settleEvents(events)
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
        try services.users.updateProfile(
            ProfileEdit(displayName: username.capitalized, username: username), session: session)
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

/// Applies the answers of finished background work, the store's callbacks and the timers
/// due waiting in `events`, as the loop does.
func settleEvents(_ events: EventQueue) {
    while let event = events.next() {
        switch event {
        case .workFinished(let completion): completion.deliver()
        case .timerFired(_, let action): action()
        case .storeChanged(let callback): callback()
        case .catalogLoaded: break
        }
    }
}
