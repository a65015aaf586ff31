import DocStore
import Foundation
import Localization

/// Sends a replica's outbox to the server, oldest write first, one at a time.
///
/// A write the server confirms leaves the outbox; one its rules refuse (an SQLSTATE they
/// raise, or the service's own refusal derived from it, such as a post deleted meanwhile)
/// leaves it too, reported as dropped; any other failure (the network, a timeout, a
/// password the server no longer takes) stops the replay with the write still first in
/// line, so nothing is lost and nothing overtakes it.
public enum OutboxReplay {
    /// What happened to one write.
    public enum Event: Equatable, Sendable {
        case sent(WriteIntent)
        case dropped(WriteIntent, reason: String)
        /// An entry this build cannot read, taken out so later writes are not held behind it.
        case unreadable(sequence: Int, reason: String)
    }

    /// The counts of one replay, and what stopped it early (nil when the outbox emptied).
    public struct Summary: Sendable {
        public var sent = 0
        /// The writes the server confirmed, in the order sent.
        public var sentWrites: [WriteIntent] = []
        public var dropped = 0
        public var pending = 0
        public var stoppedBy: Error?
    }

    /// Sends every queued write through `online` (services on the server) as `session`,
    /// reporting each as it goes. Holds the replica's send lock throughout.
    public static func send(
        _ replica: LocalReplica, through online: AppServices, session: Session,
        report: (Event) -> Void = { _ in }
    ) throws -> Summary {
        try replica.whileSending {
            var summary = Summary()
            while true {
                if let unreadable = try replica.dropFirstUnreadable() {
                    summary.dropped += 1
                    report(.unreadable(sequence: unreadable.sequence, reason: unreadable.reason))
                    continue
                }
                guard let entry = try replica.entries(limit: 1).first else { break }
                do {
                    try entry.write.apply(to: online, session: session)
                    try replica.remove(entry)
                    summary.sent += 1
                    summary.sentWrites.append(entry.write)
                    report(.sent(entry.write))
                } catch  where isRefusal(error) {
                    try replica.remove(entry)
                    summary.dropped += 1
                    report(.dropped(entry.write, reason: "\(error)"))
                } catch {
                    summary.stoppedBy = error
                    break
                }
            }
            summary.pending = try replica.pendingCount()
            return summary
        }
    }

    /// When `error` is a refused sign-in (SQLSTATE 28000 or 28P01) and the server says an
    /// administrator removed the account (`tern_removed`, asked as the guest through
    /// `server`), every write still queued leaves the outbox and is reported dropped with
    /// that reason; returns how many. A wrong password, or a server that cannot tell, drops
    /// nothing (0): the writes wait for the next sign-in.
    public static func dropIfRemoved(
        _ replica: LocalReplica, after error: Error, server: ServerAccess?, report: (Event) -> Void = { _ in }
    ) throws -> Int {
        guard let server, let code = (error as? StoreError)?.code, code.isAuthenticationFailure,
            (try? TernServer.isRemoved(uid: replica.uid, guestURL: server.guestURL)) == true
        else { return 0 }
        return try replica.whileSending {
            var dropped = 0
            while let entry = try replica.entries(limit: 1).first {
                try replica.remove(entry)
                dropped += 1
                report(.dropped(entry.write, reason: tr(.outboxAccountRemoved)))
            }
            return dropped
        }
    }

    /// True for a refusal decided by the data and the server's rules, which sending again
    /// cannot change (`WriteRefusal.isFinal`); false for everything else (kept queued).
    public static func isRefusal(_ error: Error) -> Bool {
        WriteRefusal.of(error)?.isFinal == true
    }
}
