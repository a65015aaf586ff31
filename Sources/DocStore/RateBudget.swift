import Foundation

/// A token bucket: up to `burst` events at once, then `perSecond` a second. It bounds the
/// work that notifications (anyone on the server may send them) can make a client do.
struct RateBudget {
    let burst: Double
    let perSecond: Double
    private var tokens: Double
    private var updated = Date.distantPast

    init(burst: Double, perSecond: Double) {
        self.burst = burst
        self.perSecond = perSecond
        tokens = burst
    }

    /// Spends one token when there is one; false (spend nothing) otherwise.
    mutating func take(at now: Date) -> Bool {
        if updated != .distantPast { tokens = min(burst, tokens + now.timeIntervalSince(updated) * perSecond) }
        updated = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
