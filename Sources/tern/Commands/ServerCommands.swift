import DocStore
import Domain
import Foundation

/// `tern server init URL`: creates or migrates Tern's tables, roles and rules on a
/// PostgreSQL database, idempotently.
enum ServerCommands {
    static let signupPassword = Option<Bool>.flag(
        "signup-password", help: "also set the password of tern_signup, the role registration connects as (read like any password)")

    static let specs: [CommandSpec] = [
        CommandSpec(words: ["server", "init"],
                    summary: "create or migrate Tern's tables, roles and rules on a PostgreSQL database",
                    positionals: [Positional("postgres://ADMIN@HOST/DB")], options: [signupPassword.spec], run: initialise),
    ]

    static func initialise(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let url = arguments.positionals[0]
        guard ServerConnection.isServerURL(url) else {
            throw UsageError("tern server init needs a postgres:// or postgresql:// URL, not '\(url)'")
        }
        let password = arguments.has(signupPassword)
            ? try PasswordPrompt.readNew(prompt: "Password for tern_signup: ", confirmation: "Repeat it: ")
            : nil
        let report: TernServer.Report
        do {
            report = try TernServer.initialise(adminURL: url, signupPassword: password)
        } catch let error as StoreError {
            throw CommandFailure(error.description)
        }
        let before: String
        switch report.schemaBefore {
        case nil: before = "created schema \(report.schemaAfter)"
        case report.schemaAfter?: before = "schema \(report.schemaAfter) up to date"
        case let old?: before = "migrated schema \(old) → \(report.schemaAfter)"
        }
        context.printLine("\(ServerConnection.redacted(url)): \(before), rules \(report.rulesVersion), in \(report.schema)")
        if password == nil {
            context.printLine("tern_signup keeps its password; set one with --signup-password before anyone registers")
        }
    }
}
