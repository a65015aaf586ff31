import Foundation
import Localization

/// The store's tables on a PostgreSQL server: documents keyed by (parent collection path,
/// id) with their fields as jsonb, and protected records in a table no query reaches. It
/// knows nothing of what the documents mean: rules, validation and server functions are
/// installed by whoever sets the database up (Tern's are in `Domain/Server`).
///
/// Writes run in SERIALIZABLE transactions, retried when PostgreSQL reports a conflict,
/// so they behave as if one ran after the other without any lock another role could hold.
/// Each commit announces the paths it changed with NOTIFY from inside the transaction (a
/// rolled-back one announces nothing); other stores LISTEN and re-read what changed. A lost
/// connection is re-established with back-off and then every listener re-reads.
///
/// Pooled (a session token given, docs/decisions/0016-pooled-server.md): the connection is
/// the pooled role's, through pgbouncer in transaction pooling, and holds no server backend
/// between transactions. Every transaction begins with `SELECT tern_session($1)` (the token
/// only ever a bind parameter), sent in the same pipeline as what follows, so a read is one
/// round trip; nothing LISTENs: other commits are read from the server's change log
/// (`tern_changes`, `WHERE seq > cursor`), at most once per `changePollInterval`.
final class PostgresBackend: StoreBackend {
    private(set) var location: String
    private let connection: PostgresConnection
    private let channel: String
    /// The channels listened to: `channel`, or those the database's `change_channels`
    /// function names for this role (then the server announces changes itself).
    private var channels: [String]
    private var ownPID: Int32
    /// The pooled session's token; nil on a connection as the account's own role.
    private var sessionToken: String?
    /// The last change-log number read (pooled only).
    private var changeCursor: Int64 = 0
    private var nextChangePoll = Date.distantPast
    /// How often a pooled store reads the change log, however often it is asked.
    static let changePollInterval: TimeInterval = 0.25
    /// At most this many change-log rows are read per poll.
    static let changeBatch = 1024
    private var inTransaction = false
    private var commits = 0

    /// On a server every message is counted as a round trip; statements are left uncounted.
    var isRemote: Bool { true }
    var counts: StoreCounts { StoreCounts(commits: commits, roundTrips: connection.roundTrips) }
    private var touched: Set<ResourcePath> = []
    private var missedChanges = false
    private var retryDelay: TimeInterval = 0.1
    private var nextAttempt = Date.distantPast
    /// The server function every document write goes through, when the database names one
    /// (`document_writer` in `tern_meta`): a write hook through which whoever set the
    /// database up validates writes and keeps the tables themselves closed to clients.
    private var writer: String?
    /// The typed key columns the table has (`KeyColumns`), read when the store connects.
    private var keyColumns: KeyColumns
    /// Changes heard but not yet reported. However many notifications arrive (a forged
    /// flood included), they are coalesced into one report per poll, and reports are
    /// rationed: `reports` allows a burst of 5 and 5 a second after that, and a report of
    /// "anything may have changed" (every listener re-reads) at most one a second.
    private var heard: Set<ResourcePath> = []
    private var heardEverything = false
    private var reports = RateBudget(burst: 5, perSecond: 5)
    private var fullReports = RateBudget(burst: 1, perSecond: 1)
    /// More changed paths than this in one report count as "anything may have changed".
    static let heardLimit = 256
    /// At most this many notifications are read at a time. More waiting is a flood (a
    /// backlog the server would send whole): the connection is made anew, which drops the
    /// backlog with the old backend, and every listener re-reads, at most once a second;
    /// between two such reconnections each read takes at most this many.
    static let notificationLimit = 1024
    private var nextFloodReconnect = Date.distantPast
    /// Notifications parsed since the store opened (what a flood costs this client).
    private(set) var notificationsRead = 0

    /// Payloads stay under PostgreSQL's limit of 8000 bytes.
    static let payloadLimit = 7900

    /// How long a write keeps retrying after serialization conflicts before giving up.
    static let conflictDeadline: TimeInterval = 10

