import Foundation

/// The one queue through which store callbacks, catalog readiness, finished background work
/// and timers reach the event loop. Any thread may post; the loop takes events in order.
/// `onPost` wakes the loop when the queue stops being empty (the curses wake-up pipe), so a
/// waiting loop answers at once and an idle one uses no CPU.
public final class EventQueue: @unchecked Sendable {
    // @unchecked: every stored property is read and written under `lock`.
    private let lock = NSLock()
    private var posted: [AppEvent] = []
    private var timers: [TimerID: (deadline: Date, order: Int, action: () -> Void)] = [:]
    private var timerOrder = 0
    private let now: () -> Date
    /// Called (on the posting thread) when an event arrives in an empty queue.
    public var onPost: () -> Void = {}

    /// `now` is the clock timers are measured on (tests move it by hand).
    public init(now: @escaping () -> Date = Date.init) {
        self.now = now
    }

    /// Adds an event; safe from any thread.
    public func post(_ event: AppEvent) {
        lock.lock()
        let wasEmpty = posted.isEmpty
        posted.append(event)
        lock.unlock()
        if wasEmpty { onPost() }
    }

    /// Posts `.timerFired(id, action)` once `seconds` have passed, replacing a timer of the
    /// same name that is still waiting.
    public func schedule(_ id: TimerID, after seconds: TimeInterval, action: @escaping () -> Void) {
        lock.lock()
        timerOrder += 1
        timers[id] = (now().addingTimeInterval(seconds), timerOrder, action)
        lock.unlock()
    }

    public func cancelTimer(_ id: TimerID) {
        lock.lock()
        timers[id] = nil
        lock.unlock()
    }

    public func isScheduled(_ id: TimerID) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return timers[id] != nil
    }

    /// Milliseconds until the next timer is due (0 when one is), or nil without timers:
    /// how long the loop may sleep.
    public func millisecondsUntilNextTimer() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard let deadline = timers.values.map(\.deadline).min() else { return nil }
        return max(0, Int((deadline.timeIntervalSince(now()) * 1000).rounded(.up)))
    }

    /// The next event: posted events first, in order, then due timers, earliest first.
    public func next() -> AppEvent? {
        lock.lock()
        defer { lock.unlock() }
        if !posted.isEmpty { return posted.removeFirst() }
        let current = now()
        let due = timers.filter { $0.value.deadline <= current }
            .min { ($0.value.deadline, $0.value.order) < ($1.value.deadline, $1.value.order) }
        guard let (id, timer) = due else { return nil }
        timers[id] = nil
        return .timerFired(id, timer.action)
    }

    /// How many posted events wait (timers not counted).
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return posted.count
    }
}
