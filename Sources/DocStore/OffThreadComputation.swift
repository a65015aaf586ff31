import Foundation

/// A computed listener's computation, run on a queue of its own instead of on the writing
/// thread with the store held: a pass over a folder of 20,000 places takes most of a second,
/// and an interface's writes happen on its event loop's thread.
///
/// Only the newest change counts: a change while a run is queued is folded into it, and a
/// change during a run queues one more, so a burst of writes costs at most two runs. The
/// computation reads the store call by call, so writes go on between its reads; the run a
/// later write queues sees them. Results reach the listener through the store's executor,
/// only when they differ from the last one delivered.
final class OffThreadComputation<Value: Equatable>: @unchecked Sendable {
    // @unchecked: `isQueued` and `isCancelled` are read and written under `lock`; `last`
    // only on `queue`, one run at a time.
    private let queue = DispatchQueue(label: "tern.store.computed")
    private let lock = NSLock()
    private var isQueued = false
    private var isCancelled = false
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
        let queues = lock.withLock { () -> Bool in
            guard !isCancelled, !isQueued else { return false }
            isQueued = true
            return true
        }
        if queues { queue.async { self.run() } }
    }

    /// Stops delivering; a run under way finishes unseen.
    func cancel() {
        lock.withLock { isCancelled = true }
    }

    private var isActive: Bool { lock.withLock { !isCancelled } }

    private func run() {
        lock.withLock { isQueued = false }
        guard isActive else { return }
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
