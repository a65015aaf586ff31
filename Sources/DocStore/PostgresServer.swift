import Foundation

/// Setting up a PostgreSQL database for Tern (`tern server init`) and creating accounts on
/// it. An account is a PostgreSQL login role; signing in is connecting as it.
public enum PostgresServer {
    /// What `initialise` did, for the command's output.
    public struct Report: Equatable, Sendable {
        /// The schema version before (nil on an empty database) and after.
        public var schemaBefore: Int?
        public var schemaAfter: Int
        /// The rules version now installed.
        public var rulesVersion: Int
        /// The schema (namespace) that holds Tern's tables.
        public var schema: String
    }

    /// True for `postgres://…` and `postgresql://…` addresses, which `DocumentStore.open(location:)`
    /// opens on a server.
    public static func isServerURL(_ location: String) -> Bool { PostgresBackend.isServerURL(location) }

    /// The role Tern connects as when nobody is signed in (it reads only `users` and
    /// `tweets`), and its password, which is public.
    public static let guestRole = PostgresRules.guestRole
    public static let guestPassword = PostgresRules.guestPassword

    /// The URL without its password, for messages.
    public static func redacted(_ url: String) -> String { PostgresBackend.redacted(url) }

    /// Creates or migrates the tables, roles, row-level security and functions on the
    /// database at `adminURL`, idempotently, recording the schema version. Connect as a
    /// superuser, or as the database owner holding CREATEROLE. With `signupPassword`, sets
    /// the password of `tern_signup`, the role registration connects as (its SCRAM verifier is
    /// computed here; the password never reaches the server).
    @discardableResult
    public static func initialise(adminURL: String, signupPassword: String? = nil) throws -> Report {
        let (connection, location) = try connect(adminURL)
        defer { connection.close() }
        do {
            guard let schema = try connection.query("SELECT current_schema()").first?.first ?? nil else {
                throw StoreError.cannotOpen(file: location, reason: "no schema on the search path")
            }
            let before = try PostgresBackend.schemaVersion(connection)
            try PostgresBackend.migrate(connection, location: location)
            try connection.execute("BEGIN")
            do {
                let guestVerifier = try connection.scramVerifier(password: PostgresRules.guestPassword, user: PostgresRules.guestRole)
                try connection.execute(PostgresRules.statements(schema: schema, guestVerifier: guestVerifier))
                if let signupPassword {
                    let verifier = try connection.scramVerifier(password: signupPassword, user: "tern_signup")
                    try connection.execute("ALTER ROLE tern_signup PASSWORD \(PostgresConnection.literal(verifier))")
                }
                try connection.execute("COMMIT")
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
            return Report(schemaBefore: before, schemaAfter: PostgresSchema.currentVersion, rulesVersion: PostgresRules.version, schema: schema)
        } catch let failure as PostgresFailure {
            throw StoreError.backend(file: location, message: failure.message)
        }
    }

    /// Creates account `uid` through `signupURL` (a URL that connects as `tern_signup`):
    /// a login role in `tern_user` whose password PostgreSQL keeps as SCRAM-SHA-256, and its
    /// `users/{uid}` document, in one call of `tern_register`. The uid must be 16 to 63
    /// letters and digits, and `profile` must carry it as `id`.
    public static func register(signupURL: String, uid: String, password: String, profile: [String: FieldValue]) throws {
        let (connection, location) = try connect(signupURL)
        defer { connection.close() }
        do {
            let verifier = try connection.scramVerifier(password: password, user: uid)
            try connection.query("SELECT tern_register($1, $2, $3)", [uid, verifier, try StorageJSON.encode(profile)])
        } catch let failure as PostgresFailure {
            throw StoreError.backend(file: location, message: failure.message)
        }
    }

    /// The uid of the account registered with `email` (ignoring case), asked through
    /// `signupURL`; nil when there is none. Signing in is then connecting as that uid with
    /// the password (see `PostgresPassFile`); PostgreSQL checks it.
    public static func account(forEmail email: String, signupURL: String) throws -> String? {
        let (connection, location) = try connect(signupURL)
        defer { connection.close() }
        do {
            return try connection.query("SELECT tern_account($1)", [email]).first?.first ?? nil
        } catch let failure as PostgresFailure {
            throw StoreError.backend(file: location, message: failure.message)
        }
    }

    /// Connects, or throws one line naming the server without its password.
    private static func connect(_ url: String) throws -> (PostgresConnection, String) {
        let location = PostgresBackend.redacted(url)
        do {
            return (try PostgresConnection(url: url), location)
        } catch let failure as PostgresFailure {
            throw StoreError.cannotOpen(file: location, reason: "cannot connect: \(failure.message)")
        }
    }
}
