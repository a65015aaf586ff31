import Foundation

/// Keeps requests at least `interval` apart (Nominatim's policy: one a second), waiting on
/// the caller's thread, which is never the interface's.
public final class RequestSpacer: @unchecked Sendable {
    // @unchecked: `nextAllowed` is read and written only under `lock`.
    let interval: TimeInterval
    private let lock = NSLock()
    private var nextAllowed = Date.distantPast

    public init(interval: TimeInterval) {
        self.interval = interval
    }

    /// Waits until a request may go, and books the slot after it.
    public func waitForTurn() {
        lock.lock()
        let now = Date()
        let start = max(now, nextAllowed)
        nextAllowed = start.addingTimeInterval(interval)
        lock.unlock()
        let wait = start.timeIntervalSince(now)
        if wait > 0 { Thread.sleep(forTimeInterval: wait) }
    }
}