    private init(
        location: String, connection: PostgresConnection, channel: String, channels: [String]?, writer: String?,
        keyColumns: KeyColumns, sessionToken: String? = nil
    ) {
        self.keyColumns = keyColumns
        self.location = location
        self.sessionToken = sessionToken
        self.serverAnnounces = channels != nil
        self.channels = channels ?? [channel]
        self.connection = connection
        self.channel = channel
        self.writer = writer
        ownPID = connection.backendPID
    }

    /// The channels the database's `change_channels` function names for this role; nil
    /// when it names none (then clients announce their own commits on the schema's channel).
    static func changeChannels(_ connection: PostgresConnection) throws -> [String]? {
        guard
            let function = try connection.query("SELECT value FROM tern_meta WHERE key = 'change_channels'").first?
                .first ?? nil
        else {
            return nil
        }
        return try connection.query("SELECT unnest(\(PostgresConnection.identifier(function))())").compactMap {
            $0.first ?? nil
        }
    }

    /// LISTENs to every one of `channels`.
    static func listen(_ connection: PostgresConnection, to channels: [String]) throws {
        for name in channels { try connection.execute("LISTEN \(PostgresConnection.identifier(name))") }
    }

    /// True when the server announces changes itself (it names `change_channels`), so
    /// this client sends no NOTIFY.
    private var serverAnnounces: Bool

    /// The write hook the database names, if any.
    static func documentWriter(_ connection: PostgresConnection) throws -> String? {
        try connection.query("SELECT value FROM tern_meta WHERE key = 'document_writer'").first?.first ?? nil
    }

    /// The typed key columns of the documents table.
    static func keyColumns(_ connection: PostgresConnection) throws -> KeyColumns {
        KeyColumns(
            columns: try connection.query(KeyColumns.catalogQuery).compactMap { row in
                guard row.count == 2, let name = row[0], let type = row[1] else { return nil }
                return (name, type)
            })
    }

    /// True for `postgres://…` and `postgresql://…` addresses.
    static func isServerURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// The URL without its password, for messages.
    static func redacted(_ url: String) -> String {
        var text = url
        if let scheme = text.range(of: "://"),
            let at = text.range(
                of: "@",
                range: scheme.upperBound..<(text.firstIndex(of: "/", after: scheme.upperBound) ?? text.endIndex)),
            let colon = text.range(of: ":", range: scheme.upperBound..<at.lowerBound)
        {
            text.replaceSubrange(colon.lowerBound..<at.lowerBound, with: "")
        }
        if let query = text.firstIndex(of: "?") {
            let kept = text[text.index(after: query)...].split(separator: "&").filter { !$0.hasPrefix("password=") }
            text = String(text[..<query]) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
        }
        return text
    }

    /// The URL as an error line shows it: without its password, and without the role it
    /// connects as or the password file it reads (`user@`, `user=`, `passfile=`), which
    /// name an account's sign-in role and where its password is kept.
    static func forMessages(_ url: String) -> String {
        var text = redacted(url)
        if let scheme = text.range(of: "://"),
            let at = text.range(
                of: "@",
                range: scheme.upperBound..<(text.firstIndex(of: "/", after: scheme.upperBound) ?? text.endIndex))
        {
            text.removeSubrange(scheme.upperBound..<at.upperBound)
        }
        if let query = text.firstIndex(of: "?") {
            let kept = text[text.index(after: query)...].split(separator: "&").filter {
                !$0.hasPrefix("passfile=") && !$0.hasPrefix("user=")
            }
            text = String(text[..<query]) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
        }
        return text
    }

    /// Connects, or throws one line naming the server (`location`, without a password).
    private static func connect(_ url: String, location: String) throws -> PostgresConnection {
        do {
            return try PostgresConnection(url: url)
        } catch let failure as PostgresFailure {
            throw StoreError.cannotOpen(
                file: location, reason: tr(.storeCannotConnect, ["detail": failure.explained]), code: failure.code)
        }
    }

