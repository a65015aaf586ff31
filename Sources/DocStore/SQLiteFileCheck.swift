import CSQLite
import Foundation
import Localization

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
            guard errno == ENOENT else { throw StoreError.cannotOpen(file: file, reason: SystemErrorText.describe(errno)) }
            try createParentDirectory(of: file)
            try createPrivateFile(file)
            return true
        }
        if info.st_mode & S_IFMT == S_IFDIR { throw StoreError.cannotOpen(file: file, reason: tr(.storeIsDirectory)) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw StoreError.cannotOpen(file: file, reason: tr(.storeNotRegularFile)) }
        for (mode, key) in [(R_OK, TextKey.storeNoPermissionRead), (W_OK, .storeNoPermissionWrite)] where access(file, mode) != 0 {
            throw StoreError.cannotOpen(file: file, reason: tr(key, ["detail": SystemErrorText.describe(errno)]))
        }
        if info.st_size == 0 {  // SQLite's own convention: an empty file is an empty database.
            // Nothing is in it yet, so one of ours is made private before anything is.
            if info.st_uid == geteuid() { chmod(file, 0o600) }
            try checkPrivate(file)
            return true
        }
        // SQLite would take a file shorter than its header for an empty database and write over it.
        guard try hasSQLiteHeader(file) else { throw StoreError.notADatabase(file: file, detail: tr(.storeNoSQLiteHeader)) }
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(file: file, flags: SQLITE_OPEN_READONLY)
        } catch let failure as SQLiteFailure {
            throw StoreError.cannotOpen(file: file, reason: failure.reason, code: .sqlite(failure.code))
        }
        defer { connection.close() }
        connection.setBusyTimeout(seconds: 10)
        do {
            try inspectSchema(of: connection, file: file)
        } catch let failure as SQLiteFailure where failure.code & 0xFF == SQLITE_READONLY {
            try checkPrivate(file)
            return false
        }
        try checkPrivate(file)
        return true
    }

    /// Refuses a database, or its WAL or shared-memory file, that group or others may read or
    /// write: it holds password hashes and private favorites. The message has the fix.
    static func checkPrivate(_ file: String) throws {
        for path in [file, file + "-wal", file + "-shm"] {
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & 0o077 != 0 else { continue }
            let mode = "0" + String(info.st_mode & 0o777, radix: 8)
            throw StoreError.cannotOpen(file: file, reason: tr(.storeOpenToOthers, ["path": path, "mode": "\(mode)", "file": file]))
        }
    }

    /// Creates an empty database file readable by its owner only, before SQLite creates it
    /// with the umask's mode (SQLite gives the WAL and shared-memory files the same mode).
    private static func createPrivateFile(_ file: String) throws {
        let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        if descriptor < 0 {
            // Another process created it first: it is checked like any existing file.
            if errno == EEXIST { return }
            throw StoreError.cannotOpen(file: file, reason: SystemErrorText.describe(errno))
        }
        close(descriptor)
    }

    private static func hasSQLiteHeader(_ file: String) throws -> Bool {
        guard let handle = FileHandle(forReadingAtPath: file) else {
            throw StoreError.cannotOpen(file: file, reason: SystemErrorText.describe(errno))
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? nil
        return header == Data("SQLite format 3\u{0}".utf8)
    }

    /// `mkdir -p` of the file's directory; every directory it creates has mode 0700.
    private static func createParentDirectory(of file: String) throws {
        let parent = (file as NSString).deletingLastPathComponent
        guard !parent.isEmpty else { return }
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw StoreError.cannotOpen(file: file, reason: tr(.storeCannotCreateParent, ["parent": parent]))
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
                throw StoreError.notADatabase(file: file, detail: tr(.storeOtherTables))
            }
            if version > 0 && !tables.contains("documents") {
                throw StoreError.notADatabase(file: file, detail: tr(.storeNoDocuments, ["version": String(version)]))
            }
        } catch let failure as SQLiteFailure where failure.code & 0xFF != SQLITE_READONLY {
            if failure.isNotADatabase { throw StoreError.notADatabase(file: file, detail: failure.explained) }
            throw StoreError.cannotOpen(file: file, reason: failure.reason, code: .sqlite(failure.code))
        }
    }
}
