import Foundation

/// On a team server the interface opens on the signed-in account's local replica (what an
/// earlier run copied), so its first frame waits on no round trip; this port reaches the
/// server in the background, and the screens' reads move there once it answers.
public protocol ServerConnecting: AnyObject {
    /// True while the screens read the local copy instead of the server.
    var readsLocalCopy: Bool { get }
    /// Connects to the server: round trips, so a worker calls it. Returns what moves the
    /// ports to the new connection; the loop's thread calls that, then reads again.
    func connect() throws -> () -> Void
}

extension WorkLane {
    /// Reaching the team server after opening on the local copy: one attempt at a time.
    public static let serverConnect = WorkLane("server.connect", policy: .latestOnly)
}

extension TimerID {
    /// The next attempt to reach the team server after a failed one.
    static let connectRetry = TimerID.named("retry.server.connect")
}
