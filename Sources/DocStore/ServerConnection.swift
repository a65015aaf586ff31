import Foundation
import Localization

/// One plain connection to a PostgreSQL server, for setting a database up and for calls
/// that are not documents (creating an account, say): statements with text parameters,
/// transactions, and the SCRAM verifier of a password. Failures are `StoreError`s naming
/// the server without its password, with the server's SQLSTATE as their code.
public final class ServerConnection {
    private let connection: PostgresConnection
    /// The URL without its password, for messages.
    public let location: String

    /// True for `postgres://…` and `postgresql://…` addresses, which
    /// `DocumentStore.open(location:)` opens on a server.
    public static func isServerURL(_ location: String) -> Bool { PostgresBackend.isServerURL(location) }

    /// The URL without its password, for messages.
    public static func redacted(_ url: String) -> String { PostgresBackend.redacted(url) }

    /// `text` as an SQL string literal.
    public static func literal(_ text: String) -> String { PostgresConnection.literal(text) }

    /// `text` as an SQL identifier.
    public static func identifier(_ text: String) -> String { PostgresConnection.identifier(text) }

    /// The database a URL names, nil when it names none (libpq then uses the user's name).
    public static func databaseName(url: String) -> String? {
        (try? PostgresConnection.parse(url))?["dbname"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Connects, or throws `cannotOpen` naming the server without its password.
    public init(url: String) throws {
        location = PostgresBackend.redacted(url)
        do {
            connection = try PostgresConnection(url: url, sessionLimits: false)
        } catch let failure as PostgresFailure {
            throw StoreError.cannotOpen(
                file: location, reason: tr(.storeCannotConnect, ["detail": failure.explained]), code: failure.code)
        }
    }

    deinit { connection.close() }

    public func close() { connection.close() }

    /// Runs one statement with text parameters; the rows as text (nil for SQL NULL).
    @discardableResult
    public func query(_ sql: String, _ parameters: [String?] = []) throws -> [[String?]] {
        try translating { try connection.query(sql, parameters) }
    }

    /// The first column of the first row, nil when there is none or it is NULL.
    public func value(_ sql: String, _ parameters: [String?] = []) throws -> String? {
        try query(sql, parameters).first?.first ?? nil
    }

    /// Runs statements without parameters (several may be separated by semicolons).
    public func execute(_ sql: String) throws {
        try translating { try connection.execute(sql) }
    }

    /// Runs `body` in one transaction, committed when it returns and rolled back when it throws.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// The SCRAM-SHA-256 verifier of `password` for `user`, computed here so that the
    /// password itself never reaches the server.
    public func scramVerifier(password: String, user: String) throws -> String {
        try translating { try connection.scramVerifier(password: password, user: user) }
    }

    /// The schema first on this connection's search path, where the store's tables live.
    public func currentSchema() throws -> String {
        guard let schema = try value("SELECT current_schema()") else {
            throw StoreError.cannotOpen(file: location, reason: tr(.storeNoSchema))
        }
        return schema
    }

    /// Creates or migrates the store's own tables; returns the version found (nil on a
    /// database without them) and the version now.
    @discardableResult
    public func prepareDocumentTables() throws -> (before: Int?, after: Int) {
        try translating {
            let before = try PostgresBackend.schemaVersion(connection)
            try PostgresBackend.migrate(connection, location: location)
            return (before, PostgresSchema.currentVersion)
        }
    }

    private func translating<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let failure as PostgresFailure {
            throw StoreError.backend(file: location, message: failure.explained, code: failure.code)
        }
    }
}
