import DocStore
import Foundation
import Localization

/// What an administrator does on a set-up database, connected as `initialise` connects (a
/// member of the owner role): invitations, the accounts, removing one, and ending the
/// sessions over the server's bounds. Each call is one of the functions of
/// `Resources/server/10-admin.sql` and `09-limits.sql`.
extension TernServer {
    /// How long an invitation lasts unless `invite` is told otherwise.
    public static let invitationLifetime: TimeInterval = 7 * 24 * 3600

    /// An invitation not yet used, as `invitations` lists it.
    public struct Invitation: Equatable, Sendable {
        /// The first 8 hex digits of the code's SHA-256 (which tells nothing of the code).
        public var id: String
        public var created: Date
        /// nil: it does not expire.
        public var expires: Date?
        public var expired: Bool
    }

    /// An account of the database, as `members` lists it.
    public struct Member: Equatable, Sendable {
        public var uid: String
        public var username: String
        public var displayName: String
        public var email: String
        public var joined: Date?
        /// When an administrator removed it; nil for a member.
        public var removed: Date?
        /// Its sessions open now.
        public var sessions: Int
    }

    /// A backend `watch` ended: its process, the account (a uid, or `guest`) and why.
    public struct EndedSession: Equatable, Sendable {
        public var pid: Int
        public var account: String
        /// `statement`, `transaction` or `guest reserve`.
        public var reason: String
    }

    /// Makes a one-time invitation: a random code that registers exactly one account within
    /// `lasts` seconds (nil: for good). Only its SHA-256 is stored, where no client can read it.
    public static func invite(adminURL: String, lasts: TimeInterval? = invitationLifetime) throws -> String {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcdefghijkmnpqrstuvwxyz23456789")
        let code = String((0..<24).map { _ in alphabet[Int(generator.next(upperBound: UInt32(alphabet.count)))] })
        try asOwner(adminURL) { connection in
            try connection.query(
                "SELECT tern_invite(encode(sha256(convert_to($1, 'UTF8')), 'hex'), $2::interval)",
                [code, lasts.map { "\(Int($0)) seconds" }])
        }
        return code
    }

    /// The invitations not yet used, oldest first.
    public static func invitations(adminURL: String) throws -> [Invitation] {
        try asOwner(adminURL) { connection in
            try connection.query(
                """
                SELECT id, extract(epoch FROM created), extract(epoch FROM expires), expired
                  FROM tern_invitation_list()
                """
            ).map { row in
                Invitation(
                    id: row[0] ?? "", created: date(row[1]) ?? Date(timeIntervalSince1970: 0), expires: date(row[2]),
                    expired: row[3] == "t")
            }
        }
    }

    /// Revokes the invitation `id` (as `invitations` lists it); how many were revoked.
    public static func revokeInvitation(adminURL: String, id: String) throws -> Int {
        try asOwner(adminURL) { connection in
            Int(try connection.value("SELECT tern_revoke_invitation($1)", [id.lowercased()]) ?? "") ?? 0
        }
    }

    /// Every account, by username.
    public static func members(adminURL: String) throws -> [Member] {
        try asOwner(adminURL) { connection in
            try connection.query(
                """
                SELECT uid, coalesce(username, ''), coalesce(display_name, ''), coalesce(email, ''),
                       extract(epoch FROM joined), extract(epoch FROM removed), sessions
                  FROM tern_members()
                """
            ).map { row in
                Member(
                    uid: row[0] ?? "", username: row[1] ?? "", displayName: row[2] ?? "", email: row[3] ?? "",
                    joined: date(row[4]), removed: date(row[5]), sessions: Int(row[6] ?? "") ?? 0)
            }
        }
    }

    /// Removes the member `@username` (or the account whose uid is `name`): it can no longer
    /// sign in, its open sessions lose every privilege and are ended, and what its clients
    /// queued is refused. Returns the member as it was and how many sessions were ended.
    public static func remove(adminURL: String, name: String) throws -> (member: Member, ended: Int) {
        let wanted = name.hasPrefix("@") ? String(name.dropFirst()).lowercased() : name
        guard
            let member = try members(adminURL: adminURL).first(where: {
                $0.uid == wanted || (!$0.username.isEmpty && $0.username.lowercased() == wanted)
            })
        else {
            throw StoreError.notFound(name)
        }
        try asOwner(adminURL) { try $0.query("SELECT tern_remove($1)", [member.uid]) }
        // Once the removal is committed, so that a client reconnecting at once meets it.
        let ended = try asOwner(adminURL) { Int(try $0.value("SELECT tern_end_sessions($1)", [member.uid]) ?? "") }
        return (member, ended ?? 0)
    }

    /// Ends, once, every member's or guest's backend over the server's bounds (and the
    /// guest's idlest sessions when its reserve of connections is short); `tern server
    /// watch` calls it every second.
    public static func watch(_ connection: ServerConnection) throws -> [EndedSession] {
        try connection.query("SELECT pid, account, reason FROM tern_watch()").map { row in
            EndedSession(pid: Int(row[0] ?? "") ?? 0, account: row[1] ?? "", reason: row[2] ?? "")
        }
    }

    /// Whether an administrator removed account `uid`, asked through `guestURL` (what a client
    /// that can no longer sign in asks before it drops what it queued).
    public static func isRemoved(uid: String, guestURL: String) throws -> Bool {
        let connection = try ServerConnection(url: guestURL)
        defer { connection.close() }
        return try connection.value("SELECT tern_removed($1)", [uid]) == "t"
    }

    /// Runs `body` on a new connection to `adminURL`, in a transaction as the owner role.
    @discardableResult
    static func asOwner<T>(_ adminURL: String, _ body: (ServerConnection) throws -> T) throws -> T {
        let connection = try ServerConnection(url: adminURL)
        defer { connection.close() }
        let roles = try ServerRoles.recorded(connection)
        return try connection.transaction {
            try connection.execute("SET LOCAL ROLE \(roles.owner)")
            return try body(connection)
        }
    }

    private static func date(_ seconds: String?) -> Date? {
        seconds.flatMap(Double.init).map(Date.init(timeIntervalSince1970:))
    }
}
