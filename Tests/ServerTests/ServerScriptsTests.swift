import DocStore
import Foundation
import Testing

@testable import Domain

/// `tern server init` applies the shipped SQL files (`Resources/server/*.sql`) and nothing
/// else: applied one by one in their order on a fresh schema they make the same server
/// `init` makes; `init` reads them when it runs; and a missing, stale, stray or modified
/// file stops it before anything is sent, with one line naming the file.
@Suite(.serialized)
struct ServerScriptsTests {
    /// What a schema holds that the files create: functions, policies, triggers, indexes.
    func objects(in schema: String) throws -> [String] {
        try TernCluster.admin(
            """
            SELECT 'function ' || p.oid::regprocedure::text FROM pg_proc p
             WHERE p.pronamespace = '\(schema)'::regnamespace
            UNION ALL SELECT 'policy ' || tablename || '.' || policyname FROM pg_policies WHERE schemaname = '\(schema)'
            UNION ALL SELECT 'trigger ' || tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
             WHERE c.relnamespace = '\(schema)'::regnamespace AND NOT t.tgisinternal
            UNION ALL SELECT 'index ' || indexname FROM pg_indexes WHERE schemaname = '\(schema)'
            UNION ALL SELECT 'table ' || tablename FROM pg_tables WHERE schemaname = '\(schema)'
            ORDER BY 1
            """
        ).compactMap { $0.first ?? nil }.map { $0.replacingOccurrences(of: schema + ".", with: "") }
    }

    /// A new empty schema and the superuser's URL with it on the search path.
    func emptySchema() throws -> (schema: String, url: String) {
        let schema = TernCluster.randomName("t_")
        try TernCluster.admin("CREATE SCHEMA \(schema)")
        let base = try #require(TernCluster.adminURL)
        return (schema, base + (base.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)")
    }

    /// The names the files create, read from their text.
    func created(by scripts: ServerScripts) throws -> Set<String> {
        let pattern = try NSRegularExpression(
            pattern: #"CREATE (?:OR REPLACE )?(FUNCTION|POLICY|TRIGGER|(?:UNIQUE )?INDEX IF NOT EXISTS"#
                + #"|TABLE IF NOT EXISTS) (\w+)"#)
        var names: Set<String> = []
        for script in scripts.scripts {
            let text = script.text as NSString
            for match in pattern.matches(in: script.text, range: NSRange(location: 0, length: text.length)) {
                let words = text.substring(with: match.range(at: 1)).lowercased().split(separator: " ")
                let kind = words.first { ["function", "policy", "trigger", "index", "table"].contains($0) } ?? ""
                names.insert(kind + " " + text.substring(with: match.range(at: 2)))
            }
        }
        return names
    }

    @Test(.requiresPostgres)
    func eachShippedFileAppliedInOrderMakesTheServerInitMakes() throws {
        let scripts = try ServerScripts.load(resourcesDirectory: TernCluster.resources)
        #expect(scripts.scripts.map { URL(fileURLWithPath: $0.file).lastPathComponent } == ServerScripts.files)

        let server = try RulesServer(accounts: 1)
        defer { server.cleanup() }
        let (byHand, url) = try emptySchema()
        defer { _ = try? TernCluster.admin("DROP SCHEMA \(byHand) CASCADE") }
        let connection = try ServerConnection(url: url)
        defer { connection.close() }
        try connection.prepareDocumentTables()
        let roles = try ServerRoles.of(connection, database: "tern_test", schema: byHand)
        defer { RulesServer.dropRoles(roles) }
        let values = ServerRules.values(
            schema: byHand, database: "tern_test", roles: roles,
            guestVerifier: try connection.scramVerifier(password: TernServer.guestPassword, user: TernServer.guestRole))
        // Each file on its own, committed before the next: none leans on a later one.
        try TernCluster.setUpLock.withLock {
            for file in try scripts.rendered(values) {
                try connection.transaction { try TernServer.apply(file, on: connection) }
            }
        }

        let made = try objects(in: server.schema)
        #expect(try objects(in: byHand) == made, "the files applied by hand make what init makes")
        let kinds = Set(made.map { String($0.split(separator: " ")[0]) + " " + objectName($0) })
        let missing = try created(by: scripts).subtracting(kinds)
        #expect(missing.isEmpty, "every object a file creates is there after init: \(missing.sorted())")
        #expect(
            try TernCluster.admin("SELECT value FROM \(byHand).tern_meta WHERE key = 'rules_version'")
                == [[String(ServerRules.version)]])
    }

    /// `function tern_like(text,boolean)` → `tern_like`; `policy documents.tern_read` → `tern_read`.
    func objectName(_ object: String) -> String {
        let name = object.split(separator: " ", maxSplits: 1)[1]
        return String(name.split(separator: "(")[0].split(separator: ".").last ?? name)
    }

    /// A copy of the shipped resources' `server/` (without the manifest), changed by `change`.
    func copiedResources(_ change: (String) throws -> Void) throws -> String {
        let directory = NSTemporaryDirectory() + "tern-server-sql-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: TernCluster.resources + "/server", toPath: directory + "/server")
        try change(directory + "/server")
        return directory
    }

    @Test(.requiresPostgres)
    func initReadsTheFilesWhenItRuns() throws {
        let server = try RulesServer(accounts: 0)
        defer { server.cleanup() }
        let resources = try copiedResources { folder in
            let meta = folder + "/" + (ServerScripts.files.last ?? "")
            let text = try String(contentsOfFile: meta, encoding: .utf8)
            try (text + "INSERT INTO tern_meta (key, value) VALUES ('probe', 'from the copy');\n")
                .write(toFile: meta, atomically: true, encoding: .utf8)
        }
        defer { try? FileManager.default.removeItem(atPath: resources) }
        _ = try TernCluster.setUpLock.withLock {
            try TernServer.initialise(adminURL: server.location, resourcesDirectory: resources)
        }
        #expect(
            try TernCluster.admin("SELECT value FROM \(server.schema).tern_meta WHERE key = 'probe'")
                == [["from the copy"]])
    }

