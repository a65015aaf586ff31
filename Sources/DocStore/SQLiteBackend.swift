import CSQLite
import Foundation
import Localization

/// The store's tables in one SQLite file: documents as JSON text keyed by
/// (parent collection path, id), and protected records in a table no query reaches.
final class SQLiteBackend: StoreBackend {
    let location: String
    private let connection: SQLiteConnection
    private var inTransaction = false
    private var lastDataVersion: Int64 = 0
    private var knownIndexes: Set<String> = []
    private var parsedFields = ParsedFieldsCache()
    /// Whether this connection's first write has checked the file (see `SQLiteQuickCheck`).
    private var checkedBeforeWriting = false
    private var commits = 0

    var isRemote: Bool { false }
    var counts: StoreCounts { StoreCounts(statements: connection.statementCount, commits: commits) }

    /// Opened on a file or directory this process cannot write (`SQLiteFileCheck.Contents`):
    /// it reads, and every write is refused with `readOnlyRefusal`.
    let isReadOnly: Bool

    private init(file: String, connection: SQLiteConnection, isReadOnly: Bool = false) {
        location = file
        self.connection = connection
        self.isReadOnly = isReadOnly
    }

    private var readOnlyRefusal: StoreError {
        .backend(file: location, message: tr(.storeReadOnly), code: .sqlite(SQLITE_READONLY))
    }

    /// Opens (creating if needed) a Tern database on one connection. An existing file's schema
    /// is read before anything writes, so a foreign, corrupt or newer file is reported and
    /// left untouched.
    static func open(file: String) throws -> SQLiteBackend {
        let contents = try SQLiteFileCheck.contents(of: file)
        if contents == .readOnlyData { return try openReadOnly(file: file) }
        let holdsData = contents == .data
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(file: file, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        } catch let failure as SQLiteFailure {
            throw StoreError.cannotOpen(file: file, reason: failure.reason, code: .sqlite(failure.code))
        }
        let backend = SQLiteBackend(file: file, connection: connection)
        try backend.translating {
            // mmap_size stays at its default of 0 on purpose: Debian's SQLite 3.40.1 predates the
            // fix for the WAL-reset race, and with memory-mapped I/O that race can corrupt the
            // file when several processes write.
            connection.setBusyTimeout(seconds: 10)
            let version = holdsData ? try SQLiteFileCheck.inspectSchema(of: connection, file: file) : 0
            try connection.execute("PRAGMA journal_mode = WAL")
            try connection.execute("PRAGMA synchronous = FULL")
            try connection.execute("PRAGMA foreign_keys = ON")
            // Checks each b-tree cell's size as a page is read, so a damaged page stops a read
            // or write with SQLITE_CORRUPT instead of being written through.
            try connection.execute("PRAGMA cell_size_check = ON")
            try backend.migrate(from: version)
            backend.lastDataVersion = try connection.scalarInt("PRAGMA data_version")
        }
        return backend
    }

    /// Opens a database this process may only read. SQLite reads a WAL database read-only
    /// when its shared-memory file exists or can be made; in a directory nobody may write it
    /// cannot be, and the file is read as immutable instead (a read-only directory holds no
    /// writer that could change it meanwhile).
    private static func openReadOnly(file: String) throws -> SQLiteBackend {
        var lastFailure: SQLiteFailure?
        for parameter in ["mode=ro", "immutable=1"] {
            do {
                let connection = try SQLiteConnection(
                    file: "file:\(uriPath(file))?\(parameter)", flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI)
                connection.setBusyTimeout(seconds: 10)
                _ = try connection.scalarInt("SELECT count(*) FROM sqlite_master")
                let backend = SQLiteBackend(file: file, connection: connection, isReadOnly: true)
                try backend.translating {
                    let version = try SQLiteFileCheck.inspectSchema(of: connection, file: file)
                    if version != SQLiteSchema.currentVersion {
                        guard version < SQLiteSchema.currentVersion else {
                            throw StoreError.newerSchema(file: file, found: version, known: SQLiteSchema.currentVersion)
                        }
                        throw backend.readOnlyRefusal
                    }
                    try connection.execute("PRAGMA cell_size_check = ON")
                    backend.lastDataVersion = try connection.scalarInt("PRAGMA data_version")
                }
                return backend
            } catch let failure as SQLiteFailure {
                if failure.isNotADatabase { throw StoreError.notADatabase(file: file, detail: failure.explained) }
                lastFailure = failure
            }
        }
        throw StoreError.cannotOpen(
            file: file, reason: lastFailure?.reason ?? "", code: .sqlite(lastFailure?.code ?? SQLITE_CANTOPEN))
    }

