import DocStore
import Domain
import Foundation
import Localization

/// `tern sync`, `tern status`, and `--queue` on the writes: the outbox of a team server.
enum SyncCommands {
    /// The option every write on a team server takes.
    static let queue = Option<Bool>.flag("queue", help: .optQueue)

    static let specs: [CommandSpec] = [
        CommandSpec(words: ["sync"], summary: .cmdSync, run: sync),
        CommandSpec(words: ["status"], summary: .cmdStatus, run: status),
    ]

    /// How Tern reaches its store, for `tern status`.
    struct Status: Encodable {
        var store: String
        var connection: String
        var reason: String?
        var pending: Int

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(store, forKey: .store)
            try container.encode(connection, forKey: .connection)
            try container.encode(reason, forKey: .reason)
            try container.encode(pending, forKey: .pending)
        }

        enum CodingKeys: String, CodingKey { case store, connection, reason, pending }
    }

    static func status(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        // `--json`'s reason reads the same in every language: programs match it.
        try Language.$scoped.withValue(context.options.json ? .en : Language.current) { try showStatus(context) }
    }

    private static func showStatus(_ context: CommandContext) throws {
        let status: Status
        do {
            let services = try context.services()
            let location = services.replica?.server ?? services.store.location
            if !ServerConnection.isServerURL(location) {
                status = Status(store: location, connection: "embedded", pending: 0)
            } else {
                status = Status(
                    store: location, connection: services.unreachable == nil ? "online" : "offline",
                    reason: services.unreachable.map(ServerReach.reason),
                    pending: try services.replica?.pendingCount() ?? 0)
            }
        } catch let error as StoreError where error.code.isUnreachable {
            // Signed out, there is no replica to fall back on.
            status = Status(
                store: ServerConnection.redacted(try context.storeLocation()), connection: "offline",
                reason: ServerReach.reason(error), pending: 0)
        }
        if context.options.json { return try context.printJSON(status) }
        context.printLine(tr(.cliStatusStore, ["store": status.store]))
        context.printLine(
            tr(
                .cliStatusConnection,
                ["connection": connectionText(status.connection) + (status.reason.map { " (\($0))" } ?? "")]))
        context.printLine(tr(.cliStatusPending, ["count": String(status.pending)]))
    }

    /// The connection as a person reads it; `--json` keeps the word programs match.
    static func connectionText(_ connection: String) -> String {
        switch connection {
        case "embedded": tr(.statusEmbedded)
        case "online": tr(.statusOnline)
        case "offline": tr(.statusOffline)
        default: connection
        }
    }

    static func sync(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let services = try context.services()
        guard let replica = services.replica, let session = try context.session() else {
            return context.printLine(tr(.cliSyncSummary, ["sent": "0", "dropped": "0", "pending": "0"]))
        }
        if let unreachable = services.unreachable {
            throw cannotReach(replica.server, unreachable, pending: try replica.pendingCount())
        }
        let summary = try services.sendOutbox(session: session) { event in
            switch event {
            case .sent(let write): context.printLine(tr(.cliSyncSent, ["write": write.description]))
            case .dropped(let write, let reason):
                context.printLine(tr(.cliSyncDropped, ["write": write.description, "reason": reason]))
            case .unreadable(let sequence, let reason):
                context.printLine(tr(.cliSyncDropped, ["write": "#\(sequence)", "reason": reason]))
            }
        }
        context.printLine(
            tr(
                .cliSyncSummary,
                [
                    "sent": String(summary.sent), "dropped": String(summary.dropped),
                    "pending": String(summary.pending),
                ]))
        if let error = summary.stoppedBy { throw failure(error, server: replica.server, pending: summary.pending) }
    }

    /// A stop that is the network's: the `cannot reach` line; any other error as it is.
    static func failure(_ error: Error, server: String, pending: Int) -> Error {
        guard let storeError = error as? StoreError, storeError.code.isUnreachable else { return error }
        return cannotReach(server, storeError, pending: pending)
    }

    static func cannotReach(_ server: String, _ error: Error, pending: Int) -> CommandFailure {
        CommandFailure(
            tr(
                .cliCannotReachQueued,
                [
                    "server": ServerReach.hostPort(server), "reason": ServerReach.reason(error),
                    "pending": String(pending),
                ]))
    }
}

extension CommandContext {
    /// Before a write on a team server. Reachable: sends what the outbox holds first (so
    /// this write does not overtake them) and returns false, and the command writes as
    /// usual. Unreachable: with `--queue` queues `write` (printing `queued`) and returns
    /// true; without, stops with the `cannot reach` line. On the embedded store, or signed
    /// out, returns false at once.
    func queuedBecauseUnreachable(_ write: () throws -> WriteIntent, session: Session, _ arguments: ParsedArguments)
        throws -> Bool
    {
        let services = try services()
        guard let replica = services.replica else { return false }
        var unreachable = services.unreachable
        if unreachable == nil, try replica.pendingCount() > 0 {
            let summary = try services.sendOutbox(session: session) { event in
                let dropped: (write: String, reason: String)? =
                    switch event {
                    case .dropped(let write, let reason): (write.description, reason)
                    case .unreadable(let sequence, let reason): ("#\(sequence)", reason)
                    case .sent: nil
                    }
                if let dropped {
                    FileHandle.standardError.write(
                        Data(
                            "tern: \(tr(.cliDroppedNotice, ["write": dropped.write, "reason": dropped.reason]))\n".utf8)
                    )
                }
            }
            if let error = summary.stoppedBy {
                guard let storeError = error as? StoreError, storeError.code.isUnreachable else { throw error }
                unreachable = storeError
            }
        }
        guard let unreachable else { return false }
        guard arguments.has(SyncCommands.queue) else {
            throw CommandFailure(
                tr(
                    .cliCannotReach,
                    ["server": ServerReach.hostPort(replica.server), "reason": ServerReach.reason(unreachable)]))
        }
        try services.queue(try write(), session: session)
        printLine(tr(.cliQueued))
        return true
    }
}

extension CommandContext {
    /// A command's write, stated as `intent`: refused now when no server would take it,
    /// queued with `--queue` when the server is out of reach (returns true), else made at
    /// once (returns false). The intent's open parts (a new folder's id) are filled in
    /// first, so the queued write and the one made now are the same.
    @discardableResult
    func send(_ intent: WriteIntent, session: Session, _ arguments: ParsedArguments) throws -> Bool {
        let services = try services()
        let intent = intent.resolved(in: services)
        try intent.validate()
        if try queuedBecauseUnreachable({ intent }, session: session, arguments) { return true }
        try intent.apply(to: services, session: session)
        return false
    }
}
