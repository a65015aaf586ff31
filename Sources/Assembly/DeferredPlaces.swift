import Foundation
import ViewModels
import Workers

/// A place catalog loaded on the compute worker lane, so the first frame does not wait for it.
/// Until it is ready every search is empty; then `onLoaded` runs on the loading thread with
/// the outcome (the app posts it to its `EventQueue` as `.catalogLoaded`). With `stamp`,
/// `followSources()` loads it again when the stamp changed (another process imported
/// places), searching the old catalog meanwhile.
public final class DeferredPlaces: PlaceSearching, @unchecked Sendable {
    // @unchecked: `loaded`, `finished` and `loadedStamp` are read and written under `lock`.
    private let lock = NSLock()
    private var loaded: PlaceSearching?
    private var finished = false
    private let load: () throws -> PlaceSearching
    private let stamp: (() -> String)?
    private let onLoaded: (Result<Void, Error>) -> Void
    /// The sources' stamp taken before the last load started.
    private var loadedStamp: String?

    /// Starts loading at once.
    public init(
        load: @escaping () throws -> PlaceSearching, stamp: (() -> String)? = nil,
        onLoaded: @escaping (Result<Void, Error>) -> Void = { _ in }
    ) {
        self.load = load
        self.stamp = stamp
        self.onLoaded = onLoaded
        startLoading()
    }

    private func startLoading() {
        // Taken before reading: an import during the load is seen by the next check.
        let stamp = self.stamp?()
        // Holds the catalog until it is loaded, even if the interface let go of it meanwhile.
        Workers.shared.run(.compute) { [self] in
            let result = Result { try load() }
            finish(try? result.get(), stamp: stamp)
            guard (try? result.get()) != nil else { return onLoaded(result.map { _ in () }) }
            // The id table a post's place line reads is filled behind the screen, so the faces
            // and searches the compute lane runs next do not wait for it; rows are made after.
            Workers.shared.run(.passes) { [self] in
                _ = place(id: "")
                onLoaded(.success(()))
            }
        }
    }

    /// A failed reload keeps the catalog loaded before.
    private func finish(_ places: PlaceSearching?, stamp: String?) {
        lock.lock()
        loaded = places ?? loaded
        loadedStamp = stamp
        finished = true
        lock.unlock()
    }

    public func followSources() {
        guard let stamp else { return }
        let now = stamp()
        lock.lock()
        let changed = finished && now != loadedStamp
        if changed { finished = false }
        lock.unlock()
        if changed { startLoading() }
    }

    private var current: PlaceSearching? {
        lock.lock()
        defer { lock.unlock() }
        return loaded
    }

    public var isReady: Bool { current != nil }

    /// Waits until loading ended (for tests and benches).
    public func waitUntilLoaded(timeout: TimeInterval = 60) {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            lock.lock()
            let done = finished
            lock.unlock()
            if done { return }
            usleep(1000)
        }
    }

    public func search(_ query: String, order: PlaceOrder, limit: Int) -> (total: Int, matches: [PlaceMatch]) {
        current?.search(query, order: order, limit: limit) ?? (0, [])
    }

    public func ranking(_ query: String, order: PlaceOrder) -> RankedPlaces {
        current?.ranking(query, order: order) ?? ListedPlaces([])
    }

    public func place(id: String) -> PlaceInfo? {
        current?.place(id: id)
    }
}
