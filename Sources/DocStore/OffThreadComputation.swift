import Foundation
import ThreadPriority

/// A computed listener's computation, run on a queue of its own instead of on the writing
/// thread with the store held: a pass over a folder of 20,000 places takes most of a second,
/// and an interface's writes happen on its event loop's thread.
///
/// Only the newest change counts: a change while a run is queued is folded into it, and a
/// change during a run queues one more, so a burst of writes costs at most two runs. Runs
/// happen on a thread of the listener's own, started with the first change and ended by
/// `cancel`, at a priority below the screen's (`BehindTheScreen`). The
/// computation reads the store call by call, so writes go on between its reads; the run a
/// later write queues sees them. Results reach the listener through the store's executor,
/// only when they differ from the last one delivered.
final class OffThreadComputation<Value: Equatable>: @unchecked Sendable {
    // @unchecked: `isQueued`, `isCancelled` and `hasThread` are read and written under
    // `condition`; `last` only on the computation's thread, one run at a time.
    private let condition = NSCondition()
    private var isQueued = false
    private var isCancelled = false
    private var hasThread = false
    private var last: Value?
    private let compute: () throws -> Value
    private let listener: (Value) -> Void
    private let onError: (StoreError) -> Void
    private let executor: CallbackExecutor

    init(compute: @escaping () throws -> Value, listener: @escaping (Value) -> Void,
         onError: @escaping (StoreError) -> Void, executor: CallbackExecutor) {
        self.compute = compute
        self.listener = listener
        self.onError = onError
        self.executor = executor
    }

    /// Asks for a run after a change (called on the writing thread, with the store held).
    func request() {
        let starts = condition.withLock { () -> Bool in
            guard !isCancelled else { return false }
            isQueued = true
            condition.signal()
            defer { hasThread = true }
            return !hasThread
        }
        guard starts else { return }
        let thread = Thread { [self] in
            BehindTheScreen.lowerThisThread()
            while waitForRun() { run() }
        }
        thread.name = "tern.store.computed"
        thread.start()
    }

    /// Stops delivering and ends the thread; a run under way finishes unseen.
    func cancel() {
        condition.withLock {
            isCancelled = true
            condition.signal()
        }
    }

    private var isActive: Bool { condition.withLock { !isCancelled } }

    /// Waits until a run is asked for (true) or the computation is cancelled (false).
    private func waitForRun() -> Bool {
        condition.withLock {
            while !isQueued && !isCancelled { condition.wait() }
            isQueued = false
            return !isCancelled
        }
    }

    private func run() {
        let value: Value
        do {
            value = try compute()
        } catch {
            let failure = error as? StoreError ?? .coding("\(error)")
            executor.execute { [self] in if isActive { onError(failure) } }
            return
        }
        guard last != value else { return }
        last = value
        executor.execute { [self] in if isActive { listener(value) } }
    }
}