    /// Connects, creates or migrates the tables when this role may, and starts listening;
    /// with `sessionToken`, pooled (see the type): the session is checked and the change
    /// log's cursor taken instead.
    static func open(url: String, sessionToken: String? = nil) throws -> PostgresBackend {
        let location = redacted(url)
        let connection = try connect(url, location: location)
        do {
            guard let schema = try connection.query("SELECT current_schema()").first?.first ?? nil else {
                throw StoreError.cannotOpen(file: location, reason: tr(.storeNoSchema))
            }
            let channel = "tern_" + schema
            if let sessionToken {
                let backend = PostgresBackend(
                    location: location, connection: connection, channel: channel, channels: [], writer: nil,
                    keyColumns: try keyColumns(connection), sessionToken: sessionToken)
                try backend.startPooled()
                return backend
            }
            try migrate(connection, location: location)
            let channels = try changeChannels(connection)
            try listen(connection, to: channels ?? [channel])
            return PostgresBackend(
                location: location, connection: connection, channel: channel, channels: channels,
                writer: try documentWriter(connection), keyColumns: try keyColumns(connection))
        } catch let failure as PostgresFailure {
            throw StoreError.backend(file: location, message: failure.explained, code: failure.code)
        }
    }

    /// On a pooled connection: checks the session (a refused token throws 28000), reads the
    /// write hook, and starts the change log's cursor at its end.
    private func startPooled() throws {
        guard let sessionToken else { return }
        try startPooled(on: connection, token: sessionToken)
    }

    /// Checks `token` on `connection` and takes from it the write hook and the change log's
    /// end, in one round trip.
    private func startPooled(on connection: PostgresConnection, token: String) throws {
        let rows = try connection.pipeline([
            ("SELECT tern_session($1)", [token]),
            ("SELECT value FROM tern_meta WHERE key = 'document_writer'", []),
            ("SELECT coalesce(max(seq), 0) FROM tern_changes", []),
        ])
        serverAnnounces = true
        channels = []
        writer = rows[1].first?.first ?? nil
        changeCursor = (rows[2].first?.first ?? nil).flatMap { Int64($0) } ?? 0
        nextChangePoll = Date().addingTimeInterval(Self.changePollInterval)
    }

    /// Runs `statements` as one transaction bound to the pooled session: one round trip
    /// (`SELECT tern_session($1)` first in the same pipeline); each one's rows.
    private func bound(_ statements: [(sql: String, parameters: [String?])]) throws -> [[[String?]]] {
        guard let sessionToken else { return try statements.map { try connection.query($0.sql, $0.parameters) } }
        return Array(try connection.pipeline([("SELECT tern_session($1)", [sessionToken])] + statements).dropFirst())
    }