    /// A file path as the path of a `file:` URI: every byte but unreserved ones and `/` escaped.
    private static func uriPath(_ file: String) -> String {
        let absolute = file.hasPrefix("/") ? file : FileManager.default.currentDirectoryPath + "/" + file
        var out = ""
        for byte in absolute.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default: out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    /// `version` is the schema version read at opening; it is read again under the write
    /// lock, since another process may have migrated the file meanwhile.
    private func migrate(from version: Int) throws {
        let known = SQLiteSchema.currentVersion
        if version == known { return }
        try writeTransaction {
            let version = Int(try connection.scalarInt("PRAGMA user_version"))
            if version > known { throw StoreError.newerSchema(file: location, found: version, known: known) }
            for migration in SQLiteSchema.migrations[version...] { try connection.execute(migration) }
            try connection.execute("PRAGMA user_version = \(known)")
        }
    }

    /// Runs `body`, turning SQLite failures into one-line store errors naming the file.
    @discardableResult
    private func translating<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let failure as SQLiteFailure {
            if failure.code & 0xFF == SQLITE_CORRUPT {
                throw StoreError.backend(
                    file: location, message: SQLiteQuickCheck.damaged(failure.explained), code: .sqlite(failure.code))
            }
            if failure.isNotADatabase {
                throw StoreError.notADatabase(file: location, detail: failure.explained)
            }
            throw StoreError.backend(file: location, message: failure.reason, code: .sqlite(failure.code))
        }
    }

    func document(at path: ResourcePath) throws -> [String: FieldValue]? {
        try translating {
            let rows = try connection.query(
                "SELECT data FROM documents WHERE parent = ? AND id = ?",
                [.text(path.parent.string), .text(path.lastSegment)])
            guard case .text(let json)? = rows.first?.first else { return nil }
            return StorageJSON.readable(json)
        }
    }

    func putDocument(_ fields: [String: FieldValue], at path: ResourcePath) throws {
        let json = try StorageJSON.encode(fields)
        try translating {
            try connection.query(
                """
                INSERT INTO documents (parent, id, data) VALUES (?, ?, ?)
                ON CONFLICT (parent, id) DO UPDATE SET data = excluded.data
                """, [.text(path.parent.string), .text(path.lastSegment), .text(json)])
        }
    }

    func deleteDocument(at path: ResourcePath) throws {
        try translating {
            try connection.query(
                "DELETE FROM documents WHERE parent = ? AND id = ?",
                [.text(path.parent.string), .text(path.lastSegment)])
        }
    }

    func documents(matching query: QuerySpec) throws -> [StoredDocument] {
        try documents(matching: query, cached: false)
    }

    func listenedDocuments(matching query: QuerySpec) throws -> [StoredDocument] {
        try documents(matching: query, cached: true)
    }

