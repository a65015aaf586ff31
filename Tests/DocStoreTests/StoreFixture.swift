import Foundation
import Testing

@testable import DocStore

/// The backends the store's suite runs against, one test set for both: SQLite always, and
/// PostgreSQL when `TERN_TEST_POSTGRES` names a server (`scripts/with-postgres.sh` starts a
/// throwaway one and sets it).
enum StoreFixture: String, CustomTestStringConvertible, Sendable {
    case sqlite
    case postgres

    /// The test server's URL (a superuser on a throwaway cluster), when there is one.
    static var serverURL: String? {
        ProcessInfo.processInfo.environment["TERN_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Both backends; the PostgreSQL case exists only with a server, and its absence is
    /// reported by `PostgreSQLPresenceTests` as a skipped test (and fails `make test`).
    static var all: [StoreFixture] { serverURL == nil ? [.sqlite] : [.sqlite, .postgres] }

    /// Why a server test did not run.
    static let missingServer =
        "needs PostgreSQL: TERN_TEST_POSTGRES is not set (run under scripts/with-postgres.sh, as make test does)"

    var testDescription: String { rawValue }

    /// A fresh place for one test's data: a new file, or a new schema on the server.
    func makePlace() throws -> StorePlace {
        switch self {
        case .sqlite:
            let directory = TempDirectory()
            return StorePlace(fixture: self, location: directory.file("tern.db"), directory: directory, schema: nil)
        case .postgres:
            let base = try #require(Self.serverURL)
            let schema = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
            try ServerAdmin.execute("CREATE SCHEMA \(schema)", url: base)
            let location = base + (base.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"
            return StorePlace(fixture: self, location: location, directory: TempDirectory(), schema: schema)
        }
    }
}

/// Where one test keeps its data; `cleanup()` removes it.
struct StorePlace {
    let fixture: StoreFixture
    /// The file path or server URL, as `DocumentStore.open(location:)` takes it.
    let location: String
    let directory: TempDirectory
    let schema: String?

    func open(executor: CallbackExecutor = .immediate) throws -> DocumentStore {
        try DocumentStore.open(location: location, executor: executor)
    }

    func cleanup() {
        directory.cleanup()
        if let schema, let base = StoreFixture.serverURL {
            try? ServerAdmin.execute("DROP SCHEMA \(schema) CASCADE", url: base)
        }
    }

    /// Polls until another connection's commit has reached `store`, and then drains what
    /// follows it: one poll on SQLite, where the check is synchronous; on the server a
    /// notification travels on its own, so up to a second, then 50 ms more.
    @discardableResult
    func pollExternal(_ store: DocumentStore, timeout: TimeInterval = 1) throws -> Bool {
        guard fixture == .postgres else { return try store.pollExternalChanges() }
        let deadline = Date().addingTimeInterval(timeout)
        var changed = false
        while !changed && Date() < deadline {
            changed = try store.pollExternalChanges()
            if !changed { usleep(1000) }
        }
        guard changed else { return false }
        let settle = Date().addingTimeInterval(0.05)
        while Date() < settle {
            try store.pollExternalChanges()
            usleep(1000)
        }
        return true
    }
}

/// Plain SQL on the test server, for setting up and inspecting what the store itself never does.
enum ServerAdmin {
    static func execute(_ sql: String, url: String) throws {
        let connection = try PostgresConnection(url: url)
        defer { connection.close() }
        try connection.execute(sql)
    }

    static func query(_ sql: String, url: String, _ parameters: [String?] = []) throws -> [[String?]] {
        let connection = try PostgresConnection(url: url)
        defer { connection.close() }
        return try connection.query(sql, parameters)
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a test only with a PostgreSQL server, and otherwise reports it skipped with the reason.
    static var requiresPostgres: Self {
        .enabled(if: StoreFixture.serverURL != nil, Comment(rawValue: StoreFixture.missingServer))
    }
}

/// Makes the PostgreSQL half of the store suite visible when it cannot run: this test is
/// reported skipped, with the reason, instead of the suite silently shrinking to SQLite.
@Suite struct PostgreSQLPresenceTests {
    @Test(.requiresPostgres)
    func theStoreSuiteAlsoRunsOnPostgreSQL() throws {
        let url = try #require(StoreFixture.serverURL)
        #expect(try ServerAdmin.query("SELECT 1", url: url) == [["1"]])
    }
}
