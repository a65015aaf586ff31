import DocStore
import Foundation

extension AppServices {
    /// Puts `write` in the outbox, durably (one local commit) before it returns, after
    /// checking it as the server will; then makes it on the replica too, so that what is
    /// read from there shows it at once. The replica may not hold what the write refers to
    /// (a post never seen here): that local copy is skipped, the server decides when it is sent.
    /// A favorites edit is made on the replica first, and a refusal there queues nothing.
    /// Only on a team server with someone signed in.
    @discardableResult
    public func queue(_ write: WriteIntent, session: Session) throws -> LocalReplica.Entry {
        guard let replica, let local else {
            throw StoreError.invalidArgument("only a store on a team server queues writes")
        }
        let write = write.resolved(in: self)
        try write.validate()
        guard case .editFavorites = write else {
            let entry = try replica.enqueue(write)
            LocalReplica.$isApplyingQueuedWrite.withValue(true) { _ = try? write.apply(to: local, session: session) }
            return entry
        }
        // The replica holds all of the account's folders and favorites, so what it refuses
        // (a folder name taken, a folder gone) the server would refuse too: refused now.
        do {
            try LocalReplica.$isApplyingQueuedWrite.withValue(true) { try write.apply(to: local, session: session) }
        } catch  where OutboxReplay.isRefusal(error) {
            throw error
        } catch {}
        return try replica.enqueue(write)
    }

    /// After a profile edit made on the server itself (`tern profile set`): the account's
    /// replica keeps the new profile, so the next interface, which opens on the replica,
    /// shows it (and no onboarding) before it reaches the server. One read of the server.
    public func copyOwnProfile(session: Session) throws {
        guard let replica, !readsReplica, replica.uid == session.uid else { return }
        try ReplicaRefresh.copyProfile(store.document("users/" + session.uid).getDocument(), into: replica)
    }

    /// Sends the outbox through this (online) store, then, when it emptied, refreshes the
    /// replica from the server.
    public func sendOutbox(session: Session, report: (OutboxReplay.Event) -> Void = { _ in }) throws
        -> OutboxReplay.Summary
    {
        guard let replica, unreachable == nil else {
            throw unreachable ?? StoreError.invalidArgument("only a store on a team server has an outbox")
        }
        var summary = try OutboxReplay.send(replica, through: self, session: session, report: report)
        if let error = summary.stoppedBy {
            summary.dropped += try OutboxReplay.dropIfRemoved(
                replica, after: error, server: auth.server, report: report)
            summary.pending = try replica.pendingCount()
        } else {
            try ReplicaRefresh.refresh(replica, from: store)
        }
        return summary
    }
}

extension AppServices {
    /// These services with `session`'s replica and outbox, for an account signed in after
    /// opening (the interface started signed out, or another account signed in): the same
    /// server connection (already moved to the account's role), its replica opened beside
    /// it. Themselves when they already hold that account's replica; nil off a team server.
    public func withReplica(for session: Session) throws -> AppServices? {
        guard let server = auth.server else { return nil }
        if replica?.uid == session.uid { return self }
        let replica = try LocalReplica.open(
            paths: paths, server: server.server, uid: session.uid,
            executor: store.callbackExecutor)
        return AppServices(
            paths: paths, store: store, server: server, replica: replica, unreachable: nil,
            hasher: auth.hasher, clock: auth.clock)
    }
}
