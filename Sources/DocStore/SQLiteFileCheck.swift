import CSQLite
import Foundation
import Localization

/// Looks at a database file before anything writes to it, so that a file Tern cannot use
/// is reported with one line and left exactly as it was.
enum SQLiteFileCheck {
    /// What a file checked before opening holds, and how it can be opened.
    enum Contents {
        /// Nothing yet (a new or empty file): opened read-write and set up.
        case empty
        /// A database, which `inspectSchema(of:file:)` must check on the store's own
        /// connection before anything writes (one connection per open, not a read-only one first).
        case data
        /// A database this process may read but not change: the file, or the directory its
        /// journal files go in, is not writable (`chmod -R a-w`, a read-only mount). It is
        /// opened read-only, so reading needs no write access, and a write is refused with one line.
        case readOnlyData
    }

    /// Checks the file without opening it as a database: what it holds (see `Contents`).
    static func contents(of file: String) throws -> Contents {
        var info = stat()
        if stat(file, &info) != 0 {
            guard errno == ENOENT else {
                throw StoreError.cannotOpen(file: file, reason: SystemErrorText.describe(errno))
            }
            try createParentDirectory(of: file)
            try createPrivateFile(file)
            return .empty
        }
        if info.st_mode & S_IFMT == S_IFDIR { throw StoreError.cannotOpen(file: file, reason: tr(.storeIsDirectory)) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw StoreError.cannotOpen(file: file, reason: tr(.storeNotRegularFile))
        }
        if access(file, R_OK) != 0 {
            throw StoreError.cannotOpen(
                file: file, reason: tr(.storeNoPermissionRead, ["detail": SystemErrorText.describe(errno)]))
        }
        let writable = access(file, W_OK) == 0
        let writeFailure = writable ? 0 : errno
        if info.st_size == 0 {  // SQLite's own convention: an empty file is an empty database.
            guard writable else {
                throw StoreError.cannotOpen(
                    file: file, reason: tr(.storeNoPermissionWrite, ["detail": SystemErrorText.describe(writeFailure)]))
            }
            // Nothing is in it yet, so one of ours is made private before anything is.
            if info.st_uid == geteuid() { chmod(file, 0o600) }
            try checkPrivate(file)
            return .empty
        }
        // SQLite would take a file shorter than its header for an empty database and write over it.
        guard try hasSQLiteHeader(file) else {
            throw StoreError.notADatabase(file: file, detail: tr(.storeNoSQLiteHeader))
        }
        return writable && directoryIsWritable(of: file) ? .data : .readOnlyData
    }

    /// Whether journal files can be made beside `file` (SQLite's WAL and shared-memory files).
    private static func directoryIsWritable(of file: String) -> Bool {
        let parent = (file as NSString).deletingLastPathComponent
        return access(parent.isEmpty ? "." : parent, W_OK | X_OK) == 0
    }

    /// Refuses a database, or its WAL or shared-memory file, that group or others may read or
    /// write: it holds password hashes and private favorites. The message has the fix.
    static func checkPrivate(_ file: String) throws {
        for path in [file, file + "-wal", file + "-shm"] {
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & 0o077 != 0 else { continue }
            let mode = "0" + String(info.st_mode & 0o777, radix: 8)
            throw StoreError.cannotOpen(
                file: file, reason: tr(.storeOpenToOthers, ["path": path, "mode": "\(mode)", "file": file]))
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
            try FileManager.default.createDirectory(
                atPath: parent, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw StoreError.cannotOpen(file: file, reason: tr(.storeCannotCreateParent, ["parent": parent]))
        }
    }

    /// Reads the schema and refuses files that are not Tern databases or are too new, then
    /// files open to others (a foreign file is named foreign first); returns the schema
    /// version, so opening reads `user_version` once. Only reads: a refused file is left as it was.
    static func inspectSchema(of connection: SQLiteConnection, file: String) throws -> Int {
        do {
            let tables = try connection.query("SELECT name FROM sqlite_master WHERE type = 'table'", cache: false)
                .compactMap { row -> String? in
                    if case .text(let name)? = row.first { return name }
                    return nil
                }
            let version = Int(try connection.scalarInt("PRAGMA user_version"))
            let known = SQLiteSchema.currentVersion
            if version > known { throw StoreError.newerSchema(file: file, found: version, known: known) }
            if version == 0 && !tables.isEmpty {
                throw StoreError.notADatabase(file: file, detail: tr(.storeOtherTables))
            }
            if version > 0 && !tables.contains("documents") {
                throw StoreError.notADatabase(file: file, detail: tr(.storeNoDocuments, ["version": String(version)]))
            }
            try checkPrivate(file)
            return version
        } catch let failure as SQLiteFailure {
            if failure.isNotADatabase { throw StoreError.notADatabase(file: file, detail: failure.explained) }
            throw StoreError.cannotOpen(file: file, reason: failure.reason, code: .sqlite(failure.code))
        }
    }
}