    /// `cached`: parsed through `parsedFields`, for a listener's read.
    private func documents(matching query: QuerySpec, cached: Bool) throws -> [StoredDocument] {
        let walk = try walk(for: query)
        if let walk, let walked = try walked(walk, cached: cached) { return walked }
        let sql = try SQLiteQuery(query, reading: walk?.fallback ?? .normal)
        try ensureIndex(sql.index)
        return try translating {
            var result: [StoredDocument] = []
            let several = !query.otherCollections.isEmpty
            try connection.each(
                "SELECT id, data\(several ? ", parent" : "") FROM documents "
                    + "WHERE \(sql.whereClause)\(sql.orderClause)\(sql.limitClause)",
                sql.selectParameters
            ) { row in
                guard row.count >= 2, case .text(let id) = row[0], case .text(let json) = row[1] else { return }
                let fields = cached ? parsedFields.fields(of: json) : StorageJSON.readable(json)
                var parent: String?
                if several, row.count == 3, case .text(let text) = row[2] { parent = text }
                result.append(StoredDocument(id: id, fields: fields, parent: parent))
            }
            return result
        }
    }

    /// At most how many rows in the order a walk reads for each row of the page it fills.
    static let walkedRowsPerResult = 16
    /// And at most how many rows in all, whatever the page's size.
    static let walkedRowsAtMost = 5_000

    /// A page read by walking its order's index and testing each row it reaches, when the
    /// test passes for a good share of the rows (the Following view: the posts of 200 of
    /// 1,000 accounts, their reposts among everyone's): about `limit / share` rows, where
    /// the filter's index reads every row of the set and sorts them all. The walk stops at
    /// `bound` rows; a page it has not filled by then (a few quiet accounts) is read through
    /// the filter's index (`fallback`), so no page reads the whole collection.
    private struct Walk {
        var sql: SQLiteQuery
        /// The test on each row: `uid IN (...)`, or `parent IN (...)` over several collections.
        var test: (sql: String, parameters: [SQLValue])
        var several: Bool
        var limit: Int
        var bound: Int
        var fallback: SQLiteQuery.Reading
    }

    /// The walk for `query`: a page (a limit) in the order of a field, filtered by one `in`
    /// on another field of one collection, or over several collections.
    private func walk(for query: QuerySpec) throws -> Walk? {
        guard let limit = query.limit, limit > 0, query.orders.contains(where: { !$0.field.isDocumentID }) else {
            return nil
        }
        let bound = min(limit * Self.walkedRowsPerResult, Self.walkedRowsAtMost)
        guard bound > limit else { return nil }
        var walk = query
        walk.limit = bound
        if !query.otherCollections.isEmpty {
            let sql = try SQLiteQuery(walk, reading: .anyParent)
            guard sql.index != nil else { return nil }
            let parents = query.collections.map { SQLValue.text($0.string) }
            let test = "parent IN (" + parents.map { _ in "?" }.joined(separator: ", ") + ")"
            return Walk(sql: sql, test: (test, parents), several: true, limit: limit, bound: bound, fallback: .normal)
        }
        let memberships = query.filters.indices.filter { index in
            guard case .isIn(let field, let values) = query.filters[index] else { return false }
            return !field.isDocumentID && values.count > 1 && !query.orders.contains { $0.field == field }
        }
        guard memberships.count == 1, case .isIn(let field, let values) = query.filters[memberships[0]] else {
            return nil
        }
        walk.filters.remove(at: memberships[0])
        let sql = try SQLiteQuery(walk)
        return Walk(
            sql: sql, test: try SQLiteQuery.membership(field, values), several: false, limit: limit, bound: bound,
            fallback: .sortedAfter)
    }

    /// The walk's page, or nil when it read its bound of rows without filling the page.
    private func walked(_ walk: Walk, cached: Bool) throws -> [StoredDocument]? {
        try ensureIndex(walk.sql.index)
        // Without its index (a read-only file, a first read inside a transaction) a walk
        // would read and sort the whole table.
        guard let index = walk.sql.index, knownIndexes.contains(index.name) else { return nil }
        return try translating {
            var result: [StoredDocument] = []
            var read = 0
            try connection.each(
                "SELECT id, CASE WHEN \(walk.test.sql) THEN data END\(walk.several ? ", parent" : "") FROM documents "
                    + "WHERE \(walk.sql.whereClause)\(walk.sql.orderClause)\(walk.sql.limitClause)",
                walk.test.parameters + walk.sql.selectParameters,
                while: { row in
                    read += 1
                    guard row.count >= 2, case .text(let id) = row[0], case .text(let json) = row[1] else {
                        return true
                    }
                    let fields = cached ? parsedFields.fields(of: json) : StorageJSON.readable(json)
                    var parent: String?
                    if walk.several, row.count == 3, case .text(let text) = row[2] { parent = text }
                    result.append(StoredDocument(id: id, fields: fields, parent: parent))
                    return result.count < walk.limit
                })
            return result.count == walk.limit || read < walk.bound ? result : nil
        }
    }

