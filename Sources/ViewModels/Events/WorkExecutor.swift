import Foundation
import ThreadPriority

/// Where background jobs run: on worker threads in the app; on the caller's thread or held
/// until released in tests, so a test decides exactly when an answer arrives.
public protocol WorkExecutor: AnyObject {
    func execute(_ job: @escaping @Sendable () -> Void)
    /// Runs `job`, below the screen's priority when `behindTheScreen` and the job has a
    /// thread of its own (else as `execute`).
    func execute(behindTheScreen: Bool, _ job: @escaping @Sendable () -> Void)
}

extension WorkExecutor {
    public func execute(behindTheScreen: Bool, _ job: @escaping @Sendable () -> Void) { execute(job) }
}

/// Each job on a new thread (jobs are few: a form submission, a debounced search).
public final class ThreadWorkExecutor: WorkExecutor {
    public init() {}

    public func execute(_ job: @escaping @Sendable () -> Void) {
        execute(behindTheScreen: false, job)
    }

    public func execute(behindTheScreen: Bool, _ job: @escaping @Sendable () -> Void) {
        let thread = Thread {
            if behindTheScreen { BehindTheScreen.lowerThisThread() }
            job()
        }
        // The same stack the catalog loader gets: jobs may parse or search deeply.
        thread.stackSize = 1 << 22
        thread.start()
    }
}

/// Runs each job at once on the caller's thread; the answer still travels through the
/// event queue, so it is applied when the loop next takes events.
public final class InlineWorkExecutor: WorkExecutor {
    public init() {}

    public func execute(_ job: @escaping @Sendable () -> Void) { job() }
}

/// Keeps jobs until the test runs them, oldest first.
public final class HeldWorkExecutor: WorkExecutor {
    private var jobs: [@Sendable () -> Void] = []

    public init() {}

    public func execute(_ job: @escaping @Sendable () -> Void) { jobs.append(job) }

    public var waiting: Int { jobs.count }

    /// Runs the oldest waiting job; returns whether there was one.
    @discardableResult
    public func runNext() -> Bool {
        guard !jobs.isEmpty else { return false }
        jobs.removeFirst()()
        return true
    }

    public func runAll() {
        while runNext() {}
    }
}
