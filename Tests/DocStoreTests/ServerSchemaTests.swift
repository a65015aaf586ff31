import Foundation
import Testing

@testable import DocStore

/// The store's own tables on a server: a newer version, or a database without them that
/// the role may not create, is refused with the reason.
@Suite(.serialized)
struct ServerSchemaTests {
    @Test(.requiresPostgres, arguments: [StoreFixture.postgres])
    func aNewerSchemaOrAnUninitialisedDatabaseIsRefusedWithTheReason(_ fixture: StoreFixture) throws {
        let newer = try fixture.makePlace()
        defer { newer.cleanup() }
        try newer.open().close()
        _ = try ServerAdmin.query(
            "UPDATE \(try #require(newer.schema)).tern_meta SET value = '99' WHERE key = 'schema_version'",
            url: try #require(StoreFixture.serverURL))
        #expect(throws: StoreError.newerSchema(file: newer.location, found: 99, known: PostgresSchema.currentVersion)) {
            try newer.open()
        }

        let empty = try fixture.makePlace()
        let role = "plain" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
        let base = try #require(StoreFixture.serverURL)
        try ServerAdmin.execute(
            "CREATE ROLE \(role) LOGIN PASSWORD 'plain-password'; GRANT USAGE ON SCHEMA "
                + "\(try #require(empty.schema)) TO \(role); GRANT CONNECT ON DATABASE tern_test TO \(role)",
            url: base)
        defer {
            empty.cleanup()
            try? ServerAdmin.execute("DROP OWNED BY \(role); DROP ROLE \(role)", url: base)
        }
        let url = empty.location.replacingOccurrences(of: "tern_admin@", with: "\(role):plain-password@")
        do {
            _ = try DocumentStore.open(url: url, executor: .immediate)
            Issue.record("opened an uninitialised database as \(role)")
        } catch let error as StoreError {
            #expect(error.description.contains("run `tern server init`"), "\(error)")
            #expect(!error.description.contains("plain-password"))
            #expect(error.code == .sqlState("42501"), "matched by its code, not its words")
        }
    }

}
