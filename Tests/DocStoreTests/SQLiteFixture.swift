import CSQLite
import Foundation
import Testing

/// Prepares database files in states the store itself never produces, straight through
/// SQLite.
enum SQLiteFixture {
    static func execute(_ sql: String, in file: String) throws {
        var db: OpaquePointer?
        defer { sqlite3_close(db) }
        try #require(sqlite3_open(file, &db) == SQLITE_OK)
        var error: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(db, sql, nil, nil, &error)
        let message = error.map { String(cString: $0) } ?? ""
        sqlite3_free(error)
        try #require(rc == SQLITE_OK, "\(sql): \(message)")
    }
}
