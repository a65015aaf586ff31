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
    /// owner holding CREATEROLE. Roles are the cluster's: keep one Tern database per cluster,
    /// or two set-ups share their accounts.
    @discardableResult
    public static func initialise(adminURL: String) throws -> Report {
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
                }
                break
            } catch let error as StoreError where attempt < 5 && (error.code.isUniqueViolation || error.code == .sqlState("42710") || error.code.isSerializationConflict || error.code == .sqlState("XX000")) {
                usleep(UInt32.random(in: 10_000...100_000))
            }
        }
        return Report(schemaBefore: tables.before, schemaAfter: tables.after, rulesVersion: ServerRules.version, schema: schema)
    }

    /// How the server lets the guest in, as any client can find out: connecting as the guest
    /// with a password nobody set succeeds only when `pg_hba.conf` trusts the guest.
    public enum GuestSignIn: Equatable, Sendable {
        /// Without a password (`trust`): no one can lock the guest out by changing its password.
        case trusted
        /// With its public password, which the guest itself may change (`ALTER ROLE … PASSWORD`).
        case password
    }

    /// Probes how the server at `serverURL` (any user in it is ignored) lets the guest in.
    public static func guestSignIn(serverURL: String) throws -> GuestSignIn {
        let probe = "not-the-guest-password-" + UUID().uuidString
        do {
            let connection = try ServerConnection(url: ServerAccess.url(serverURL, user: guestRole, password: probe))
            connection.close()
            return .trusted
        } catch let error as StoreError where error.code.isAuthenticationFailure {
            return .password
        }
    }

    /// The `pg_hba.conf` line that lets the guest of `serverURL`'s database in without a
    /// password (above the `scram-sha-256` lines), for an administrator to add.
    public static func guestTrustLine(serverURL: String) -> String {
        let database = ServerConnection.databaseName(url: serverURL) ?? "all"
        return "host \(database) \(guestRole) 0.0.0.0/0 trust"
    }

    /// Makes a one-time invitation on the database at `adminURL` (as `initialise` connects):
    /// a random code that registers exactly one account. Only its SHA-256 is stored, where
    /// no client can read it.
    public static func invite(adminURL: String) throws -> String {
        let connection = try ServerConnection(url: adminURL)
        defer { connection.close() }
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcdefghijkmnpqrstuvwxyz23456789")
        let code = String((0..<24).map { _ in alphabet[Int(generator.next(upperBound: UInt32(alphabet.count)))] })
        try connection.transaction {
            try connection.execute("SET LOCAL ROLE tern_owner")
            try connection.query("""
                INSERT INTO protected_records (key, value)
                VALUES ('tern/invitation/' || encode(sha256(convert_to($1, 'UTF8')), 'hex'), convert_to(now()::text, 'UTF8'))
                """, [code])
        }
        return code
    }

    /// Creates account `uid` through `guestURL` with a one-time `invitation`: a login role
    /// in `tern_user` whose password PostgreSQL keeps as SCRAM-SHA-256 (only its verifier
    /// leaves this machine), and its `users/{uid}` document, in one call of `tern_register`.
    /// The uid must be 16 to 63 letters and digits.
    public static func register(guestURL: String, invitation: String, uid: String, password: String, email: String) throws {
        let connection = try ServerConnection(url: guestURL)
        defer { connection.close() }
        let verifier = try connection.scramVerifier(password: password, user: uid)
        let profile = try FieldValue.map(["id": .string(uid), "email": .string(email)]).jsonText()
        try connection.query("SELECT tern_register($1, $2, $3, $4)", [invitation, uid, verifier, profile])
    }

    /// The uid of the account registered with `email` (ignoring case), asked through
    /// `guestURL`; nil when there is none. Signing in is then connecting as that uid with
    /// the password (see `PostgresPassFile`); PostgreSQL checks it.
    public static func account(forEmail email: String, guestURL: String) throws -> String? {
        let connection = try ServerConnection(url: guestURL)
        defer { connection.close() }
        return try connection.value("SELECT tern_account($1)", [email])
    }
}
