import DocStore
import Foundation
import PlaceCatalog

/// The one writer: every intent a view model or a command states goes through `send`.
///
/// It applies the intent to the local store: the embedded store itself, or on a team server
/// the account's replica, where it is also queued in the outbox (one local commit) for the
/// sync worker to send. The two differ only in where the queue drains: on the embedded
/// store it drains at once, into the same file.
public enum IntentWriter {
    /// Where a sent intent went.
    public enum Outcome: Equatable, Sendable {
        /// Made on the store itself (the embedded store, or a server without a replica).
        case applied
        /// Made on the replica and queued for the server.
        case queued
    }

    /// Applies `intent` as `session` through `services` (see the type's comment).
    @discardableResult
    public static func send(_ intent: WriteIntent, as session: Session, through services: AppServices) throws
        -> Outcome
    {
        let intent = intent.resolved(in: services)
        if services.replica != nil {
            try services.queue(intent, session: session)
            return .queued
        }
        try intent.apply(to: services, session: session)
        return .applied
    }
}

extension AppServices {
    /// `IntentWriter.send` through these services.
    @discardableResult
    public func write(_ intent: WriteIntent, session: Session) throws -> IntentWriter.Outcome {
        try IntentWriter.send(intent, as: session, through: self)
    }
}

extension AppServices {
    /// The config's home point, which a folder's distance order measures from (Seoul City
    /// Hall when the config cannot be read).
    public var home: Coordinate {
        (try? Config.load(paths: paths).home) ?? Config.defaultHome
    }
}
