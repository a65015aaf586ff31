import Foundation
import ViewModels

/// A place catalog loaded on a background thread, so the first frame does not wait for it.
/// Until it is ready every search is empty; then `onLoaded` runs on the loading thread with
/// the outcome (the app posts it to its `EventQueue` as `.catalogLoaded`).
public final class DeferredPlaces: PlaceSearching, @unchecked Sendable {
    // @unchecked: `loaded` and `finished` are read and written under `lock`.
    private let lock = NSLock()
    private var loaded: PlaceSearching?
    private var finished = false

    /// Starts loading at once.
    public init(load: @escaping () throws -> PlaceSearching, onLoaded: @escaping (Result<Void, Error>) -> Void = { _ in }) {
        let thread = Thread { [weak self] in
            let result = Result { try load() }
            self?.finish(try? result.get())
            onLoaded(result.map { _ in () })
        }
        // Building the index recurses deeper than a secondary thread's default stack allows.
        thread.stackSize = 1 << 22
        thread.start()
    }

    private func finish(_ places: PlaceSearching?) {
        lock.lock()
        loaded = places
        finished = true
        lock.unlock()
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
