import DocStore
import Domain
import Foundation
import ViewModels
import Workers

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
/// stops refreshing the replica every round); signed out, the public feed is then copied
/// into the guest copy for the next start, on a thread of its own.
final class ServerConnector: ServerConnecting {
    private let current: CurrentServices
    private weak var outbox: OutboxSync?

    init(current: CurrentServices, outbox: OutboxSync?) {
        self.current = current
        self.outbox = outbox
    }

    var readsLocalCopy: Bool { current.services.readsReplica }

    func connect() throws -> () -> Bool {
        let online: AppServices
        do {
            online = try current.services.connected()
        } catch {
            throw ServerConnectFailure(
                reason: ServerReach.reason(error),
                isUnreachable: (error as? StoreError)?.code.isUnreachable ?? false)
        }
        return { [current, weak outbox] in
            // Signed in or out while connecting: this connection is another account's.
            guard (try? online.session())?.uid == online.replica?.uid else {
                online.store.close()
                return false
            }
            current.use(online)
            outbox?.account?.worker.screensReadServer()
            if online.replica == nil {
                Workers.shared.run(.sync) { try? online.copyPublicFeed() }
            }
            return true
        }
    }

    func readLocalCopy(of uid: String?) -> Bool {
        let services = current.services
        let session: Session?
        do { session = try services.session() } catch { return false }
        guard services.readsReplica, session?.uid == uid,
            let copy = try? services.localCopy(for: session), copy !== services
        else { return false }
        current.use(copy)
        return true
    }
}
