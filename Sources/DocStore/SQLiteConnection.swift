import CSQLite
import Foundation
import Localization

private let transientDestructor = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A value bound to, or read from, an SQL statement.
enum SQLValue: Equatable {
    case null
    case int(Int64)
    case double(Double)
    case text(String)
    case blob(Data)
}

/// One SQLite connection with a cache of prepared statements. Not thread-safe: the owner
/// serialises calls.
final class SQLiteConnection {
    let file: String
    private var handle: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]
    private var busyWait: BusyWait?
    /// Statements this connection ran (see `StoreCounts`).
    private(set) var statementCount = 0

    init(file: String, flags: Int32) throws {
        self.file = file
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(file, &db, flags | SQLITE_OPEN_NOMUTEX, nil)
        handle = db
        if rc != SQLITE_OK {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "error \(rc)"
            let systemErrno = db.map { sqlite3_system_errno($0) } ?? 0
            sqlite3_close_v2(db)
            handle = nil
            throw SQLiteFailure(code: rc, message: message, systemErrno: systemErrno)
        }
        sqlite3_extended_result_codes(db, 1)
    }

    deinit { close() }

    /// Makes a connection that finds the database locked wait up to `seconds`, retrying
    /// at short intervals. SQLite's own busy timeout backs off to long sleeps, so
    /// under steady contention a long waiter keeps losing the lock to fresh ones and can
    /// time out; frequent retries with jitter keep waiters on an equal footing.
    func setBusyTimeout(seconds: Double) {
        let wait = BusyWait(limit: seconds)
        busyWait = wait
        sqlite3_busy_handler(
            handle,
            { context, attempt in
                guard let context else { return 0 }
                return Unmanaged<BusyWait>.fromOpaque(context).takeUnretainedValue().shouldRetry(attempt: attempt)
                    ? 1 : 0
            }, Unmanaged.passUnretained(wait).toOpaque())
    }

    func close() {
        for statement in statements.values { sqlite3_finalize(statement) }
        statements.removeAll()
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    /// Runs one or more statements that take no parameters and return nothing needed.
    func execute(_ sql: String) throws {
        statementCount += 1
        try control(sql)
    }

    /// Runs transaction control (`BEGIN`, `COMMIT`, `ROLLBACK`), which `StoreCounts` counts as commits.
    func control(_ sql: String) throws {
        guard let handle else { throw SQLiteFailure(code: SQLITE_MISUSE, message: "connection closed") }
        var error: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &error)
        if rc != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(error)
            throw SQLiteFailure(code: rc, message: message, systemErrno: sqlite3_system_errno(handle))
        }
    }

    /// Runs a statement with parameters and returns every row.
    @discardableResult
    func query(_ sql: String, _ parameters: [SQLValue] = [], cache: Bool = true) throws -> [[SQLValue]] {
        var rows: [[SQLValue]] = []
        try each(sql, parameters, cache: cache) { rows.append($0) }
        return rows
    }

    /// Runs a statement with parameters and hands each row to `body`.
    func each(_ sql: String, _ parameters: [SQLValue], cache: Bool = true, _ body: ([SQLValue]) throws -> Void) throws {
        try each(
            sql, parameters, cache: cache,
            while: { row in
                try body(row)
                return true
            })
    }

    /// Like `each`, stopping at the first row for which `body` returns false.
    func each(_ sql: String, _ parameters: [SQLValue], cache: Bool = true, while body: ([SQLValue]) throws -> Bool)
        throws
    {
        let statement = try prepare(sql, cache: cache)
        statementCount += 1
        defer {
            if cache {
                sqlite3_reset(statement)
                sqlite3_clear_bindings(statement)
            } else {
                sqlite3_finalize(statement)
            }
        }
        for (i, value) in parameters.enumerated() {
            let index = Int32(i + 1)
            switch value {
            case .null: sqlite3_bind_null(statement, index)
            case .int(let v): sqlite3_bind_int64(statement, index, v)
            case .double(let v): sqlite3_bind_double(statement, index, v)
            case .text(let v): sqlite3_bind_text(statement, index, v, -1, transientDestructor)
            case .blob(let v):
                _ = v.withUnsafeBytes {
                    sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), transientDestructor)
                }
            }
        }
        while true {
            let rc = sqlite3_step(statement)
            if rc == SQLITE_DONE { return }
            guard rc == SQLITE_ROW else { throw failure(rc) }
            let count = sqlite3_column_count(statement)
            var row: [SQLValue] = []
            row.reserveCapacity(Int(count))
            for c in 0..<count { row.append(column(statement, c)) }
            if try !body(row) { return }
        }
    }

    private func column(_ statement: OpaquePointer, _ c: Int32) -> SQLValue {
        switch sqlite3_column_type(statement, c) {
        case SQLITE_INTEGER: return .int(sqlite3_column_int64(statement, c))
        case SQLITE_FLOAT: return .double(sqlite3_column_double(statement, c))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(statement, c) else { return .null }
            return .text(String(cString: text))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, c))
            guard count > 0, let bytes = sqlite3_column_blob(statement, c) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default: return .null
        }
    }

    private func prepare(_ sql: String, cache: Bool) throws -> OpaquePointer {
        guard let handle else { throw SQLiteFailure(code: SQLITE_MISUSE, message: "connection closed") }
        if cache, let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard rc == SQLITE_OK, let statement else { throw failure(rc) }
        if cache { statements[sql] = statement }
        return statement
    }

    private func failure(_ rc: Int32) -> SQLiteFailure {
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "error \(rc)"
        return SQLiteFailure(code: rc, message: message, systemErrno: handle.map { sqlite3_system_errno($0) } ?? 0)
    }

    /// The first column of the first row as an integer (pragmas, counts).
    func scalarInt(_ sql: String, _ parameters: [SQLValue] = []) throws -> Int64 {
        guard case .int(let v)? = try query(sql, parameters).first?.first else { return 0 }
        return v
    }
}

/// The state of one connection's wait for a lock.
private final class BusyWait {
    let limit: Double
    private var started = 0.0

    init(limit: Double) { self.limit = limit }

    func shouldRetry(attempt: Int32) -> Bool {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        let now = Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
        if attempt == 0 { started = now }
        guard now - started < limit else { return false }
        usleep(UInt32.random(in: 200...1_200))
        return true
    }
}

/// An SQLite result code with its message, translated to `StoreError` at the backend edge.
struct SQLiteFailure: Error {
    let code: Int32
    let message: String
    /// The operating system's errno behind an I/O failure (0 when none was recorded).
    var systemErrno: Int32 = 0

    var isNotADatabase: Bool { code & 0xFF == SQLITE_NOTADB || code & 0xFF == SQLITE_CORRUPT }

    /// SQLITE_FULL, or an I/O error whose cause was a full file system (SQLite reports a
    /// failed WAL write as `disk I/O error`).
    var isDiskFull: Bool {
        let primary = code & 0xFF
        return primary == SQLITE_FULL
            || ((primary == SQLITE_IOERR || primary == SQLITE_CANTOPEN)
                && (systemErrno == ENOSPC || systemErrno == EDQUOT))
    }

    /// What went wrong, for a person: `disk full` by its code, else SQLite's message
    /// (explained by its code outside English).
    var reason: String { isDiskFull ? tr(.storeDiskFull) : explained }

    /// SQLite's message in the run's language (see `StoreErrorCode.explained`).
    var explained: String { StoreErrorCode.sqlite(code).explained(message) }
}
