import DocStore
import Domain
import Foundation
import Localization

/// `tern server init URL` creates or migrates Tern's tables, roles and rules on a
/// PostgreSQL database, idempotently; `tern server invite URL` prints a one-time invitation.
enum ServerCommands {
    static let specs: [CommandSpec] = [
        CommandSpec(
            words: ["server", "init"],
            summary: .cmdServerInit,
            positionals: [Positional("postgres://ADMIN@HOST/DB")], options: [], run: initialise),
        CommandSpec(
            words: ["server", "invite"],
            summary: .cmdServerInvite,
            positionals: [Positional("postgres://ADMIN@HOST/DB")], options: [], run: invite),
    ]

    static func adminURL(_ arguments: ParsedArguments, command: String) throws -> String {
        let url = arguments.positionals[0]
        guard ServerConnection.isServerURL(url) else {
            throw UsageError(tr(.errorServerURL, ["command": command, "url": url]))
        }
        return url
    }

    static func invite(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let url = try adminURL(arguments, command: "invite")
        do {
            context.printLine(try TernServer.invite(adminURL: url))
        } catch let error as StoreError {
            throw CommandFailure(error.description)
        }
    }

    static func initialise(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let url = try adminURL(arguments, command: "init")
        let report: TernServer.Report
        do {
            report = try TernServer.initialise(adminURL: url, resourcesDirectory: context.paths.resourcesDirectory)
        } catch let error as StoreError {
            throw CommandFailure(error.description)
        } catch let error as ServerScriptError {
            throw CommandFailure(error.description)
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
}
