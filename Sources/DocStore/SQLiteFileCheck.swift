import CSQLite
import Foundation

/// Looks at a database file before anything writes to it, so that a file Tern cannot use
/// is reported with one line and left exactly as it was.
enum SQLiteFileCheck {
    /// Checks the file; returns false when the schema could not be read without write
    /// access (a crashed writer left a WAL to recover) and must be checked with
    /// `inspectSchema(of:file:)` on the read-write connection before anything else.
    @discardableResult
    static func check(file: String) throws -> Bool {
        var info = stat()
        if stat(file, &info) != 0 {
            guard errno == ENOENT else { throw StoreError.cannotOpen(file: file, reason: String(cString: strerror(errno))) }
            try createParentDirectory(of: file)
            return true
        }
        if info.st_mode & S_IFMT == S_IFDIR { throw StoreError.cannotOpen(file: file, reason: "it is a directory") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw StoreError.cannotOpen(file: file, reason: "not a regular file") }
        for (mode, what) in [(R_OK, "read"), (W_OK, "write")] where access(file, mode) != 0 {
            throw StoreError.cannotOpen(file: file, reason: "no permission to \(what) it: \(String(cString: strerror(errno)))")
        }
        if info.st_size == 0 { return true }  // SQLite's own convention: an empty file is an empty database.
        // SQLite would take a file shorter than its header for an empty database and write over it.
        guard try hasSQLiteHeader(file) else { throw StoreError.notADatabase(file: file, detail: "file is not a database") }
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(file: file, flags: SQLITE_OPEN_READONLY)
        } catch let failure as SQLiteFailure {
            throw StoreError.cannotOpen(file: file, reason: failure.message)
        }
        defer { connection.close() }
        connection.setBusyTimeout(seconds: 10)
        do {
            try inspectSchema(of: connection, file: file)
        } catch let failure as SQLiteFailure where failure.code & 0xFF == SQLITE_READONLY {
            return false
        }
        return true
    }

    private static func hasSQLiteHeader(_ file: String) throws -> Bool {
        guard let handle = FileHandle(forReadingAtPath: file) else {
            throw StoreError.cannotOpen(file: file, reason: String(cString: strerror(errno)))
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? nil
        return header == Data("SQLite format 3\u{0}".utf8)
    }

    private static func createParentDirectory(of file: String) throws {
        let parent = (file as NSString).deletingLastPathComponent
        guard !parent.isEmpty else { return }
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw StoreError.cannotOpen(file: file, reason: "cannot create its directory \(parent)")
        }
    }

    /// Reads the schema and refuses files that are not Tern databases or are too new.
    /// Rethrows `SQLITE_READONLY` failures untranslated so the caller can retry.
    static func inspectSchema(of connection: SQLiteConnection, file: String) throws {
        do {
            let tables = try connection.query("SELECT name FROM sqlite_master WHERE type = 'table'", cache: false)
                .compactMap { row -> String? in if case .text(let name)? = row.first { return name }; return nil }
            let version = Int(try connection.scalarInt("PRAGMA user_version"))
            let known = SQLiteSchema.currentVersion
            if version > known { throw StoreError.newerSchema(file: file, found: version, known: known) }
            if version == 0 && !tables.isEmpty {
                throw StoreError.notADatabase(file: file, detail: "an SQLite file with other tables")
            }
            if version > 0 && !tables.contains("documents") {
                throw StoreError.notADatabase(file: file, detail: "schema \(version) without a documents table")
            }
        } catch let failure as SQLiteFailure where failure.code & 0xFF != SQLITE_READONLY {
            if failure.isNotADatabase { throw StoreError.notADatabase(file: file, detail: failure.message) }
            throw StoreError.cannotOpen(file: file, reason: failure.message)
        }
    }
}
