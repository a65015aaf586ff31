import DocStore
import Foundation

/// Setting up a PostgreSQL database for Tern (`tern server init`) and the calls that are
/// not documents: creating an account and finding the account of an email. An account is
/// a PostgreSQL login role; signing in is connecting as it.
public enum TernServer {
    /// What `initialise` did, for the command's output.
    public struct Report: Equatable, Sendable {
        /// The store's table version before (nil on an empty database) and after.
        public var schemaBefore: Int?
        public var schemaAfter: Int
        /// The rules version now installed.
        public var rulesVersion: Int
        /// The schema (namespace) that holds Tern's tables.
        public var schema: String
    }

    /// The role Tern connects as when nobody is signed in (it reads only `users` and
    /// `tweets`), and its password, which is public.
    public static let guestRole = ServerRules.guestRole
    public static let guestPassword = ServerRules.guestPassword

    /// Creates or migrates the tables, roles, row-level security and functions on the
    /// database at `adminURL`, idempotently. Connect as a superuser, or as the database
    /// owner holding CREATEROLE. With `signupPassword`, sets the password of `tern_signup`,
    /// the role registration connects as (its SCRAM verifier is computed here; the password
    /// never reaches the server).
    @discardableResult
    public static func initialise(adminURL: String, signupPassword: String? = nil) throws -> Report {
        let connection = try ServerConnection(url: adminURL)
        defer { connection.close() }
        let schema = try connection.currentSchema()
        let database = try connection.value("SELECT current_database()") ?? ""
        let tables = try connection.prepareDocumentTables()
        // Roles are the cluster's: two set-ups at once may both create one, and the loser
        // runs again and finds it made.
        for attempt in 1...5 {
            do {
                try connection.transaction {
                    try connection.execute(ServerSchema.statements)
                    let guestVerifier = try connection.scramVerifier(password: guestPassword, user: guestRole)
                    try connection.execute(ServerRules.statements(schema: schema, database: database, guestVerifier: guestVerifier))
                    if let signupPassword {
                        let verifier = try connection.scramVerifier(password: signupPassword, user: "tern_signup")
                        try connection.execute("ALTER ROLE tern_signup PASSWORD \(ServerConnection.literal(verifier))")
                    }
                }
                break
            } catch let error as StoreError where attempt < 5 && (error.code.isUniqueViolation || error.code == .sqlState("42710") || error.code.isSerializationConflict || error.code == .sqlState("XX000")) {
                usleep(UInt32.random(in: 10_000...100_000))
            }
        }
        return Report(schemaBefore: tables.before, schemaAfter: tables.after, rulesVersion: ServerRules.version, schema: schema)
    }

    /// Creates account `uid` through `signupURL` (a URL that connects as `tern_signup`):
    /// a login role in `tern_user` whose password PostgreSQL keeps as SCRAM-SHA-256, and its
    /// `users/{uid}` document, in one call of `tern_register`. The uid must be 16 to 63
    /// letters and digits, and `profile` must carry it as `id`.
    public static func register(signupURL: String, uid: String, password: String, profile: [String: FieldValue]) throws {
        let connection = try ServerConnection(url: signupURL)
        defer { connection.close() }
        let verifier = try connection.scramVerifier(password: password, user: uid)
        try connection.query("SELECT tern_register($1, $2, $3)", [uid, verifier, try FieldValue.map(profile).jsonText()])
    }

    /// The uid of the account registered with `email` (ignoring case), asked through
    /// `signupURL`; nil when there is none. Signing in is then connecting as that uid with
    /// the password (see `PostgresPassFile`); PostgreSQL checks it.
    public static func account(forEmail email: String, signupURL: String) throws -> String? {
        let connection = try ServerConnection(url: signupURL)
        defer { connection.close() }
        return try connection.value("SELECT tern_account($1)", [email])
    }
}