    func documentIDs(matching query: QuerySpec) throws -> [String] {
        guard try walk(for: query) == nil else { return try documents(matching: query, cached: false).map(\.id) }
        let sql = try SQLiteQuery(query)
        try ensureIndex(sql.index)
        return try translating {
            var ids: [String] = []
            try connection.each(
                "SELECT id FROM documents WHERE \(sql.whereClause)\(sql.orderClause)\(sql.limitClause)",
                sql.selectParameters
            ) { (row: [SQLValue]) -> Void in
                if case .text(let id)? = row.first { ids.append(id) }
            }
            return ids
        }
    }

    func values(matching query: QuerySpec, of fields: [FieldPath]) throws -> [StoredValues] {
        guard try walk(for: query) == nil else {
            return try documents(matching: query, cached: false).map {
                StoredValues($0, parent: query.collection.string, fields: fields)
            }
        }
        let sql = try SQLiteQuery(query)
        try ensureIndex(sql.index)
        let columns = try fields.map(SQLiteQuery.jsonText)
        // A text that is not JSON, or over the limit, reads as no values (`StorageJSON.readable`);
        // SQLite parses each row's text once for all the columns (its parse cache).
        let readable = "json_valid(data) AND length(CAST(data AS BLOB)) <= \(StorageJSON.maximumBytes)"
        let selected = columns.map { ", CASE WHEN \(readable) THEN \($0.sql) END" }.joined()
        return try translating {
            var result: [StoredValues] = []
            try connection.each(
                "SELECT id, parent\(selected) FROM documents WHERE \(sql.whereClause)"
                    + "\(sql.orderClause)\(sql.limitClause)",
                columns.compactMap(\.parameter) + sql.selectParameters
            ) { row in
                guard row.count == fields.count + 2, case .text(let id) = row[0], case .text(let parent) = row[1] else {
                    return
                }
                let values = row.dropFirst(2).map { value -> FieldValue? in
                    guard case .text(let json) = value else { return nil }
                    return try? StorageJSON.decodeValue(json)
                }
                result.append(StoredValues(id: id, parent: parent, values: values))
            }
            return result
        }
    }

    /// SQLite's plan for a query, one line per step (for tests that guard index use).
    func queryPlan(for query: QuerySpec) throws -> [String] {
        let sql = try SQLiteQuery(query)
        try ensureIndex(sql.index)
        return try translating {
            try connection.query(
                "EXPLAIN QUERY PLAN SELECT id, data FROM documents "
                    + "WHERE \(sql.whereClause)\(sql.orderClause)\(sql.limitClause)",
                sql.selectParameters, cache: false
            ).compactMap { row in
                if case .text(let detail)? = row.last { return detail }
                return nil
            }
        }
    }

    func count(matching query: QuerySpec) throws -> Int {
        let sql = try SQLiteQuery(query)
        try ensureIndex(sql.index)
        return try translating {
            Int(
                try connection.scalarInt(
                    "SELECT count(*) FROM (SELECT 1 FROM documents WHERE \(sql.whereClause)\(sql.limitClause))",
                    sql.countParameters))
        }
    }

