import Foundation

/// One lane's waiting jobs and its thread.
final class LaneQueue: @unchecked Sendable {
    // @unchecked: `jobs`, `sequence` and `thread` are read and written only under `condition`.
    private struct Job {
        let due: Date
        let sequence: Int
        let key: WorkKey?
        let run: @Sendable () -> Void
    }

    let lane: Lane
    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var sequence = 0
    private var thread: Thread?

    init(lane: Lane) {
        self.lane = lane
    }

    var hasStarted: Bool { condition.withLock { thread != nil } }

    func add(_ run: @escaping @Sendable () -> Void, key: WorkKey?, due: Date) {
        condition.withLock {
            if let key { jobs.removeAll { $0.key == key } }
            sequence += 1
            jobs.append(Job(due: due, sequence: sequence, key: key, run: run))
            if thread == nil { start() }
            condition.signal()
        }
    }

    func remove(key: WorkKey) {
        condition.withLock { jobs.removeAll { $0.key == key } }
    }

    /// Called under `condition`.
    private func start() {
        let thread = Thread { [self] in
            if lane.isBehindTheScreen { BehindTheScreen.lowerThisThread() }
            while true { next()() }
        }
        thread.name = "tern.\(lane.name)"
        // Jobs may parse or build the catalog's index, which recurses deeper than a
        // secondary thread's default stack allows.
        thread.stackSize = 1 << 22
        self.thread = thread
        thread.start()
    }

    /// Waits for the job due first (the oldest among those due together) and takes it.
    private func next() -> @Sendable () -> Void {
        condition.lock()
        defer { condition.unlock() }
        while true {
            let now = Date()
            if let index = jobs.indices.min(by: { Self.before(jobs[$0], jobs[$1]) }) {
                if jobs[index].due <= now { return jobs.remove(at: index).run }
                _ = condition.wait(until: jobs[index].due)
            } else {
                condition.wait()
            }
        }
    }

    private static func before(_ a: Job, _ b: Job) -> Bool {
        a.due != b.due ? a.due < b.due : a.sequence < b.sequence
    }
}
