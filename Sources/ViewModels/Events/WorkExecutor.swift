import Foundation
import Workers

/// Where background jobs run: on the process's worker lanes in the app; on the caller's
/// thread or held until released in tests, so a test decides exactly when an answer arrives.
public protocol WorkExecutor: AnyObject {
    func execute(_ job: @escaping @Sendable () -> Void)
    /// Runs `job` on `lane`'s thread (else as `execute`).
    func execute(on lane: Lane, _ job: @escaping @Sendable () -> Void)
}

extension WorkExecutor {
    public func execute(on lane: Lane, _ job: @escaping @Sendable () -> Void) { execute(job) }
}

/// Each job on its lane's thread (`Workers`), in order behind the lane's other jobs.
public final class LaneWorkExecutor: WorkExecutor {
    public init() {}

    public func execute(_ job: @escaping @Sendable () -> Void) {
        execute(on: .reads, job)
    }

    public func execute(on lane: Lane, _ job: @escaping @Sendable () -> Void) {
        Workers.shared.run(lane, job)
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
