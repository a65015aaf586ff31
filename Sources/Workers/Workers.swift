import Foundation

/// The one mechanism that runs work off the event loop's thread: a fixed set of lanes
/// (`Lane.all`), each one thread taking its jobs one at a time. A job goes in order behind
/// the lane's others, or, given a `key`, latest-only: it replaces the job of that key still
/// waiting (a newer search, another check of the same outbox). A job may wait before it
/// starts (`after`), so a periodic task holds no thread between its rounds.
///
/// Jobs must not wait on other jobs of their lane: they would wait forever.
public final class Workers: Sendable {
    /// The process's lanes.
    public static let shared = Workers()

    private let queues: [Lane: LaneQueue]

    init() {
        queues = Dictionary(uniqueKeysWithValues: Lane.all.map { ($0, LaneQueue(lane: $0)) })
    }

    /// Runs `job` on `lane`'s thread, after `delay` seconds when given; with `key`, in place
    /// of that key's job still waiting.
    public func run(
        _ lane: Lane, key: WorkKey? = nil, after delay: TimeInterval = 0, _ job: @escaping @Sendable () -> Void
    ) {
        queues[lane]?.add(job, key: key, due: Date().addingTimeInterval(max(0, delay)))
    }

    /// Drops `key`'s job still waiting on `lane`, if any.
    public func cancel(_ lane: Lane, key: WorkKey) {
        queues[lane]?.remove(key: key)
    }

    /// How many lane threads have started (each runs until the process ends).
    public var startedThreads: Int { queues.values.filter(\.hasStarted).count }
}

/// What makes jobs latest-only: one of each key waits at a time.
public struct WorkKey: Hashable, Sendable {
    let id: ObjectIdentifier
    let name: String

    /// A key of `owner`'s, told apart from its other keys by `name`.
    public init(_ owner: AnyObject, _ name: String = "") {
        id = ObjectIdentifier(owner)
        self.name = name
    }
}