    @Test(
        .requiresPostgres,
        arguments: [
            ("missing", ServerScriptError.Code.missing),
            ("stale", .stale),
            ("stray", .unlisted),
            ("unknown value", .unknownValue),
        ])
    func aMissingStaleOrStrayFileStopsInitBeforeAnythingIsSent(_ fault: String, _ code: ServerScriptError.Code) throws {
        let resources = try copiedResources { folder in
            let write = folder + "/05-write.sql"
            switch fault {
            case "missing": try FileManager.default.removeItem(atPath: write)
            case "stale":
                let text = try String(contentsOfFile: write, encoding: .utf8)
                try text.replacingOccurrences(of: ServerScripts.header, with: "-- tern server rules 7")
                    .write(toFile: write, atomically: true, encoding: .utf8)
            case "stray": try "SELECT 1;\n".write(toFile: folder + "/05-old.sql", atomically: true, encoding: .utf8)
            default:
                let text = try String(contentsOfFile: write, encoding: .utf8)
                try (text + "SELECT {{nobody}};\n").write(toFile: write, atomically: true, encoding: .utf8)
            }
        }
        defer { try? FileManager.default.removeItem(atPath: resources) }
        let (schema, url) = try emptySchema()
        defer { _ = try? TernCluster.admin("DROP SCHEMA \(schema) CASCADE") }
        do {
            _ = try TernCluster.setUpLock.withLock {
                try TernServer.initialise(adminURL: url, resourcesDirectory: resources)
            }
            Issue.record("init applied a \(fault) file")
        } catch let error as ServerScriptError {
            #expect(error.code == code, "\(error)")
            let named = fault == "stray" ? "05-old.sql" : "05-write.sql"
            #expect(error.description.contains("/server/" + named), "one line naming the file: \(error)")
            #expect(!error.description.contains("\n"))
        }
        #expect(
            try TernCluster.admin("SELECT to_regclass('\(schema).documents') IS NULL") == [["t"]],
            "nothing was sent")
    }

    @Test
    func aFileChangedSinceTheBuildIsRefusedByTheManifest() throws {
        let resources = try copiedResources { folder in
            let write = folder + "/05-write.sql"
            let text = try String(contentsOfFile: write, encoding: .utf8)
            try text.write(toFile: write, atomically: true, encoding: .utf8)
        }
        defer { try? FileManager.default.removeItem(atPath: resources) }
        let manifest = Process()
        manifest.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        manifest.arguments = [
            "bash",
            URL(fileURLWithPath: TernCluster.resources).deletingLastPathComponent().path
                + "/scripts/resources-manifest.sh", resources,
        ]
        try manifest.run()
        manifest.waitUntilExit()
        #expect(manifest.terminationStatus == 0)
        _ = try ServerScripts.load(resourcesDirectory: resources)
        let write = resources + "/server/05-write.sql"
        try (try String(contentsOfFile: write, encoding: .utf8) + "-- changed\n")
            .write(toFile: write, atomically: true, encoding: .utf8)
        #expect(throws: ServerScriptError.self) { try ServerScripts.load(resourcesDirectory: resources) }
        do {
            _ = try ServerScripts.load(resourcesDirectory: resources)
        } catch let error as ServerScriptError {
            #expect(error.code == .modified && error.description.contains("05-write.sql"), "\(error)")
        }
    }
}
