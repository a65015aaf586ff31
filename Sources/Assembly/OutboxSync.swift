import DocStore
import Domain
import Foundation
import ViewModels

/// The sync port on a team server: the account's `SyncWorker`, its state told as the
/// screens' `SyncStatus`. The worker stops when the port goes away.
public final class OutboxSync: SyncPort {
    public let worker: SyncWorker

    /// A port with a started worker for `services`' replica; nil without one (the embedded
    /// store, or nobody signed in on the server).
    public init?(services: AppServices, executor: CallbackExecutor, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let paths = services.paths
        let location = services.replica?.server
        guard let worker = SyncWorker(services: services, executor: executor, connect: {
            try AppServices.open(paths: paths, storeLocation: location, environment: environment, offline: .serverOnly)
        }) else { return nil }
        self.worker = worker
        worker.start()
    }

    deinit { worker.stop() }

    public func observeSync(_ onChange: @escaping (SyncStatus) -> Void,
                            onDropped: @escaping (DroppedWrite) -> Void) -> Cancellable {
        let stop = worker.observe({ onChange(Self.status($0)) },
                                  onDropped: { onDropped(DroppedWrite(description: $0.description, reason: $1)) })
        return AnyCancellable(stop)
    }

    public func syncNow() {
        worker.syncNow()
    }

    static func status(_ state: OutboxState) -> SyncStatus {
        SyncStatus(connection: state.unreachableBecause.map { .offline(reason: $0) } ?? .online,
                   pendingWrites: state.pending, pendingPaths: state.pendingPaths, isStale: !state.isReachable)
    }
}
