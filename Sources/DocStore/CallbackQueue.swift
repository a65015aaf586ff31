import Foundation

/// Callbacks waiting for the app's event loop. A loop iteration calls
/// `store.pollExternalChanges()` and then `queue.drain()`.
public final class CallbackQueue: @unchecked Sendable {
    // @unchecked: `pending` is read and written under `lock`.
    private let lock = NSLock()
    private var pending: [() -> Void] = []

    public init() {}

    func enqueue(_ callback: @escaping () -> Void) {
        lock.lock()
        pending.append(callback)
        lock.unlock()
    }

    /// How many callbacks are waiting.
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return pending.count
    }

    /// Runs the waiting callbacks in order, including ones they enqueue meanwhile, and
    /// returns how many ran.
    @discardableResult
    public func drain() -> Int {
        var ran = 0
        while true {
            lock.lock()
            let batch = pending
            pending.removeAll()
            lock.unlock()
            if batch.isEmpty { return ran }
            for callback in batch { callback() }
            ran += batch.count
        }
    }
}