    func counts(matching query: QuerySpec, by field: FieldPath) throws -> [FieldValue: Int] {
        let statement = try countsStatement(query, by: field)
        return try translating {
            var counts: [FieldValue: Int] = [:]
            try connection.each(statement.sql, statement.parameters) { row in
                guard row.count == 2, case .text(let json) = row[0], case .int(let count) = row[1],
                    let value = try? StorageJSON.decodeValue(json)
                else { return }
                counts[value, default: 0] += Int(count)
            }
            return counts
        }
    }

    /// SQLite's plan for `counts(matching:by:)` (for tests that guard index use).
    func countsQueryPlan(for query: QuerySpec, by field: FieldPath) throws -> [String] {
        let statement = try countsStatement(query, by: field)
        return try translating {
            try connection.query("EXPLAIN QUERY PLAN " + statement.sql, statement.parameters, cache: false).compactMap {
                row in
                if case .text(let detail)? = row.last { return detail }
                return nil
            }
        }
    }

    /// The grouped count, with the index that lets it read only the index created first.
    private func countsStatement(_ query: QuerySpec, by field: FieldPath) throws -> (
        sql: String, parameters: [SQLValue]
    ) {
        let sql = try SQLiteQuery(query)
        let group = try sql.grouping(by: field)
        try ensureIndex(group.index ?? sql.index)
        return (
            "SELECT \(group.sql), count(*) FROM documents WHERE \(sql.whereClause) GROUP BY 1",
            (group.parameter.map { [$0] } ?? []) + sql.whereParameters
        )
    }

    /// Creates the index a query wants, once, like Firestore's automatic single-field indexes.
    private func ensureIndex(_ index: SQLiteQuery.Index?) throws {
        guard let index, !knownIndexes.contains(index.name), !inTransaction else { return }
        // A read-only file is read without the index it lacks (slower, never refused).
        if isReadOnly { return }
        try writeTransaction {
            try translating { try connection.execute(index.createStatement) }
        }
        knownIndexes.insert(index.name)
    }

    func protectedRecord(_ key: String) throws -> Data? {
        try translating {
            let rows = try connection.query("SELECT value FROM protected_records WHERE key = ?", [.text(key)])
            switch rows.first?.first {
            case .blob(let data)?: return data
            case .text(let text)?: return Data(text.utf8)
            default: return nil
            }
        }
    }

    func putProtectedRecord(_ value: Data, key: String) throws {
        try translating {
            try connection.query(
                """
                INSERT INTO protected_records (key, value) VALUES (?, ?)
                ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """, [.text(key), .blob(value)])
        }
    }

    func deleteProtectedRecord(_ key: String) throws {
        try translating { try connection.query("DELETE FROM protected_records WHERE key = ?", [.text(key)]) }
    }

    func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        if isReadOnly { throw readOnlyRefusal }
        guard !inTransaction else {
            throw StoreError.invalidArgument(
                "a write was started inside another write; nest no commits in a transaction")
        }
        if !checkedBeforeWriting {
            // Before taking the write lock: the check only reads, and other writers go on.
            try translating { try SQLiteQuickCheck.run(on: connection, file: location) }
            checkedBeforeWriting = true
        }
        try translating { try connection.control("BEGIN IMMEDIATE") }
        inTransaction = true
        defer { inTransaction = false }
        do {
            let result = try body()
            try translating { try connection.control("COMMIT") }
            commits += 1
            return result
        } catch {
            try? connection.control("ROLLBACK")
            throw error
        }
    }

    func hasExternalChanges() throws -> Bool {
        let version = try translating { try connection.scalarInt("PRAGMA data_version") }
        defer { lastDataVersion = version }
        return version != lastDataVersion
    }

    func integrityProblems() throws -> [String] {
        try translating {
            do {
                return try connection.query("PRAGMA integrity_check", cache: false).compactMap { row in
                    guard case .text(let line)? = row.first, line != "ok" else { return nil }
                    return line
                }
            } catch let failure as SQLiteFailure where failure.code & 0xFF == SQLITE_CORRUPT {
                // A page too damaged for the check to walk past is a finding, not a failure of it.
                return [failure.message]
            }
        }
    }

    func close() { connection.close() }
}
