import DocStore
import Domain
import Foundation
import ViewModels

/// The services the ports use. On a team server they change once: the interface opens on the
/// signed-in account's replica (`AppServices.readsReplica`, no round trip before the first
/// frame) and moves to the server's own connection when it is made. Ports read `services`
/// at each call, from the loop's thread and from workers.
public final class CurrentServices: @unchecked Sendable {
    // @unchecked: `value` is read and written under `lock`.
    private let lock = NSLock()
    private var value: AppServices

    public init(_ services: AppServices) {
        value = services
    }

    public var services: AppServices { lock.withLock { value } }

    /// From now on the ports read and write through `services`.
    func use(_ services: AppServices) {
        lock.withLock { value = services }
    }
}

/// The `ServerConnecting` port over `CurrentServices`: `connect` opens the server's
/// connection as the signed-in account (`AppServices.connected`, on a worker) and returns
/// the switch to it, which the loop's thread makes (and tells the sync worker, which then
/// stops refreshing the replica every round).
final class ServerConnector: ServerConnecting {
    private let current: CurrentServices
    private weak var outbox: OutboxSync?

    init(current: CurrentServices, outbox: OutboxSync?) {
        self.current = current
        self.outbox = outbox
    }

    var readsLocalCopy: Bool { current.services.readsReplica }

    func connect() throws -> () -> Void {
        let online = try current.services.connected()
        return { [current, weak outbox] in
            current.use(online)
            outbox?.account?.worker.screensReadServer()
        }
    }
}
