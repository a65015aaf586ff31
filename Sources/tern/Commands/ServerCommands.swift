import DocStore
import Domain
import Foundation
import Localization

/// `tern server …`: what an administrator runs against a PostgreSQL database, connected as
/// a superuser (or the database owner): `init` creates or migrates Tern's tables, roles and
/// rules; `invite`, `invitations` and `revoke` handle invitations; `members`, `remove` and
/// `watch` (ServerMemberCommands) the accounts and the server's bounds.
enum ServerCommands {
    static let url = Positional("postgres://ADMIN@HOST/DB")
    static let expires = Option<TimeInterval?>(
        "expires", value: "DURATION", help: .optServerExpires, expected: tr(.usageDuration), parse: duration)
    static let once = Option<Bool>.flag("once", help: .optServerOnce)

    static let specs: [CommandSpec] = [
        CommandSpec(words: ["server", "init"], summary: .cmdServerInit, positionals: [url], run: initialise),
        CommandSpec(
            words: ["server", "invite"], summary: .cmdServerInvite, positionals: [url], options: [expires.spec],
            run: invite),
        CommandSpec(
            words: ["server", "invitations"], summary: .cmdServerInvitations, positionals: [url], run: invitations),
        CommandSpec(
            words: ["server", "revoke"], summary: .cmdServerRevoke, positionals: [url, Positional("ID")], run: revoke),
        CommandSpec(
            words: ["server", "members"], summary: .cmdServerMembers, positionals: [url],
            run: ServerMemberCommands.members),
        CommandSpec(
            words: ["server", "remove"], summary: .cmdServerRemove, positionals: [url, Positional("@NAME")],
            run: ServerMemberCommands.remove),
        CommandSpec(
            words: ["server", "watch"], summary: .cmdServerWatch, positionals: [url], options: [once.spec],
            run: ServerMemberCommands.watch),
    ]

    static func adminURL(_ arguments: ParsedArguments, command: String) throws -> String {
        let url = arguments.positionals[0]
        guard ServerConnection.isServerURL(url) else {
            throw UsageError(tr(.errorServerURL, ["command": command, "url": url]))
        }
        return url
    }

    /// Runs `body`, turning the server's failures into the command's one-line failure.
    static func failing<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as StoreError {
            throw CommandFailure(error.description)
        } catch let error as ServerScriptError {
            throw CommandFailure(error.description)
        }
    }

    /// `30m`, `12h`, `7d` (seconds); `never` is nil (the invitation does not expire).
    static func duration(_ text: String) -> TimeInterval?? {
        if text == "never" { return .some(nil) }
        let units: [Character: TimeInterval] = ["m": 60, "h": 3600, "d": 86400]
        guard let unit = text.last.flatMap({ units[$0] }), let count = Int(text.dropLast()), count > 0,
            count <= 3650 * 24 * 60
        else { return nil }
        return .some(TimeInterval(count) * unit)
    }

    static func invite(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let url = try adminURL(arguments, command: "invite")
        let lasts = arguments[expires] ?? TernServer.invitationLifetime
        context.printLine(try failing { try TernServer.invite(adminURL: url, lasts: lasts) })
    }

    static func invitations(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let url = try adminURL(arguments, command: "invitations")
        let list = try failing { try TernServer.invitations(adminURL: url) }
        if context.options.json {
            try context.printJSON(list.map(InvitationJSON.init))
            return
        }
        if list.isEmpty { context.printLine(tr(.serverNoInvitations)) }
        for invitation in list {
            let expires =
                invitation.expires.map {
                    tr(invitation.expired ? .serverInvitationExpired : .serverInvitationExpires, ["date": stamp($0)])
                } ?? tr(.serverInvitationNeverExpires)
            context.printLine(
                tr(
                    .serverInvitationLine,
                    ["id": invitation.id, "created": stamp(invitation.created), "expires": expires]))
        }
    }

    static func revoke(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let url = try adminURL(arguments, command: "revoke")
        let id = arguments.positionals[1]
        let revoked = try failing { try TernServer.revokeInvitation(adminURL: url, id: id) }
        guard revoked > 0 else { throw CommandFailure(tr(.serverNoSuchInvitation, ["id": id])) }
        context.printLine(tr(.serverInvitationRevoked, ["id": id]))
    }

    static func initialise(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let url = try adminURL(arguments, command: "init")
        let report = try failing {
            try TernServer.initialise(adminURL: url, resourcesDirectory: context.paths.resourcesDirectory)
        }
        let schema = String(report.schemaAfter)
        let before: String
        switch report.schemaBefore {
        case nil: before = tr(.serverCreatedSchema, ["schema": schema])
        case report.schemaAfter?: before = tr(.serverSchemaUpToDate, ["schema": schema])
        case let old?: before = tr(.serverMigratedSchema, ["old": String(old), "schema": schema])
        }
        context.printLine(
            tr(
                .serverInitialised,
                [
                    "server": ServerConnection.redacted(url), "schema": before, "rules": "\(report.rulesVersion)",
                    "namespace": report.schema, "owner": report.roles.owner, "user": report.roles.user,
                ]))
        context.printLine(guestSignInLine(serverURL: url) ?? tr(.serverGuestTrusted))
        context.printLine(report.endsSessions ? tr(.serverWatchHint) : tr(.serverCannotEndSessions))
        if !report.openDatabases.isEmpty {
            context.printLine(tr(.serverOpenDatabases, ["databases": report.openDatabases.joined(separator: ", ")]))
        }
    }

    /// The problem (and its fix) when the server lets the guest in with its changeable
    /// password; nil when it trusts the guest. `tern server init` and `tern doctor` say it.
    static func guestSignInLine(serverURL: String) -> String? {
        switch try? TernServer.guestSignIn(serverURL: serverURL) {
        case .trusted?: return nil
        case .password?:
            return tr(.serverGuestPassword, ["line": TernServer.guestTrustLine(serverURL: serverURL)])
        case nil:
            return tr(.serverGuestUnknown, ["role": TernServer.guestRole])
        }
    }

    /// A moment as administrators read it in a log: `2026-12-01 20:35 UTC`.
    static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }

    /// An invitation in `tern server invitations --json`.
    struct InvitationJSON: Encodable {
        let id: String
        let created: String
        let expires: String?
        let expired: Bool

        init(_ invitation: TernServer.Invitation) {
            id = invitation.id
            created = ISO8601DateFormatter().string(from: invitation.created)
            expires = invitation.expires.map { ISO8601DateFormatter().string(from: $0) }
            expired = invitation.expired
        }
    }
}
