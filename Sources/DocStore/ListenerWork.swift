import Foundation
import Workers

/// Work a listener does away from the thread that delivers its changes: a computed
/// listener's pass over a folder of 20,000 places (most of a second, and an interface's
/// writes happen on its event loop's thread), or a feed's rows on a team server (the
/// authors and the viewer's likes, a round trip each).
///
/// Only the newest job counts: one submitted while another waits replaces it, so a burst
/// of changes costs at most the run under way and one more. Jobs run one at a time on the
/// passes' worker lane (`Lane.passes`), below the screen's priority. What a job returns
/// runs through the store's executor, unless `cancel` came first.
public final class ListenerWork: @unchecked Sendable {
    // @unchecked: `waiting`, `isRunning` and `isCancelled` are read and written under `lock`;
    // jobs run one at a time, each after the last one's thread let go of `isRunning`.
    private let lock = NSLock()
    private var waiting: (() -> (() -> Void)?)?
    private var isRunning = false
    private var isCancelled = false
    private let executor: CallbackExecutor

    public init(executor: CallbackExecutor) {
        self.executor = executor
    }

    /// Runs `job` off the calling thread, in place of any job still waiting; the callback it
    /// returns (nil: nothing to tell) is handed to the executor.
    public func submit(_ job: @escaping () -> (() -> Void)?) {
        let starts = lock.withLock { () -> Bool in
            guard !isCancelled else { return false }
            waiting = job
            defer { isRunning = true }
            return !isRunning
        }
        guard starts else { return }
        Workers.shared.run(.passes) { [self] in
            while let job = next() {
                guard let callback = job() else { continue }
                executor.execute { [self] in if isActive { callback() } }
            }
        }
    }

    /// Stops handing callbacks on; a job under way finishes unseen.
    public func cancel() {
        lock.withLock {
            isCancelled = true
            waiting = nil
        }
    }

    private var isActive: Bool { lock.withLock { !isCancelled } }

    /// The job to run next; nil ends the thread (nothing waits, or cancelled).
    private func next() -> (() -> (() -> Void)?)? {
        lock.withLock {
            let job = isCancelled ? nil : waiting
            waiting = nil
            if job == nil { isRunning = false }
            return job
        }
    }
}
