import Foundation

/// Where the store's writes stand: how Tern reaches its store and what is still unsent.
public struct SyncStatus: Equatable, Sendable {
    public enum Connection: Equatable, Sendable {
        case embedded, online
        case offline(reason: String)
    }
    public var connection: Connection
    /// Writes made here that the server has not confirmed yet (the outbox plus those in flight).
    public var pendingWrites: Int
    /// Document paths with unconfirmed writes ("posts/ID/likes/UID",
    /// "users/UID/favorites/PLACE_ID", "posts/ID", "users/UID"), so a screen can mark exactly those rows as pending.
    public var pendingPaths: Set<String>
    /// True when what the screens show may be older than the server (read from the local cache while offline).
    public var isStale: Bool

    public init(connection: Connection, pendingWrites: Int = 0, pendingPaths: Set<String> = [], isStale: Bool = false) {
        self.connection = connection
        self.pendingWrites = pendingWrites
        self.pendingPaths = pendingPaths
        self.isStale = isStale
    }

    /// The embedded store's status: nothing is ever pending or stale.
    public static let embedded = SyncStatus(connection: .embedded)
}

/// A write the server refused when the outbox replayed it; shown once as a notice.
public struct DroppedWrite: Equatable, Sendable {
    public var description: String
    public var reason: String
    /// The row the write marked as pending (`SyncPaths`), whose screen stops showing it.
    public var path: String?

    public init(description: String, reason: String, path: String? = nil) {
        self.description = description
        self.reason = reason
        self.path = path
    }
}

/// The store's connection and outbox, as the screens need them.
public protocol SyncPort: AnyObject {
    /// Calls `onChange` now and whenever the status changes (on the loop's thread via the caller's executor),
    /// and `onDropped` once for each write refused on replay.
    func observeSync(
        _ onChange: @escaping (SyncStatus) -> Void,
        onDropped: @escaping (DroppedWrite) -> Void
    ) -> Cancellable
    /// Try to reach the server and send the outbox now (a key press or a reconnect).
    func syncNow()
    /// The signed-in account changed (nil: signed out): its outbox is the one reported and
    /// sent from now on, without a restart.
    func follow(account uid: String?)
}

/// The embedded store's port: every write commits locally at once, so it always reports
/// `.embedded`, nothing pending, nothing stale.
public final class EmbeddedSync: SyncPort {
    public init() {}

    public func observeSync(
        _ onChange: @escaping (SyncStatus) -> Void,
        onDropped: @escaping (DroppedWrite) -> Void
    ) -> Cancellable {
        onChange(.embedded)
        return AnyCancellable {}
    }

    public func syncNow() {}

    public func follow(account uid: String?) {}
}
