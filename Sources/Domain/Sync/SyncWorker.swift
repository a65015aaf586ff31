import DocStore
import Foundation
import Workers

/// Where a team server's writes stand, as the sync worker last saw them.
public struct OutboxState: Equatable, Sendable {
    /// Nil while the server answers; why not otherwise.
    public var unreachableBecause: String?
    /// Writes queued here and not yet confirmed by the server.
    public var pending: Int
    /// The rows those writes change, in the sync port's naming (`WriteIntent.pendingPath`).
    public var pendingPaths: Set<String>

    public var isReachable: Bool { unreachableBecause == nil }
}

/// Sends an account's outbox to its team server on the sync worker lane (`Lane.sync`),
/// never the event loop's thread: at once when asked (`syncNow`, after each queued write, the sync key), and again
/// after a failure with back-off (doubling up to `longestRetry`, so a server that comes back
/// is noticed soon after it does). Once the outbox is empty it refreshes
/// the replica from the server, then checks the server every few seconds (refreshing the
/// replica each time when the screens read from it). Reports go through `executor`.
///
/// The worker holds its own connection (opened by `connect`), so sending never waits on
/// the interface's reads, and the replica's send lock keeps `tern sync` from sending the
/// same outbox at the same time.
public final class SyncWorker: @unchecked Sendable {
    // @unchecked: `state`, `observers`, `wanted`, `stopped` and `readsReplica` are read and
    // written under `condition`; `online`, `retryDelay` and `refreshed` only by its rounds,
    // which run one at a time on the sync lane.
    public typealias Observer = (onChange: (OutboxState) -> Void, onDropped: (WriteIntent, String) -> Void)

    let replica: LocalReplica
    let sessionFile: SessionFile
    let connect: () throws -> AppServices
    /// The team server, asked whether the account was removed when it refuses to sign in.
    let server: ServerAccess?
    /// True while the screens read the replica: each round then refreshes it.
    private var readsReplica: Bool
    let executor: CallbackExecutor
    private let condition = NSCondition()
    private var state: OutboxState
    private var observers: [Int: Observer] = [:]
    private var nextObserver = 0
    private var wanted = true
    private var stopped = false
    private var online: AppServices?
    private var retryDelay: TimeInterval = 0.5
    private var refreshed = false

    /// How long the worker waits between checks while everything is sent.
    static let idleInterval: TimeInterval = 5
    /// The longest wait between attempts to reach a server that does not answer: trying a
    /// refused connection costs a round trip, and writes should not wait long once it is back.
    static let longestRetry: TimeInterval = 4

    /// A worker for `services`' replica (nil for the embedded store or a signed-out reader).
    /// `connect` opens the worker's own connection to the server.
    public init?(services: AppServices, executor: CallbackExecutor, connect: @escaping () throws -> AppServices) {
        guard let replica = services.replica else { return nil }
        self.replica = replica
        self.sessionFile = services.sessionFile
        self.connect = connect
        self.server = services.auth.server
        self.readsReplica = services.store === replica.store
        self.executor = executor
        self.state = OutboxState(
            unreachableBecause: services.unreachable.map(ServerReach.reason),
            pending: (try? replica.pendingCount()) ?? 0,
            pendingPaths: (try? replica.pendingPaths()) ?? [])
    }

    /// Starts the worker's rounds; they go on until `stop()`.
    public func start() {
        schedule(after: 0)
    }

    /// Ends the rounds and closes the worker's own connection, on its lane after any round
    /// under way: a stopped worker holds none of the account's few connections to the server
    /// (a login role has a connection limit), whoever still holds the worker.
    public func stop() {
        condition.withLock { stopped = true }
        Workers.shared.cancel(.sync, key: WorkKey(self))
        Workers.shared.run(.sync) { [self] in
            online?.store.close()
            online = nil
        }
    }

    /// Calls `onChange` now and on every change of the state, `onDropped` once for each write
    /// the server refused; returns what stops the reports.
    public func observe(
        _ onChange: @escaping (OutboxState) -> Void,
        onDropped: @escaping (WriteIntent, String) -> Void
    ) -> () -> Void {
        condition.lock()
        let id = nextObserver
        nextObserver += 1
        observers[id] = (onChange, onDropped)
        let current = state
        condition.unlock()
        executor.execute { onChange(current) }
        return { [weak self] in
            guard let self else { return }
            self.condition.lock()
            self.observers[id] = nil
            self.condition.unlock()
        }
    }

