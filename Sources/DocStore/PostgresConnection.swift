import CLibPQ
import Foundation

/// A failed PostgreSQL call: the server's (or libpq's) message and SQLSTATE.
struct PostgresFailure: Error {
    let message: String
    let sqlState: String?
    /// True when the connection itself is gone (server restart, terminated backend, network).
    let connectionLost: Bool

    var code: StoreErrorCode { sqlState.map(StoreErrorCode.sqlState) ?? (connectionLost ? .unreachable : .none) }

    /// libpq's message in the run's language (see `StoreErrorCode.explained`), without the
    /// names a person should not see in an error line: the role (`for user "tern_…"`, an
    /// account's secret-ish sign-in name) and the password file's path.
    var explained: String { code.explained(Self.withoutNames(message)) }

    /// `message` with every quoted role or user name, and the password file's path, left out.
    static func withoutNames(_ message: String) -> String {
        var text = message
        for (opening, replacement) in [
            ("password retrieved from file \"", ""), ("password file \"", "password file"),
            ("role \"", "role \"…\""), ("user \"", "user \"…\""),
        ] {
            var searched = text.startIndex
            while let open = text.range(of: opening, range: searched..<text.endIndex),
                let close = text[open.upperBound...].firstIndex(of: "\"")
            {
                let offset = text.distance(from: text.startIndex, to: open.lowerBound) + replacement.count
                text.replaceSubrange(open.lowerBound...close, with: replacement)
                searched = text.index(text.startIndex, offsetBy: offset)
            }
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// One notification received on a LISTEN channel.
struct PostgresNotification {
    let channel: String
    let payload: String
    let senderPID: Int32
}

/// A thin synchronous wrapper over one libpq connection: parameterised statements in text
/// format, LISTEN notifications read without blocking, and reconnection.
final class PostgresConnection {
    private var connection: OpaquePointer?
    private(set) var url: String
    /// Messages sent and answered on this connection (see `StoreCounts`).
    private(set) var roundTrips = 0
    /// The client's own timeouts were asked for (see `init`), for a reconnection.
    private let sessionLimits: Bool
    /// True when the connection was dropped by this client (`abandonPipeline`): `reset` then
    /// connects anew.
    private var dropped = false

    /// Connects to `url` (a libpq URI or key=value string) with a connect timeout. A
    /// refusal during start-up (a wrong password, too many connections) carries the
    /// server's SQLSTATE.
    /// `sessionLimits`: the client's own timeouts (statement, lock wait, idle in a
    /// transaction: the `-c` options below), set on the connection whatever defaults the
    /// role was given on the server; off for an administrator setting a database up.
    init(url: String, sessionLimits: Bool = true) throws {
        try LibPQ.require()
        self.url = url
        self.sessionLimits = sessionLimits
        let (started, firstByte) = Self.connect(url, options: Self.sessionOptions(url, limits: sessionLimits))
        connection = started
        guard let connection, PQstatus(connection) == CONNECTION_OK else {
            var failure =
                connection.map { Self.startupFailure(String(cString: PQerrorMessage($0))) }
                ?? PostgresFailure(message: "out of memory", sqlState: nil, connectionLost: true)
            // The server answered but wants a password libpq does not have: an authentication
            // failure (28000), not an unreachable server.
            if let connection, failure.sqlState == nil, PQconnectionNeedsPassword(connection) == 1 {
                failure = PostgresFailure(message: failure.message, sqlState: "28000", connectionLost: true)
            }
            // Something answered, but not as PostgreSQL starts a connection: a protocol
            // violation (08P01), which waiting for the network will not mend.
            if failure.sqlState == nil, let firstByte, !Self.startupAnswers.contains(firstByte) {
                failure = PostgresFailure(
                    message: failure.message, sqlState: Self.protocolViolation, connectionLost: true)
            }
            if let connection { PQfinish(connection) }
            self.connection = nil
            throw failure
        }
        PQsetErrorVerbosity(connection, PQERRORS_DEFAULT)
        silenceNotices()
    }

    deinit { close() }

    /// The first byte a PostgreSQL server may send on a new connection: the answer to an
    /// encryption request (`S`, `G`, `N`, or an error `E`) or to the start-up message (an
    /// authentication request `R`, an error `E`, a notice `N`, a protocol negotiation `v`).
    static let startupAnswers: Set<UInt8> = Set("SGNERv".utf8)
    /// SQLSTATE protocol_violation.
    static let protocolViolation = "08P01"

    /// Starts the connection with verbose errors (so that a start-up refusal names its
    /// SQLSTATE) and waits for it, at most `connect_timeout` seconds. Also returns the first
    /// byte the server sent, peeked before libpq reads it (nil when nothing came).
    private static func connect(_ url: String, options: String) -> (OpaquePointer?, UInt8?) {
        let keywords = ["dbname", "connect_timeout", "application_name", "options"]
        let values = [url, "5", "tern", options]
        let cKeywords = keywords.map { strdup($0) }
        let cValues = values.map { strdup($0) }
        defer {
            cKeywords.forEach { free($0) }
            cValues.forEach { free($0) }
        }
        var keywordPointers = cKeywords.map { UnsafePointer($0) } + [nil]
        var valuePointers = cValues.map { UnsafePointer($0) } + [nil]
        guard
            let connection = keywordPointers.withUnsafeMutableBufferPointer({ k in
                valuePointers.withUnsafeMutableBufferPointer { v in
                    PQconnectStartParams(k.baseAddress, v.baseAddress, 1)
                }
            })
        else { return (nil, nil) }
        guard PQstatus(connection) != CONNECTION_BAD else { return (connection, nil) }
        PQsetErrorVerbosity(connection, PQERRORS_VERBOSE)
        let deadline = Date().addingTimeInterval(5)
        var state = PGRES_POLLING_WRITING
        var firstByte: UInt8?
        while state != PGRES_POLLING_OK && state != PGRES_POLLING_FAILED {
            let remaining = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            var descriptor = pollfd(
                fd: PQsocket(connection), events: Int16(state == PGRES_POLLING_READING ? POLLIN : POLLOUT), revents: 0)
            if remaining == 0 || poll(&descriptor, 1, remaining) == 0 { break }
            if firstByte == nil, state == PGRES_POLLING_READING {
                var byte: UInt8 = 0
                if recv(descriptor.fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 1 { firstByte = byte }
            }
            state = PQconnectPoll(connection)
        }
        return (connection, firstByte)
    }

    /// The settings sent with the start-up of every connection, which take precedence over
    /// any default stored on the server for the role or database (so a role that changed
    /// its own defaults cannot change what Tern runs): the URL's own `options`, then the
    /// `search_path` (the URL's, else `public`), the encoding and quoting Tern's statements
    /// assume, and the client's timeouts.
    static func sessionOptions(_ url: String, limits: Bool) -> String {
        let given = ((try? parse(url))?["options"]) ?? ""
        var options = given
        if !given.contains("search_path") { options += " -c search_path=public" }
        options +=
            " -c client_encoding=UTF8 -c standard_conforming_strings=on -c row_security=on"
            + " -c default_transaction_read_only=off -c idle_session_timeout=0"
        if limits {
            options += " -c statement_timeout=5s -c lock_timeout=3s -c idle_in_transaction_session_timeout=10s"
        }
        return options.trimmingCharacters(in: .whitespaces)
    }

    /// libpq's message for a failed start-up, verbose: `… failed: FATAL:  28P01: password
    /// authentication failed …` for a server refusal, whose SQLSTATE is taken out of the
    /// message into the failure's code; libpq's own text otherwise.
    static func startupFailure(_ text: String) -> PostgresFailure {
        let full =
            text.split(whereSeparator: \.isNewline).map(String.init).first {
                !$0.trimmingCharacters(in: .whitespaces).isEmpty
            } ?? ""
        for marker in ["FATAL:  ", "ERROR:  "] {
            guard let severity = full.range(of: marker) else { continue }
            let rest = full[severity.upperBound...]
            let code = rest.prefix(5)
            guard code.count == 5, code.allSatisfy({ $0.isNumber || ($0.isUppercase && $0.isASCII) }),
                rest.dropFirst(5).hasPrefix(": ")
            else { continue }
            let message = String(full[..<severity.lowerBound]) + rest.dropFirst(7)
            return PostgresFailure(message: firstLine(message), sqlState: String(code), connectionLost: true)
        }
        return PostgresFailure(message: firstLine(text), sqlState: nil, connectionLost: true)
    }

    /// NOTICE messages (e.g. "already exists, skipping") would go to stderr by default.
    private func silenceNotices() {
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
    }

    static func firstLine(_ text: String) -> String {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        let line = lines.first { !$0.isEmpty } ?? "unknown error"
        return line.hasPrefix("FATAL:  ")
            ? String(line.dropFirst(8)) : line.hasPrefix("ERROR:  ") ? String(line.dropFirst(8)) : line
    }

    var isOpen: Bool { connection.map { PQstatus($0) == CONNECTION_OK } ?? false }

    /// The server process serving this connection.
    var backendPID: Int32 { connection.map { PQbackendPID($0) } ?? 0 }

    /// The socket, for a readiness check.
    var socket: Int32 { connection.map { PQsocket($0) } ?? -1 }

    func close() {
        if let connection { PQfinish(connection) }
        connection = nil
    }

    /// Takes over `other`'s connection, closing this one's: from now on (reconnections
    /// included) this object talks as whoever `other` connected as.
    func adopt(_ other: PostgresConnection) {
        close()
        connection = other.connection
        url = other.url
        dropped = other.dropped
        other.connection = nil
    }

    /// Tries to re-establish a lost connection once; throws when the server is still unreachable.
    func reset() throws {
        if connection == nil && dropped {
            let (fresh, _) = Self.connect(url, options: Self.sessionOptions(url, limits: sessionLimits))
            guard let fresh, PQstatus(fresh) == CONNECTION_OK else {
                let text = fresh.map { String(cString: PQerrorMessage($0)) } ?? "out of memory"
                if let fresh { PQfinish(fresh) }
                throw PostgresFailure(message: Self.firstLine(text), sqlState: nil, connectionLost: true)
            }
            PQsetErrorVerbosity(fresh, PQERRORS_DEFAULT)
            connection = fresh
            dropped = false
            silenceNotices()
            return
        }
        guard let connection else {
            throw PostgresFailure(message: "the connection is closed", sqlState: nil, connectionLost: true)
        }
        PQreset(connection)
        guard PQstatus(connection) == CONNECTION_OK else {
            throw PostgresFailure(
                message: Self.firstLine(String(cString: PQerrorMessage(connection))), sqlState: nil,
                connectionLost: true)
        }
        silenceNotices()
    }

    /// Runs one statement with text parameters; returns the rows as text (nil for SQL NULL).
    @discardableResult
    func query(_ sql: String, _ parameters: [String?] = []) throws -> [[String?]] {
        guard let connection else {
            throw PostgresFailure(message: "the connection is closed", sqlState: nil, connectionLost: true)
        }
        roundTrips += 1
        let cValues = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { cValues.forEach { free($0) } }
        let pointers = cValues.map { $0.map { UnsafePointer<CChar>($0) } }
        let result = pointers.withUnsafeBufferPointer { buffer in
            PQexecParams(connection, sql, Int32(parameters.count), nil, buffer.baseAddress, nil, nil, 0)
        }
        return try rows(of: result)
    }

    /// Sends `statements`, each with text parameters, as one pipeline ended by one Sync: one
    /// round trip. Outside a transaction block the server runs them as one implicit
    /// transaction, committed at the Sync (through pgbouncer in transaction pooling, one
    /// server backend runs them all). Returns each statement's rows; throws the first
    /// failure (the server skips the statements after it).
    func pipeline(_ statements: [(sql: String, parameters: [String?])]) throws -> [[[String?]]] {
        guard let connection else {
            throw PostgresFailure(message: "the connection is closed", sqlState: nil, connectionLost: true)
        }
        roundTrips += 1
        guard PQenterPipelineMode(connection) == 1 else { throw failure(nil) }
        var sent = 0
        for statement in statements {
            let cValues = statement.parameters.map { $0.map { strdup($0) } ?? nil }
            defer { cValues.forEach { free($0) } }
            let pointers = cValues.map { $0.map { UnsafePointer<CChar>($0) } }
            let queued = pointers.withUnsafeBufferPointer { buffer in
                PQsendQueryParams(
                    connection, statement.sql, Int32(statement.parameters.count), nil, buffer.baseAddress, nil, nil, 0)
            }
            guard queued == 1 else { break }
            sent += 1
        }
        guard sent == statements.count, PQpipelineSync(connection) == 1 else {
            let text = String(cString: PQerrorMessage(connection))
            abandonPipeline()
            throw PostgresFailure(message: Self.firstLine(text), sqlState: nil, connectionLost: true)
        }
        var outputs: [[[String?]]] = []
        var firstFailure: PostgresFailure?
        for _ in 0..<sent {
            guard let result = PQgetResult(connection) else {
                firstFailure = firstFailure ?? failure(nil)
                break
            }
            if PQresultStatus(result) == PGRES_PIPELINE_ABORTED {
                PQclear(result)
                outputs.append([])
            } else {
                do {
                    outputs.append(try rows(of: result))
                } catch let failed as PostgresFailure {
                    firstFailure = firstFailure ?? failed
                    outputs.append([])
                }
            }
            // Each statement's results end with a NULL.
            if let extra = PQgetResult(connection) { PQclear(extra) }
        }
        var synced = false
        if outputs.count == sent, let sync = PQgetResult(connection) {
            synced = PQresultStatus(sync) == PGRES_PIPELINE_SYNC
            PQclear(sync)
        }
        guard synced, PQexitPipelineMode(connection) == 1 else {
            let lost = PostgresFailure(
                message: Self.firstLine(String(cString: PQerrorMessage(connection))), sqlState: nil,
                connectionLost: true)
            abandonPipeline()
            throw firstFailure ?? lost
        }
        if let firstFailure { throw firstFailure }
        return outputs
    }

    /// After a pipeline that did not end as it should: the connection cannot be trusted to
    /// be in step with the server any more, so it is dropped (the next statement reconnects).
    private func abandonPipeline() {
        guard let connection else { return }
        PQfinish(connection)
        self.connection = nil
        dropped = true
    }

    /// Runs statements without parameters, separated by semicolons, as one message: the
    /// server runs them as one transaction (unless they say otherwise) and the rows of the
    /// last one come back. Values must be inlined with `literal`.
    func queryText(_ sql: String) throws -> [[String?]] {
        guard let connection else {
            throw PostgresFailure(message: "the connection is closed", sqlState: nil, connectionLost: true)
        }
        roundTrips += 1
        return try rows(of: PQexec(connection, sql))
    }

    /// The rows of `result` as text (nil for SQL NULL), or its failure; clears it.
    private func rows(of result: OpaquePointer?) throws -> [[String?]] {
        defer { PQclear(result) }
        guard let result else { throw failure(nil) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
            return []
        case PGRES_TUPLES_OK:
            let rows = PQntuples(result)
            let columns = PQnfields(result)
            var out: [[String?]] = []
            out.reserveCapacity(Int(rows))
            for row in 0..<rows {
                var values: [String?] = []
                values.reserveCapacity(Int(columns))
                for column in 0..<columns {
                    values.append(
                        PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column)))
                }
                out.append(values)
            }
            return out
        default:
            throw failure(result)
        }
    }

    /// Runs statements without parameters (several may be separated by semicolons).
    func execute(_ sql: String) throws {
        guard let connection else {
            throw PostgresFailure(message: "the connection is closed", sqlState: nil, connectionLost: true)
        }
        roundTrips += 1
        let result = PQexec(connection, sql)
        defer { PQclear(result) }
        guard let result else { throw failure(nil) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY: return
        default: throw failure(result)
        }
    }

    private func failure(_ result: OpaquePointer?) -> PostgresFailure {
        let state = result.flatMap { PQresultErrorField($0, Int32(UInt8(ascii: "C"))) }.map { String(cString: $0) }
        let text =
            result.flatMap { PQresultErrorField($0, Int32(UInt8(ascii: "M"))) }.map { String(cString: $0) }
            ?? connection.map { String(cString: PQerrorMessage($0)) } ?? "the connection is closed"
        let lost = connection.map { PQstatus($0) != CONNECTION_OK } ?? true
        return PostgresFailure(
            message: Self.firstLine(text), sqlState: state,
            connectionLost: lost || state?.hasPrefix("08") == true || state == "57P01")
    }

    /// True when the socket has bytes to read (a notification, or the server closing it).
    func isReadable() -> Bool {
        let fd = socket
        guard fd >= 0 else { return false }
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    /// The notifications received, at most `limit` of them, reading what the server sent
    /// (when `consume`) until the socket is drained or the limit is reached, including any
    /// gathered while other statements ran; `more` says that others were still waiting. One
    /// read of the socket holds a few hundred at most, so a flood of any size costs at most
    /// `limit` notifications of memory at a time. Throws when the connection turned out to
    /// be lost.
    func takeNotifications(consume: Bool, limit: Int) throws -> (notifications: [PostgresNotification], more: Bool) {
        guard let connection else {
            throw PostgresFailure(message: "the connection is closed", sqlState: nil, connectionLost: true)
        }
        var notifications: [PostgresNotification] = []
        var reading = consume
        repeat {
            if reading && (PQconsumeInput(connection) == 0 || PQstatus(connection) != CONNECTION_OK) {
                throw PostgresFailure(
                    message: Self.firstLine(String(cString: PQerrorMessage(connection))), sqlState: nil,
                    connectionLost: true)
            }
            while notifications.count < limit, let notification = PQnotifies(connection) {
                let n = notification.pointee
                notifications.append(
                    PostgresNotification(
                        channel: String(cString: n.relname), payload: String(cString: n.extra), senderPID: n.be_pid))
                PQfreemem(notification)
            }
            reading = consume && notifications.count < limit && isReadable()
        } while reading
        guard notifications.count >= limit else { return (notifications, false) }
        if let next = PQnotifies(connection) {
            PQfreemem(next)
            return (notifications, true)
        }
        return (notifications, isReadable())
    }

    /// The SCRAM-SHA-256 verifier of `password` for `user`, computed here so the password
    /// itself never reaches the server.
    func scramVerifier(password: String, user: String) throws -> String {
        guard let connection, let text = PQencryptPasswordConn(connection, password, user, "scram-sha-256") else {
            throw PostgresFailure(message: "cannot hash the password", sqlState: nil, connectionLost: false)
        }
        defer { PQfreemem(text) }
        return String(cString: text)
    }

    /// The settings a libpq URL or key=value string names (host, port, dbname, user, …);
    /// throws libpq's one-line reason when it cannot be parsed.
    static func parse(_ url: String) throws -> [String: String] {
        try LibPQ.require()
        var message: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(url, &message) else {
            let text = message.map { String(cString: $0) } ?? "cannot parse the address"
            if let message { PQfreemem(message) }
            throw PostgresFailure(message: firstLine(text), sqlState: nil, connectionLost: false)
        }
        defer { PQconninfoFree(options) }
        var settings: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { settings[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        return settings
    }

    /// `text` as an SQL string literal.
    static func literal(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }

    /// `text` as an SQL identifier.
    static func identifier(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
}
