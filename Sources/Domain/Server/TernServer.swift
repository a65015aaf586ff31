import DocStore
import Foundation
import Localization

/// Setting up a PostgreSQL database for Tern (`tern server init`) and the calls that are
/// not documents: creating an account and finding the account of an email. An account is
/// a PostgreSQL login role; signing in is connecting as it.
///
/// Roles belong to the whole cluster, so each Tern database (each schema `init` sets up)
/// names its roles with a random namespace recorded in `tern_meta` (`ServerRoles`), and an
/// account's role is a random name the server maps to the account's uid (`tern_accounts`,
/// which only the server's functions read).
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
        /// The names of this database's roles.
        public var roles: ServerRoles
        /// Whether the owner role may end sessions over the server's bounds (it holds
        /// `pg_signal_backend` and `pg_read_all_stats`, which only a superuser can grant).
        public var endsSessions: Bool
        /// The other databases of the cluster that members and the guest may connect to
        /// (`PUBLIC` has `CONNECT` there): `postgres` and `template1` unless an
        /// administrator closed them.
        public var openDatabases: [String]
    }

    /// An account as signing in needs it: its uid (what documents show) and the role it
    /// connects as.
    public struct Account: Equatable, Sendable {
        public var uid: String
        public var role: String

        public init(uid: String, role: String) {
            self.uid = uid
            self.role = role
        }
    }

    /// Refuses (closing `store`) a connection whose role is not account `uid` of this
    /// database: a session file edited to name another uid, or a role of another Tern
    /// database. The server says whose role it is (`tern_me()`), not the session file.
    public static func checkSignedIn(_ store: DocumentStore, as uid: String, server: String) throws {
        let account = try store.callServerFunction("tern_me", arguments: [])
        guard account != uid else { return }
        store.close()
        throw StoreError.cannotOpen(
            file: server,
            reason: account.map { tr(.storeSessionOtherAccount, ["uid": uid, "account": $0]) }
                ?? tr(.storeSessionNoAccount, ["uid": uid]), code: .sqlState("28000"))
    }

    /// A role name shaped like an account's that no account has (for signing in with an
    /// unknown email, which must take the same steps as a wrong password).
    public static func unusedRoleName() -> String {
        "tern_" + ServerRoles.randomName(length: 8) + "_" + ServerRoles.randomName(length: 24)
    }

    /// The role Tern connects as when nobody is signed in (it reads only `users` and
    /// `tweets`), and its password, which is public.
    public static let guestRole = ServerRules.guestRole
    public static let guestPassword = ServerRules.guestPassword
    /// The pooled role's password (Resources/server/20-pooled.sql), public like the guest's.
    public static let poolPassword = "tern_pool"

    /// Creates or migrates the tables, roles, row-level security and functions on the
    /// database at `adminURL`, idempotently, by applying the server's SQL files from
    /// `resourcesDirectory` (`ServerScripts`, checked before anything is sent). Connect as a
    /// superuser, or as the database owner holding CREATEROLE. The roles are this database's
    /// own (see `ServerRoles`): an `init` whose recorded namespace names roles of another
    /// database refuses.
    @discardableResult
    public static func initialise(adminURL: String, resourcesDirectory: String) throws -> Report {
        let scripts = try ServerScripts.load(resourcesDirectory: resourcesDirectory)
        let connection = try ServerConnection(url: adminURL)
        defer { connection.close() }
        let schema = try connection.currentSchema()
        let database = try connection.value("SELECT current_database()") ?? ""
        let tables = try connection.prepareDocumentTables()
        let roles = try ServerRoles.of(connection, database: database, schema: schema)
        let guestVerifier = try connection.scramVerifier(password: guestPassword, user: guestRole)
        let files = try scripts.rendered(
            ServerRules.values(schema: schema, database: database, roles: roles, guestVerifier: guestVerifier))
        // Roles are the cluster's: two set-ups at once may both create one, and the loser
        // runs again and finds it made.
        for attempt in 1...5 {
            do {
                try connection.transaction {
                    for file in files { try apply(file, on: connection) }
                }
                break
            } catch let error as StoreError
                where attempt < 5
                && (error.code.isUniqueViolation || error.code == .sqlState("42710")
                    || error.code.isSerializationConflict || error.code == .sqlState("XX000"))
            {
                usleep(UInt32.random(in: 10_000...100_000))
            }
        }
        let ends = try connection.value(
            """
            SELECT pg_has_role($1, 'pg_signal_backend', 'USAGE') AND pg_has_role($1, 'pg_read_all_stats', 'USAGE')
            """, [roles.owner])
        let open = try connection.query(
            """
            SELECT datname FROM pg_database
             WHERE datallowconn AND datname <> current_database()
               AND (datacl IS NULL OR EXISTS (SELECT 1 FROM aclexplode(datacl) a
                                               WHERE a.grantee = 0 AND a.privilege_type = 'CONNECT'))
             ORDER BY datname
            """)
        return Report(
            schemaBefore: tables.before, schemaAfter: tables.after, rulesVersion: ServerRules.version, schema: schema,
            roles: roles, endsSessions: ends == "t", openDatabases: open.compactMap { $0.first ?? nil })
    }

    /// Runs one SQL file; a failure names the file.
    static func apply(_ file: ServerScripts.Script, on connection: ServerConnection) throws {
        do {
            try connection.execute(file.text)
        } catch StoreError.backend(let location, let message, let code) {
            throw StoreError.backend(file: location, message: file.file + ": " + message, code: code)
        }
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

    /// Creates account `uid` through `guestURL` with a one-time `invitation`: a login role
    /// with a random name, in the database's group of accounts, whose password PostgreSQL
    /// keeps as SCRAM-SHA-256 (only its verifier leaves this machine), and its `users/{uid}`
    /// document, in one call of `tern_register`. Returns the role's name, which signing in
    /// connects as. The uid must be 16 to 63 letters and digits.
    @discardableResult
    public static func register(guestURL: String, invitation: String, uid: String, password: String, email: String)
        throws -> String
    {
        let connection = try ServerConnection(url: guestURL)
        defer { connection.close() }
        let verifier = try connection.scramVerifier(password: password, user: uid)
        let profile = try FieldValue.map(["id": .string(uid), "email": .string(email)]).jsonText()
        guard
            let role = try connection.value(
                "SELECT tern_register($1, $2, $3, $4)", [invitation, uid, verifier, profile])
        else {
            throw StoreError.invalidArgument("the server made no role for the account")
        }
        return role
    }

    /// The account registered with `email` (ignoring case), asked through `guestURL`; nil
    /// when there is none. Signing in is then connecting as its role with the password (see
    /// `PostgresPassFile`); PostgreSQL checks it.
    public static func account(forEmail email: String, guestURL: String) throws -> Account? {
        let connection = try ServerConnection(url: guestURL)
        defer { connection.close() }
        guard let row = try connection.query("SELECT uid, role FROM tern_account($1)", [email]).first,
            row.count == 2, let uid = row[0], let role = row[1]
        else { return nil }
        return Account(uid: uid, role: role)
    }
}
