import DocStore
import Domain
import Foundation
import Localization
import PlaceCatalog

/// `tern doctor`: runs SQLite's full integrity check on the embedded database and says how
/// to recover when it fails (everyday commands run only a bounded check before writing); on
/// a team server, checks that the guest cannot be locked out.
enum DoctorCommand {
    static let specs: [CommandSpec] = [
        CommandSpec(words: ["doctor"], summary: .cmdDoctor, run: run)
    ]

    /// What `--json` prints.
    struct Report: Encodable {
        let file: String
        let ok: Bool
        let problems: [String]
        var resources = ShippedFiles(directory: "", ok: true, problems: [])
    }

    /// The shipped resources checked against their manifest (`ResourceManifest`).
    struct ShippedFiles: Encodable {
        let directory: String
        let ok: Bool
        let problems: [String]

        init(directory: String, ok: Bool, problems: [String]) {
            (self.directory, self.ok, self.problems) = (directory, ok, problems)
        }

        init(checking directory: String) {
            let problems = ResourceManifest.problems(resourcesDirectory: directory)
            self.init(directory: directory, ok: problems.isEmpty, problems: problems)
        }
    }

    static func run(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        // `--json` problems read the same in every language: programs match them.
        try Language.$scoped.withValue(context.options.json ? .en : Language.current) { try check(context) }
    }

    private static func check(_ context: CommandContext) throws {
        let shipped = ShippedFiles(checking: context.paths.resourcesDirectory)
        do {
            try checkStore(context, shipped: shipped)
        } catch let failure as CommandFailure where !shipped.ok {
            throw CommandFailure(tr(.doctorAndShippedDiffer, ["problem": failure.description]))
        }
        if !shipped.ok { throw CommandFailure(tr(.doctorShippedDiffer, ["directory": shipped.directory])) }
    }

    private static func checkStore(_ context: CommandContext, shipped: ShippedFiles) throws {
        let file = try AppServices.defaultStoreLocation(paths: context.paths)
        if ServerConnection.isServerURL(file) {
            try checkServer(file, context, shipped: shipped)
            return
        }
        guard FileManager.default.fileExists(atPath: file) else {
            try report(
                Report(file: file, ok: true, problems: [], resources: shipped), context, note: tr(.doctorNoDatabase))
            return
        }
        let problems: [String]
        do {
            let store = try DocumentStore.open(path: file, executor: .immediate)
            defer { store.close() }
            problems = try store.integrityProblems()
        } catch let error as StoreError {
            // Refused before the check could run: the message says what is wrong and the fix.
            throw CommandFailure(error.description)
        }
        try report(
            Report(file: file, ok: problems.isEmpty, problems: problems, resources: shipped), context,
            note: problems.isEmpty ? tr(.doctorOK) : nil)
        if !problems.isEmpty { throw CommandFailure(tr(.doctorDamaged, ["file": file])) }
    }

    /// On a team server PostgreSQL checks its own pages; what a client can check is that
    /// the guest cannot be locked out (see `ServerCommands.guestSignInLine`).
    private static func checkServer(_ url: String, _ context: CommandContext, shipped: ShippedFiles) throws {
        let problems = ServerCommands.guestSignInLine(serverURL: url).map { [$0] } ?? []
        let server = ServerConnection.redacted(url)
        try report(
            Report(file: server, ok: problems.isEmpty, problems: problems, resources: shipped), context,
            note: problems.isEmpty ? tr(.doctorServerOK) : nil, recover: false)
        if !problems.isEmpty { throw CommandFailure(tr(.doctorServerFix, ["server": server])) }
    }

    private static func report(_ report: Report, _ context: CommandContext, note: String?, recover: Bool = true) throws
    {
        if context.options.json {
            try context.printJSON(report)
            return
        }
        if report.resources.ok {
            context.printLine(
                tr(.doctorShippedOK, ["directory": report.resources.directory, "manifest": ResourceManifest.fileName]))
        } else {
            report.resources.problems.forEach(context.printLine)
        }
        if let note {
            context.printLine("\(report.file): \(note)")
            return
        }
        let one = report.problems.count == 1
        let found: TextKey =
            recover ? (one ? .doctorIntegrityFoundOne : .doctorIntegrityFound) : (one ? .doctorFoundOne : .doctorFound)
        context.printLine(tr(found, ["file": report.file, "count": String(report.problems.count)]))
        for problem in report.problems.prefix(10) { context.printLine("  " + problem) }
        if report.problems.count > 10 {
            context.printLine("  " + tr(.doctorMore, ["count": String(report.problems.count - 10)]))
        }
        if recover { recovery(report.file).forEach(context.printLine) }
    }

    /// Steps that keep the damaged file and salvage what can still be read.
    static func recovery(_ file: String) -> [String] {
        [
            tr(.doctorToRecover),
            "  " + tr(.doctorStepQuit),
            "       mv \(file) \(file).damaged; mv \(file)-wal \(file).damaged-wal 2>/dev/null",
            "  " + tr(.doctorStepRestore, ["file": file]),
            "       sqlite3 \(file).damaged .recover | sqlite3 \(file) && chmod 600 \(file)",
            "  " + tr(.doctorStepAgain),
        ]
    }
}
