import DocStore
import Domain
import Foundation
import ViewModels

/// The sync port on a team server: the signed-in account's outbox (its replica and
/// `SyncWorker`), its state told as the screens' `SyncStatus`. It follows the account: a
/// sign-in opens that account's replica and starts its worker at once, another account's
/// sign-in switches to its own, a sign-out stops the worker (its unsent writes wait in the
/// replica for that account's next sign-in). The worker stops when the port goes away.
public final class OutboxSync: SyncPort, @unchecked Sendable {
    // @unchecked: `account`, `observers` and `stopObserving` are read and written under `lock`
    // (writes are queued from the store's write lane, accounts followed on the loop's thread).
    /// One account's outbox: the services holding its replica, and the worker sending it.
    public struct Account {
        public let services: AppServices
        public let worker: SyncWorker
        public var uid: String? { services.replica?.uid }
    }

    private typealias Observer = (onChange: (SyncStatus) -> Void, onDropped: (DroppedWrite) -> Void)

    private let opened: CurrentServices
    private var services: AppServices { opened.services }
    private let executor: CallbackExecutor
    private let environment: [String: String]
    private let lock = NSLock()
    private var current: Account?
    private var observers: [Int: Observer] = [:]
    private var nextObserver = 0
    private var stopObserving: (() -> Void)?

    /// A port for `services` on a team server, with a started worker when someone is signed
    /// in; nil on the embedded store.
    public convenience init?(
        services: AppServices, executor: CallbackExecutor,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.init(current: CurrentServices(services), executor: executor, environment: environment)
    }

    /// The same over `current`, whose services move to the server's connection once it is made.
    public init?(
        current: CurrentServices, executor: CallbackExecutor,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        let services = current.services
        guard services.isTeamServer else { return nil }
        self.opened = current
        self.executor = executor
        self.environment = environment
        if services.replica != nil { switchTo(services) }
    }

    deinit { lock.withLock { current }?.worker.stop() }

    /// Stops the account's worker and closes its connection (what quitting does to a
    /// process; the benches start many interfaces in one).
    public func stop() {
        switchTo(nil)
    }

    /// The signed-in account's outbox, nil when nobody is signed in.
    public var account: Account? { lock.withLock { current } }

    public func observeSync(
        _ onChange: @escaping (SyncStatus) -> Void,
        onDropped: @escaping (DroppedWrite) -> Void
    ) -> Cancellable {
        let (id, account) = lock.withLock { () -> (Int, Account?) in
            nextObserver += 1
            observers[nextObserver] = (onChange, onDropped)
            return (nextObserver, current)
        }
        let status = account.map { Self.status($0.worker.current) } ?? SyncStatus(connection: .online)
        executor.execute { onChange(status) }
        return AnyCancellable { [weak self] in
            guard let self else { return }
            self.lock.withLock { self.observers[id] = nil }
        }
    }

    public func syncNow() {
        account?.worker.syncNow()
    }

    /// Opens `uid`'s replica and starts its worker (stopping the previous account's), or
    /// stops it when signed out. Opening a replica is a local file, not the network.
    public func follow(account uid: String?) {
        guard uid != account?.uid else { return }
        guard let uid, let session = try? services.session(), session.uid == uid,
            let accountServices = try? services.withReplica(for: session)
        else {
            switchTo(nil)
            return
        }
        switchTo(accountServices)
    }

    private func switchTo(_ accountServices: AppServices?) {
        let next = accountServices.flatMap { accountServices -> Account? in
            let (paths, location, environment) = (services.paths, accountServices.replica?.server, self.environment)
            return SyncWorker(
                services: accountServices, executor: executor,
                connect: {
                    try AppServices.open(
                        paths: paths, storeLocation: location, environment: environment, offline: .serverOnly)
                }
            ).map { Account(services: accountServices, worker: $0) }
        }
        let (previous, previousObservation) = lock.withLock { () -> (Account?, (() -> Void)?) in
            defer {
                current = next
                stopObserving = nil
            }
            return (current, stopObserving)
        }
        previousObservation?()
        previous?.worker.stop()
        guard let worker = next?.worker else {
            let status = SyncStatus(connection: .online)
            let targets = observing().map(\.onChange)
            executor.execute { targets.forEach { $0(status) } }
            return
        }
        let uid = next?.uid
        let stop = worker.observe(
            { [weak self] state in
                self?.observing().forEach { $0.onChange(Self.status(state)) }
            },
            onDropped: { [weak self] write, reason in
                let path = uid.map { write.pendingPath(uid: $0) }
                let dropped = DroppedWrite(description: write.description, reason: reason, path: path)
                self?.observing().forEach { $0.onDropped(dropped) }
            })
        lock.withLock { stopObserving = stop }
        worker.start()
    }

    private func observing() -> [Observer] {
        lock.withLock { Array(observers.values) }
    }

    static func status(_ state: OutboxState) -> SyncStatus {
        SyncStatus(
            connection: state.unreachableBecause.map { .offline(reason: $0) } ?? .online,
            pendingWrites: state.pending, pendingPaths: state.pendingPaths, isStale: !state.isReachable)
    }
}
