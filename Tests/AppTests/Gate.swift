import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where a far store's calls wait until the test opens it, as a server 200 ms away (or one
/// that stopped answering) keeps a worker waiting; it records the threads that passed.
final class Gate: @unchecked Sendable {
    // @unchecked: `isOpen`, `waiting` and `callers` are read and written under `condition`.
    private let condition = NSCondition()
    private var isOpen = true
    private var waiting = 0
    private var callers: [pthread_t] = []

    /// Closes the gate and forgets the callers seen so far.
    func close() {
        condition.withLock {
            isOpen = false
            callers = []
        }
    }

    func open() {
        condition.withLock {
            isOpen = true
            condition.broadcast()
        }
    }

    /// Whether a call is waiting at the gate (within a few seconds).
    func hasCallerWaiting() -> Bool {
        condition.withLock {
            let deadline = Date().addingTimeInterval(5)
            while waiting == 0 && condition.wait(until: deadline) {}
            return waiting > 0
        }
    }

    /// Whether any call since `close()` was made on `thread`.
    func wasPassed(on thread: pthread_t) -> Bool {
        condition.withLock { callers.contains { pthread_equal($0, thread) != 0 } }
    }

    /// Waits while the gate is closed.
    func pass() {
        condition.withLock {
            callers.append(pthread_self())
            waiting += 1
            condition.broadcast()
            // Bounded, so that a call made on the loop's thread fails the test instead of hanging it.
            let deadline = Date().addingTimeInterval(5)
            while !isOpen && condition.wait(until: deadline) {}
            waiting -= 1
        }
    }
}
