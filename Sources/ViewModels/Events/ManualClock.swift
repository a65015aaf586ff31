import Foundation

/// A clock that moves only when told, for tests that need timers to come due on demand.
public final class ManualClock: @unchecked Sendable {
    // @unchecked: tests read and move it from one thread.
    public private(set) var now: Date

    public init(_ start: Date) {
        now = start
    }

    public func advance(by seconds: TimeInterval) {
        now += seconds
    }

    /// The clock as the closure the app and the event queue take.
    public var read: () -> Date { { [unowned self] in self.now } }
}