    /// The screens read the server itself from now on (the interface opened on the replica
    /// and has connected): the replica is refreshed only after writes were sent, as online.
    public func screensReadServer() {
        condition.withLock { readsReplica = false }
    }

    /// Sends the outbox as soon as the worker is free (a new write, a key press).
    public func syncNow() {
        condition.withLock {
            wanted = true
            if !stopped { schedule(after: 0) }
        }
    }

    /// After a write was queued (on the caller's thread): reports the new pending state
    /// before the caller returns, so the screens never see the write as neither pending
    /// nor sent, then wakes the worker.
    public func didQueue() {
        publish(unreachableBecause: current.unreachableBecause)
        syncNow()
    }

    /// The state as last reported.
    public var current: OutboxState {
        condition.lock()
        defer { condition.unlock() }
        return state
    }

    /// The next round, in place of one still waiting: one round at a time, none between.
    /// Called under `condition` (or before any round runs).
    private func schedule(after delay: TimeInterval) {
        Workers.shared.run(.sync, key: WorkKey(self), after: delay) { [self] in round() }
    }

    private func round() {
        guard
            condition.withLock({ () -> Bool in
                wanted = false
                return !stopped
            })
        else { return }
        let delay = attempt()
        // Under the lock, so a `syncNow` meanwhile is never replaced by the longer wait.
        condition.withLock {
            if !stopped { schedule(after: wanted ? 0 : delay) }
        }
    }

    /// One round: send what waits, refresh or check, report; returns how long to wait.
    private func attempt() -> TimeInterval {
        publish(unreachableBecause: current.unreachableBecause)
        do {
            let online = try self.online ?? connect()
            self.online = online
            guard let session = try sessionFile.read(), session.uid == replica.uid else { return Self.idleInterval }
            var lastReport = Date()
            let summary = try OutboxReplay.send(replica, through: online, session: session) { [self] event in
                if case .dropped(let write, let reason) = event { report(dropped: write, reason: reason) }
                // Pending marks clear as writes are confirmed, at most ten reports a second.
                if Date().timeIntervalSince(lastReport) >= 0.1 {
                    lastReport = Date()
                    publish(unreachableBecause: nil)
                }
            }
            if let error = summary.stoppedBy { throw error }
            if condition.withLock({ readsReplica }) || !refreshed || summary.dropped > 0
                || summary.sentWrites.contains(where: \.changesManyDocuments)
            {
                refreshed = try ReplicaRefresh.refresh(replica, from: online.store)
            } else if summary.sent > 0 {
                // Only what the sent writes changed: the rest of the replica is as fresh as before.
                try ReplicaRefresh.refresh(replica, after: summary.sentWrites, from: online.store)
            } else {
                _ = try online.store.document("users/\(replica.uid)").getDocument()
            }
            retryDelay = 0.5
            publish(unreachableBecause: nil)
            return Self.idleInterval
        } catch {
            if let storeError = error as? StoreError,
                storeError.code.isUnreachable || storeError.code.isAuthenticationFailure
            {
                online?.store.close()
                online = nil
            }
            // Removed by an administrator: what is queued can never be sent; say so for each.
            let dropped = try? OutboxReplay.dropIfRemoved(replica, after: error, server: server) { [self] event in
                if case .dropped(let write, let reason) = event { report(dropped: write, reason: reason) }
            }
            if let dropped, dropped > 0 {
                publish(unreachableBecause: ServerReach.reason(error))
                return Self.longestRetry
            }
            publish(unreachableBecause: ServerReach.reason(error))
            defer { retryDelay = min(retryDelay * 2, Self.longestRetry) }
            return retryDelay
        }
    }

    private func publish(unreachableBecause reason: String?) {
        let next = OutboxState(
            unreachableBecause: reason, pending: (try? replica.pendingCount()) ?? 0,
            pendingPaths: (try? replica.pendingPaths()) ?? [])
        condition.lock()
        let changed = next != state
        state = next
        let targets = observers.values.map(\.onChange)
        condition.unlock()
        guard changed else { return }
        executor.execute { targets.forEach { $0(next) } }
    }

    private func report(dropped write: WriteIntent, reason: String) {
        condition.lock()
        let targets = observers.values.map(\.onDropped)
        condition.unlock()
        executor.execute { targets.forEach { $0(write, reason) } }
    }
}
