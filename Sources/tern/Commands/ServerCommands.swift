import DocStore
import Domain
import Foundation

/// `tern server init URL` creates or migrates Tern's tables, roles and rules on a
/// PostgreSQL database, idempotently; `tern server invite URL` prints a one-time invitation.
enum ServerCommands {
    static let specs: [CommandSpec] = [
        CommandSpec(words: ["server", "init"],
                    summary: .cmdServerInit,
                    positionals: [Positional("postgres://ADMIN@HOST/DB")], options: [], run: initialise),
        CommandSpec(words: ["server", "invite"],
                    summary: .cmdServerInvite,
                    positionals: [Positional("postgres://ADMIN@HOST/DB")], options: [], run: invite),
    ]

    static func adminURL(_ arguments: ParsedArguments, command: String) throws -> String {
        let url = arguments.positionals[0]
        guard ServerConnection.isServerURL(url) else {
            throw UsageError("tern server \(command) needs a postgres:// or postgresql:// URL, not '\(url)'")
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
            report = try TernServer.initialise(adminURL: url)
        } catch let error as StoreError {
            throw CommandFailure(error.description)
        }
        let before: String
        switch report.schemaBefore {
        case nil: before = "created schema \(report.schemaAfter)"
        case report.schemaAfter?: before = "schema \(report.schemaAfter) up to date"
        case let old?: before = "migrated schema \(old) → \(report.schemaAfter)"
        }
        context.printLine("\(ServerConnection.redacted(url)): \(before), rules \(report.rulesVersion), in \(report.schema), roles \(report.roles.owner) and \(report.roles.user)")
        context.printLine(guestSignInLine(serverURL: url) ?? "the guest signs in without a password (pg_hba.conf trusts it): nobody can lock signed-out reading out")
    }

    /// The problem (and its fix) when the server lets the guest in with its changeable
    /// password; nil when it trusts the guest. `tern server init` and `tern doctor` say it.
    static func guestSignInLine(serverURL: String) -> String? {
        switch try? TernServer.guestSignIn(serverURL: serverURL) {
        case .trusted?: return nil
        case .password?:
            return "the guest signs in with its public password, which any guest may change (locking signed-out reading and registering out): "
                + "add '\(TernServer.guestTrustLine(serverURL: serverURL))' to pg_hba.conf above the scram-sha-256 lines and reload"
        case nil:
            return "cannot tell how the server lets the guest in (connecting as \(TernServer.guestRole) failed)"
        }
    }
}
