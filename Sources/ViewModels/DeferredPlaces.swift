import Foundation

/// A place catalog loaded on a background thread, so the first frame does not wait for it.
/// Until it is ready every search is empty; `onReady` then runs on the loading thread (wake
/// the event loop there) and the loop calls `takeReadiness()` to refresh the screen.
public final class DeferredPlaces: PlaceSearching {
    private let lock = NSLock()
    private var loaded: PlaceSearching?
    private var failure: Error?
    private var announced = false

    /// Starts loading at once.
    public init(load: @escaping () throws -> PlaceSearching, onReady: @escaping () -> Void = {}) {
        let thread = Thread { [weak self] in
            do {
                let places = try load()
                self?.finish(places, nil)
            } catch {
                self?.finish(nil, error)
            }
            onReady()
        }
        thread.stackSize = 1 << 22
        thread.start()
    }

    private func finish(_ places: PlaceSearching?, _ error: Error?) {
        lock.lock()
        loaded = places
        failure = error
        lock.unlock()
    }

    private var current: PlaceSearching? {
        lock.lock()
        defer { lock.unlock() }
        return loaded
    }

    public var isReady: Bool { current != nil }

    /// Once, after loading ended: `.success` when the catalog is ready, or the error.
    public func takeReadiness() -> Result<Void, Error>? {
        lock.lock()
        defer { lock.unlock() }
        guard !announced, loaded != nil || failure != nil else { return nil }
        announced = true
        if let failure { return .failure(failure) }
        return .success(())
    }

    /// Waits until loading ended (for tests and benches).
    public func waitUntilLoaded(timeout: TimeInterval = 60) {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            lock.lock()
            let done = loaded != nil || failure != nil
            lock.unlock()
            if done { return }
            usleep(1000)
        }
    }

    public func search(_ query: String, order: PlaceOrder, limit: Int) -> (total: Int, matches: [PlaceMatch]) {
        current?.search(query, order: order, limit: limit) ?? (0, [])
    }

    public func place(id: String) -> PlaceInfo? {
        current?.place(id: id)
    }
}
