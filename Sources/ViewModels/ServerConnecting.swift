import Foundation
import Workers

/// On a team server the interface opens on a local copy (the signed-in account's replica,
/// or signed out the server's guest copy), so its first frame waits on no round trip; this
/// port reaches the server in the background, and the screens' reads move there once it
/// answers.
public protocol ServerConnecting: AnyObject {
    /// True while the screens read the local copy instead of the server.
    var readsLocalCopy: Bool { get }
    /// Connects to the server as the session file's account: round trips, so a worker calls
    /// it. Throws a `ServerConnectFailure`. Returns what moves the ports to the new
    /// connection, which the loop's thread calls, then reads again; it returns false (and
    /// moves nothing) when the session changed while connecting: connect again.
    func connect() throws -> () -> Bool
    /// The signed-in account changed (nil: signed out) while the screens read a local copy:
    /// they read that account's copy from now on (a local file, no round trip). True when
    /// the store the screens read changed, so they read again.
    func readLocalCopy(of uid: String?) -> Bool
}

/// Why a connection to the team server failed: unreachable (the network or the server is
/// down, which the header's `offline` says), or answered but refused or not understood (a
/// password the server no longer takes, a server that is not PostgreSQL), which a toast says.
public struct ServerConnectFailure: Error, Equatable, Sendable {
    public var reason: String
    public var isUnreachable: Bool

    public init(reason: String, isUnreachable: Bool) {
        self.reason = reason
        self.isUnreachable = isUnreachable
    }
}

extension WorkLane {
    /// Reaching the team server after opening on the local copy: one attempt at a time.
    public static let serverConnect = WorkLane("server.connect", policy: .latestOnly, on: .network)
}

extension TimerID {
    /// The next attempt to reach the team server after a failed one.
    static let connectRetry = TimerID.named("retry.server.connect")
}