    /// Brings the schema to the current version; several processes opening a new database
    /// at once wait for each other on the metadata table's lock (only a role that may
    /// create the tables takes it).
    static func migrate(_ connection: PostgresConnection, location: String) throws {
        let known = PostgresSchema.currentVersion
        let current = try schemaVersion(connection)
        if current == known { return }
        if let current, current > known { throw StoreError.newerSchema(file: location, found: current, known: known) }
        try connection.execute("BEGIN")
        do {
            try connection.execute("CREATE TABLE IF NOT EXISTS tern_meta (key text PRIMARY KEY, value text NOT NULL)")
            try connection.execute("LOCK TABLE tern_meta IN SHARE ROW EXCLUSIVE MODE")
            let found = try schemaVersion(connection) ?? 0
            if found > known { throw StoreError.newerSchema(file: location, found: found, known: known) }
            for migration in PostgresSchema.migrations[found...] { try connection.execute(migration) }
            try connection.query(
                """
                INSERT INTO tern_meta (key, value) VALUES ('schema_version', $1)
                ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """, [String(known)])
            try connection.execute("COMMIT")
        } catch let failure as PostgresFailure {
            try? connection.execute("ROLLBACK")
            if failure.sqlState == "42501" {
                throw StoreError.cannotOpen(file: location, reason: tr(.storeNoTables), code: .sqlState("42501"))
            }
            throw failure
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// Connects as another role on the same server and schema (signing in or out): the new
    /// connection is made and listening before the old one closes, so a failure (a wrong
    /// password) leaves the store as it was.
    func switchRole(url: String, sessionToken: String?) throws {
        let newLocation = Self.redacted(url)
        guard !inTransaction else { throw StoreError.invalidArgument("cannot change roles inside a transaction") }
        let fresh = try Self.connect(url, location: newLocation)
        do {
            let schema = try fresh.query("SELECT current_schema()").first?.first ?? nil
            guard schema.map({ "tern_" + $0 }) == channel else {
                throw StoreError.cannotOpen(file: newLocation, reason: tr(.storeOtherServer))
            }
            keyColumns = try Self.keyColumns(fresh)
            if let sessionToken {
                try startPooled(on: fresh, token: sessionToken)
            } else {
                let named = try Self.changeChannels(fresh)
                serverAnnounces = named != nil
                channels = named ?? [channel]
                try Self.listen(fresh, to: channels)
                writer = try Self.documentWriter(fresh)
            }
        } catch let failure as PostgresFailure {
            throw StoreError.backend(file: newLocation, message: failure.explained, code: failure.code)
        }
        self.sessionToken = sessionToken
        connection.adopt(fresh)
        location = newLocation
        ownPID = connection.backendPID
        touched = []
        retryDelay = 0.1
        nextAttempt = .distantPast
    }

    /// The recorded schema version; nil when the database has no Tern tables.
    static func schemaVersion(_ connection: PostgresConnection) throws -> Int? {
        guard try connection.query("SELECT to_regclass('tern_meta')").first?.first ?? nil != nil else { return nil }
        return (try connection.query("SELECT value FROM tern_meta WHERE key = 'schema_version'").first?.first ?? nil)
            .flatMap { Int($0) }
    }

    // MARK: Running statements

    /// Runs a statement, turning failures into one-line store errors naming the server. A
    /// read outside a transaction on a lost connection reconnects and is tried once more.
    @discardableResult
    private func run(_ sql: String, _ parameters: [String?] = []) throws -> [[String?]] {
        try ensureConnected()
        // What waits on the socket first, at most a bounded amount: a statement would
        // otherwise read a whole flood's backlog before its answer.
        if !inTransaction && sessionToken == nil && connection.isReadable() { takeNotifications() }
        let once = { [self] () throws -> [[String?]] in
            inTransaction || sessionToken == nil
                ? try connection.query(sql, parameters) : try bound([(sql, parameters)])[0]
        }
        do {
            return try once()
        } catch let failure as PostgresFailure {
            if failure.connectionLost && !inTransaction {
                missedChanges = true
                nextAttempt = .distantPast
                if (try? ensureConnected()) != nil, let rows = try? once() { return rows }
            }
            throw translate(failure)
        }
    }

    private func translate(_ failure: PostgresFailure) -> StoreError {
        if failure.code.isRefusedByRules {
            return .backend(
                file: location, message: tr(.storeRefusedByServer, ["detail": failure.explained]), code: failure.code)
        }
        return .backend(
            file: location,
            message: failure.connectionLost
                ? tr(.storeConnectionLost, ["detail": failure.explained]) : failure.explained, code: failure.code)
    }

    /// Re-establishes a lost connection, at most once per back-off interval (`retryDelay`,
    /// doubling after each failure up to its cap), and listens again; every listener then
    /// re-reads.
    private func ensureConnected() throws {
        if connection.isOpen { return }
        guard Date() >= nextAttempt else {
            throw StoreError.backend(file: location, message: tr(.storeReconnecting), code: .unreachable)
        }
        do {
            try connection.reset()
            try Self.listen(connection, to: channels)
            ownPID = connection.backendPID
            missedChanges = true
            retryDelay = 0.1
        } catch let failure as PostgresFailure {
            nextAttempt = Date().addingTimeInterval(retryDelay)
            retryDelay = min(retryDelay * 2, 5)
            throw StoreError.backend(
                file: location, message: tr(.storeConnectionLost, ["detail": failure.explained]), code: failure.code)
        }
    }

    // MARK: Documents

    func document(at path: ResourcePath) throws -> [String: FieldValue]? {
        let rows = try run(
            "SELECT doc FROM documents WHERE parent = $1 AND id = $2", [path.parent.string, path.lastSegment])
        guard let json = rows.first?.first ?? nil else { return nil }
        return Self.fields(of: json)
    }

    /// The fields of a stored document (see `StorageJSON.readable`).
    static func fields(of json: String) -> [String: FieldValue] {
        StorageJSON.readable(json)
    }

    func putDocument(_ fields: [String: FieldValue], at path: ResourcePath) throws {
        if let writer {
            _ = try callFunction(
                writer, arguments: [path.parent.string, path.lastSegment, try StorageJSON.encode(fields)],
                touching: [path])
            return
        }
        try run(
            """
            INSERT INTO documents (parent, id, doc) VALUES ($1, $2, $3)
            ON CONFLICT (parent, id) DO UPDATE SET doc = excluded.doc
            """, [path.parent.string, path.lastSegment, try StorageJSON.encode(fields)])
        touched.insert(path)
    }

    func deleteDocument(at path: ResourcePath) throws {
        if let writer {
            _ = try callFunction(writer, arguments: [path.parent.string, path.lastSegment, nil], touching: [path])
            return
        }
        try run("DELETE FROM documents WHERE parent = $1 AND id = $2", [path.parent.string, path.lastSegment])
        touched.insert(path)
    }

    /// Calls the server function `name` with text arguments inside the current write
    /// transaction and returns its result as text; `touching` are the documents it changes,
    /// announced with the commit.
    /// One round trip instead of three (BEGIN, the call, COMMIT): the isolation, the
    /// announcement when the store makes its own, and the call go as one simple query,
    /// which PostgreSQL runs as one implicit transaction, committed when it ends. The
    /// arguments are inlined as literals (`standard_conforming_strings` is on for every
    /// connection). A conflict is retried as `writeTransaction` does; a lost connection is
    /// not (the call may have committed).
    func callFunctionAlone(_ name: String, arguments: [String?], touching: Set<ResourcePath>) throws -> String? {
        guard !inTransaction else {
            throw StoreError.invalidArgument(
                "a write was started inside another write; nest no commits in a transaction")
        }
        if let sessionToken { return try callPooled(name, arguments: arguments, token: sessionToken) }
        var statements = ["SET TRANSACTION ISOLATION LEVEL SERIALIZABLE"]
        if !serverAnnounces, let payload = Self.payload(for: touching) {
            statements.append(
                "SELECT pg_notify(\(PostgresConnection.literal(channel)), \(PostgresConnection.literal(payload)))")
        }
        let values = arguments.map { $0.map(PostgresConnection.literal) ?? "NULL" }.joined(separator: ", ")
        statements.append("SELECT \(PostgresConnection.identifier(name))(\(values))::text")
        let sql = statements.joined(separator: "; ")
        return try retryingConflicts { try connection.queryText(sql).first?.first ?? nil }
    }

    /// Runs `attempt`, one call committed on its own, again after a serialization conflict
    /// for at most `conflictDeadline` (after a pause that doubles); `afterFailure` runs after
    /// every failed attempt.
    private func retryingConflicts(_ attempt: () throws -> String?, afterFailure: () -> Void = {}) throws -> String? {
        let deadline = Date().addingTimeInterval(Self.conflictDeadline)
        var pause: UInt32 = 1000
        while true {
            try ensureConnected()
            do {
                let result = try attempt()
                commits += 1
                return result
            } catch let failure as PostgresFailure {
                afterFailure()
                let error = translate(failure)
                guard error.code.isSerializationConflict && Date() < deadline else { throw error }
                usleep(pause + UInt32.random(in: 0...pause))
                pause = min(pause * 2, 50_000)
            }
        }
    }

    /// `callFunctionAlone` on a pooled connection: BEGIN, the session, the call and COMMIT
    /// in one pipeline, one round trip; the arguments are bind parameters, like the token.
    private func callPooled(_ name: String, arguments: [String?], token: String) throws -> String? {
        let placeholders = arguments.indices.map { "$\($0 + 1)" }.joined(separator: ", ")
        let statements: [(sql: String, parameters: [String?])] = [
            ("BEGIN ISOLATION LEVEL SERIALIZABLE", []), ("SELECT tern_session($1)", [token]),
            ("SELECT \(PostgresConnection.identifier(name))(\(placeholders))::text", arguments), ("COMMIT", []),
        ]
        // A failure before COMMIT leaves the transaction open and aborted.
        return try retryingConflicts(
            { try connection.pipeline(statements)[2].first?.first ?? nil },
            afterFailure: { if connection.isOpen { try? connection.execute("ROLLBACK") } })
    }

    func callFunction(_ name: String, arguments: [String?], touching: Set<ResourcePath>) throws -> String? {
        let placeholders = arguments.indices.map { "$\($0 + 1)" }.joined(separator: ", ")
        let rows = try run("SELECT \(PostgresConnection.identifier(name))(\(placeholders))::text", arguments)
        touched.formUnion(touching)
        return rows.first?.first ?? nil
    }

    /// How many documents a walk over several collections reads per document of the page
    /// (`PostgresQuery.walk`), and at most: the embedded store's bounds.
    static let walkRowsPerResult = 16
    static let walkMostRows = 5000

    func documents(matching query: QuerySpec) throws -> [StoredDocument] {
        let sql = try PostgresQuery(query, keyColumns: keyColumns)
        let several = !query.otherCollections.isEmpty
        let columns = "id, doc\(several ? ", parent" : "")"
        var walked: [[String?]]?
        if let limit = query.limit,
            let walk = sql.walk(
                bound: min(limit * Self.walkRowsPerResult, Self.walkMostRows), selecting: columns)
        {
            let rows = try run(walk, sql.parameters)
            if rows.count >= limit { walked = rows }
        }
        let rows =
            try walked
            ?? run(
                "SELECT \(columns) FROM documents WHERE \(sql.whereClause)\(sql.orderClause)\(sql.limitClause)",
                sql.parameters)
        return rows.compactMap { row in
            guard row.count >= 2, let id = row[0], let json = row[1] else { return nil }
            return StoredDocument(
                id: id, fields: Self.fields(of: json), parent: several && row.count == 3 ? row[2] : nil)
        }
    }

    /// Read from `doc` as `json` (not the `jsonb` column), which keeps each value's stored
    /// text: a timestamp reads back as a timestamp, not a number.
    func values(matching query: QuerySpec, of fields: [FieldPath]) throws -> [StoredValues] {
        let sql = try PostgresQuery(query)
        let columns = try fields.map { field -> String in
            if field.isDocumentID { return "to_json(id)::text" }
            let value = try PostgresQuery.column(field, of: "picked.doc_json")
            return "CASE WHEN octet_length(doc) <= \(StorageJSON.maximumBytes) THEN (\(value))::text END"
        }
        let rows = try run(
            "SELECT id, parent" + columns.map { ", " + $0 }.joined()
                + " FROM documents CROSS JOIN LATERAL (SELECT doc::json AS doc_json) AS picked"
                + " WHERE \(sql.whereClause)\(sql.orderClause)\(sql.limitClause)", sql.parameters)
        return rows.compactMap { row in
            guard row.count == fields.count + 2, let id = row[0], let parent = row[1] else { return nil }
            let values = row.dropFirst(2).map { text in text.flatMap { try? StorageJSON.decodeValue($0) } }
            return StoredValues(id: id, parent: parent, values: values)
        }
    }

    func counts(matching query: QuerySpec, by field: FieldPath) throws -> [FieldValue: Int] {
        let sql = try PostgresQuery(query, keyColumns: keyColumns)
        let column = field.isDocumentID ? "to_jsonb(id)" : try PostgresQuery.column(field)
        let rows = try run(
            "SELECT (\(column))::text, count(*) FROM documents WHERE \(sql.whereClause) GROUP BY 1", sql.parameters)
        var counts: [FieldValue: Int] = [:]
        for row in rows {
            guard row.count == 2, let json = row[0], let count = row[1].flatMap({ Int($0) }) else { continue }
            counts[try StorageJSON.decodeValue(json), default: 0] += count
        }
        return counts
    }

    func count(matching query: QuerySpec) throws -> Int {
        let sql = try PostgresQuery(query, keyColumns: keyColumns)
        let rows = try run(
            "SELECT count(*) FROM (SELECT 1 FROM documents WHERE \(sql.whereClause)\(sql.limitClause)) AS matching",
            sql.parameters)
        return (rows.first?.first ?? nil).flatMap { Int($0) } ?? 0
    }

    // MARK: Protected records

    func protectedRecord(_ key: String) throws -> Data? {
        let rows = try run("SELECT encode(value, 'hex') FROM protected_records WHERE key = $1", [key])
        guard let hex = rows.first?.first ?? nil else { return nil }
        return Self.data(hex: hex)
    }

    func putProtectedRecord(_ value: Data, key: String) throws {
        try run(
            """
            INSERT INTO protected_records (key, value) VALUES ($1, decode($2, 'hex'))
            ON CONFLICT (key) DO UPDATE SET value = excluded.value
            """, [key, value.map { String(format: "%02x", $0) }.joined()])
    }

    func deleteProtectedRecord(_ key: String) throws {
        try run("DELETE FROM protected_records WHERE key = $1", [key])
    }

    private static func data(hex: String) -> Data {
        var data = Data(capacity: hex.utf8.count / 2)
        var high: UInt8?
        for byte in hex.utf8 {
            let nibble: UInt8 = byte >= 0x61 ? byte - 0x61 + 10 : byte - 0x30
            if let h = high {
                data.append(h << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return data
    }

    // MARK: Transactions and announcements

    func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        guard !inTransaction else {
            throw StoreError.invalidArgument(
                "a write was started inside another write; nest no commits in a transaction")
        }
        let deadline = Date().addingTimeInterval(Self.conflictDeadline)
        var pause: UInt32 = 1000
        while true {
            do {
                return try attemptTransaction(body)
            } catch let error as StoreError where error.code.isSerializationConflict && Date() < deadline {
                // Another writer won the conflict: run the body again on what it committed.
                usleep(pause + UInt32.random(in: 0...pause))
                pause = min(pause * 2, 50_000)
            }
        }
    }

    private func attemptTransaction<T>(_ body: () throws -> T) throws -> T {
        if let sessionToken {
            try ensureConnected()
            do {
                _ = try connection.pipeline([
                    ("BEGIN ISOLATION LEVEL SERIALIZABLE", []), ("SELECT tern_session($1)", [sessionToken]),
                ])
            } catch let failure as PostgresFailure {
                if connection.isOpen { try? connection.execute("ROLLBACK") }
                throw translate(failure)
            }
        } else {
            try run("BEGIN ISOLATION LEVEL SERIALIZABLE")
        }
        inTransaction = true
        touched = []
        defer { inTransaction = false }
        do {
            let result = try body()
            if !serverAnnounces, let payload = Self.payload(for: touched) {
                try run("SELECT pg_notify($1, $2)", [channel, payload])
            }
            try run("COMMIT")
            commits += 1
            return result
        } catch {
            if connection.isOpen { try? connection.execute("ROLLBACK") }
            throw error
        }
    }

    /// The changed document paths, one a line; their collections when that is too long; `*`
    /// when even those are.
    static func payload(for paths: Set<ResourcePath>) -> String? {
        guard !paths.isEmpty else { return nil }
        let documents = paths.map(\.string).sorted().joined(separator: "\n")
        if documents.utf8.count <= payloadLimit { return documents }
        let collections = Set(paths.map(\.parent.string)).sorted().joined(separator: "\n")
        return collections.utf8.count <= payloadLimit ? collections : "*"
    }

    func hasExternalChanges() throws -> Bool { try externalChanges() != nil }

    /// Notifications from other connections since the last call: nil when none arrived,
    /// the changed documents, or an empty set when anything may have changed (a collection
    /// announced as a whole, or a reconnection). Idle, it costs one poll() of the socket.
    func externalChanges() throws -> Set<ResourcePath>? {
        if sessionToken != nil { pollChangeLog() } else if connection.isOpen { takeNotifications() }
        if !connection.isOpen {
            // Stay quiet while the server is away; report everything once it is back.
            guard (try? ensureConnected()) != nil else { return nil }
        }
        if missedChanges {
            missedChanges = false
            heardEverything = true
        }
        guard heardEverything || !heard.isEmpty else { return nil }
        let now = Date()
        guard heardEverything ? fullReports.take(at: now) : reports.take(at: now) else { return nil }
        defer {
            heard = []
            heardEverything = false
        }
        return heardEverything ? [] : heard
    }

    /// On a pooled connection, reads the change log past the cursor into `heard`, at most once
    /// per `changePollInterval`: one round trip through the pool. A cursor below what the
    /// server pruned (`change_log_floor`) means changes were missed: everything is re-read.
    private func pollChangeLog() {
        let now = Date()
        guard now >= nextChangePoll, connection.isOpen else { return }
        nextChangePoll = now.addingTimeInterval(Self.changePollInterval)
        let rows: [[String?]]
        do {
            rows = try bound([
                (
                    "SELECT NULL::bigint, value, NULL FROM tern_meta WHERE key = 'change_log_floor' UNION ALL "
                        + "(SELECT seq, parent, id FROM tern_changes WHERE seq > $1::bigint ORDER BY seq LIMIT "
                        + "\(Self.changeBatch))", [String(changeCursor)]
                )
            ])[0]
        } catch let failure as PostgresFailure {
            if failure.connectionLost { nextAttempt = .distantPast }
            return
        } catch {
            return
        }
        changesRead += rows.count
        let start = changeCursor
        var read = 0
        for row in rows where row.count == 3 {
            guard let seqText = row[0], let seq = Int64(seqText) else {
                if let floor = row[1].flatMap({ Int64($0) }), floor > start { heardEverything = true }
                continue
            }
            read += 1
            changeCursor = max(changeCursor, seq)
            guard !heardEverything, let parent = row[1], let id = row[2],
                let path = try? ResourcePath(parent + "/" + id), path.isDocument
            else {
                heardEverything = true
                continue
            }
            heard.insert(path)
            if heard.count > Self.heardLimit { heardEverything = true }
        }
        // A full batch: more are waiting, read at the next poll without waiting.
        if read >= Self.changeBatch { nextChangePoll = now }
    }

    /// Change-log rows read since the store opened (pooled only).
    private(set) var changesRead = 0

    /// Reads the waiting notifications (at most `notificationLimit`) into `heard`; a flood
    /// makes the connection anew (see `notificationLimit`).
    private func takeNotifications() {
        let taken: (notifications: [PostgresNotification], more: Bool)
        do {
            taken = try connection.takeNotifications(
                consume: connection.isReadable(), limit: Self.notificationLimit)
        } catch {
            nextAttempt = .distantPast
            return
        }
        notificationsRead += taken.notifications.count
        for notification in taken.notifications
        where notification.senderPID != ownPID && channels.contains(notification.channel) {
            for line in notification.payload.split(separator: "\n") where !heardEverything {
                guard let path = try? ResourcePath(String(line)), path.isDocument else {
                    heardEverything = true
                    break
                }
                heard.insert(path)
                if heard.count > Self.heardLimit { heardEverything = true }
            }
        }
        guard taken.more else { return }
        heardEverything = true
        let now = Date()
        guard now >= nextFloodReconnect else { return }
        nextFloodReconnect = now.addingTimeInterval(1)
        do {
            try connection.reset()
            try Self.listen(connection, to: channels)
            ownPID = connection.backendPID
        } catch {
            nextAttempt = .distantPast
        }
    }

    /// The server process serving this store now (for tests that cut the connection).
    var serverPID: Int32 { connection.backendPID }

    /// The server checks its own pages; there is nothing for a client to scan.
    func integrityProblems() throws -> [String] { [] }

    func close() { connection.close() }
}

extension String {
    fileprivate func firstIndex(of character: Character, after index: Index) -> Index? {
        self[index...].firstIndex(of: character)
    }
}
