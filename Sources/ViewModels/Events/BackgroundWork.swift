import Foundation

/// Runs slow work (password hashing, a request to a server or an online provider) off the
/// event loop's thread and brings its answer back as an `AppEvent.workFinished`, applied on
/// the loop's thread. Lanes say what overlapping requests do (`WorkLane.Policy`); a
/// request's `WorkToken` tells the worker when its answer is no longer wanted.
///
/// `run` and `cancel` are called on the loop's thread; the work closure runs elsewhere and
/// must only use what it captured, never view-model state.
public final class BackgroundWork: @unchecked Sendable {
    // @unchecked: `lanes` is read and written under `lock` (tokens read it from workers).
    private let lock = NSLock()
    /// Where answers are posted.
    public let queue: EventQueue
    private let executor: WorkExecutor
    private var lanes: [WorkLane: LaneState] = [:]

    private struct LaneState {
        /// The generation of the newest request; answers of older ones are stale (latest-only).
        var newest = 0
        /// Requests of generations up to this one were cancelled.
        var cancelledThrough = 0
        var inFlight: Int?
        var waiting: [(generation: Int, start: () -> Void)] = []
    }

    public init(queue: EventQueue, executor: WorkExecutor = LaneWorkExecutor()) {
        self.queue = queue
        self.executor = executor
    }

    /// Runs `work` on a worker, then `apply` with its result on the loop's thread, following
    /// the lane's policy.
    public func run<Value>(
        _ lane: WorkLane, _ work: @escaping (WorkToken) throws -> Value,
        then apply: @escaping (Result<Value, Error>) -> Void
    ) {
        lock.lock()
        var state = lanes[lane] ?? LaneState()
        state.newest += 1
        let generation = state.newest
        let token = WorkToken(work: self, lane: lane, generation: generation)
        let handoff = Handoff((work: work, apply: apply))
        let start = { [queue, executor] in
            executor.execute(on: lane.worker) {
                let result = Handoff(Result { try handoff.value.work(token) })
                queue.post(
                    .workFinished(
                        WorkCompletion(lane: lane, generation: generation, token: token) {
                            handoff.value.apply(result.value)
                        }))
            }
        }
        if lane.policy == .latestOnly { state.waiting.removeAll() }
        let startsNow = state.inFlight == nil
        if startsNow { state.inFlight = generation } else { state.waiting.append((generation, start)) }
        lanes[lane] = state
        lock.unlock()
        if startsNow { start() }
    }

    /// Drops the lane's waiting requests and the answer of the one in flight (its worker
    /// sees `token.isCancelled`).
    public func cancel(_ lane: WorkLane) {
        lock.lock()
        if var state = lanes[lane] {
            state.cancelledThrough = state.newest
            state.waiting.removeAll()
            lanes[lane] = state
        }
        lock.unlock()
    }

    /// Whether a request of the lane is in flight or waiting (for an in-progress indicator).
    public func isBusy(_ lane: WorkLane) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard let state = lanes[lane] else { return false }
        return state.inFlight != nil || !state.waiting.isEmpty
    }

    /// Applies a finished request unless it is stale, then starts the lane's next request.
    /// Called on the loop's thread when the `.workFinished` event is taken.
    func deliver(_ completion: WorkCompletion) {
        let apply = !completion.token.isCancelled
        lock.lock()
        var next: (() -> Void)?
        if var state = lanes[completion.lane] {
            if state.inFlight == completion.generation {
                state.inFlight = nil
                if !state.waiting.isEmpty {
                    let waiting = state.waiting.removeFirst()
                    state.inFlight = waiting.generation
                    next = waiting.start
                }
            }
            lanes[completion.lane] = state
        }
        lock.unlock()
        if apply { completion.apply() }
        next?()
    }

    fileprivate func isCancelled(_ lane: WorkLane, generation: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard let state = lanes[lane] else { return false }
        if generation <= state.cancelledThrough { return true }
        return lane.policy == .latestOnly && generation != state.newest
    }
}

/// Handed to a request's work: whether its answer is still wanted, so that a worker can
/// stop early (a request superseded by a newer one, or cancelled).
public struct WorkToken: @unchecked Sendable {
    // @unchecked: `BackgroundWork` guards its own state with a lock.
    fileprivate let work: BackgroundWork
    public let lane: WorkLane
    public let generation: Int

    public var isCancelled: Bool { work.isCancelled(lane, generation: generation) }
}

/// A finished request on its way to the loop.
public struct WorkCompletion {
    public let lane: WorkLane
    public let generation: Int
    let token: WorkToken
    let apply: () -> Void

    init(lane: WorkLane, generation: Int, token: WorkToken, apply: @escaping () -> Void) {
        self.lane = lane
        self.generation = generation
        self.token = token
        self.apply = apply
    }

    /// Applies the answer on the loop's thread unless it became stale.
    public func deliver() {
        token.work.deliver(self)
    }
}

/// A request's closures and answer, passed from the loop's thread to one worker and back:
/// `@unchecked` because each is used by one thread at a time (the work on the worker, the
/// answer and `apply` on the loop after the queue hands them over), which the compiler cannot see.
public struct Handoff<Value>: @unchecked Sendable {
    // @unchecked: one thread at a time uses it, handed over by the executor and the queue.
    public let value: Value

    public init(_ value: Value) { self.value = value }
}
