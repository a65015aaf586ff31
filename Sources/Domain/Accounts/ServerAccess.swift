import DocStore
import Foundation

/// How Tern reaches a team server (a `postgres://` store): which role each connection uses
/// and where a signed-in account's password is kept.
///
/// - Signed in: the account's own login role (a random name the server chose, kept in the
///   session), its password in libpq's password file `pgpass` beside the session file
///   (mode 0600), named with `passfile=`.
/// - Signed out: `tern_guest`, which reads only `users` and `tweets` (the feed).
/// - Registering and finding the account of an email: `tern_guest` too; registering takes
///   a one-time invitation from `TERN_INVITE` (made by `tern server invite`).
///
/// - Pooled (`TERN_POOLER`, a pgbouncer in transaction pooling mode in front of the server):
///   signing in still connects once as the account's own role, to open a pooled session
///   (`PooledSessionFile`); from then on the store and the sync worker connect to the pooler
///   as the database's pooled role, every transaction bound to that session, and read other
///   commits from the change log instead of LISTENing (docs/decisions/0016-pooled-server.md).
///
/// Any user or password in the store URL is ignored: the URL names the server only.
public struct ServerAccess: Sendable {
    /// The store URL as given, and without its password (the one kept in sessions).
    public let serverURL: String
    public let server: String
    public let passFile: PostgresPassFile
    /// The invitation to register with, from `TERN_INVITE`.
    public let invitation: String?
    /// The pooler signed-in accounts reach the server through, from `TERN_POOLER` (a URL
    /// naming its host, port and database; any user in it is ignored); nil: connect directly.
    public let poolerURL: String?
    /// Where the pooled session is kept.
    public let pooledSessions: PooledSessionFile

    public init(
        serverURL: String, sessionFile: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.serverURL = serverURL
        self.server = ServerConnection.redacted(serverURL)
        self.passFile = Self.passFile(sessionFile: sessionFile)
        self.invitation = environment["TERN_INVITE"].flatMap { $0.isEmpty ? nil : $0 }
        self.poolerURL = environment["TERN_POOLER"].flatMap { ServerConnection.isServerURL($0) ? $0 : nil }
        self.pooledSessions = PooledSessionFile(sessionFile: sessionFile)
    }

    /// Connects to the pooler as the pooled role `role` (its password is public: who is
    /// asking is the session bound in each transaction).
    public func pooledURL(role: String) -> String? {
        poolerURL.map { Self.url($0, user: role, password: TernServer.poolPassword) }
    }

    /// The password file of sessions kept in `sessionFile`: `pgpass` in the same directory
    /// (which the session file keeps at mode 0700).
    public static func passFile(sessionFile: String) -> PostgresPassFile {
        PostgresPassFile(path: (sessionFile as NSString).deletingLastPathComponent + "/pgpass")
    }

    /// Connects as the signed-in account's `role`, its password read from the password file.
    public func accountURL(role: String) -> String {
        passFile.url(user: role, serverURL: Self.url(serverURL, user: role, password: nil))
    }

    /// Where the store connects for `session` (the guest when nil): through the pooler as
    /// the pooled role, bound to the account's pooled session, when a pooler is set and the
    /// sign-in opened one; else as the account's own role.
    public func connection(for session: Session?) throws -> (url: String, sessionToken: String?) {
        guard let session else { return (guestURL, nil) }
        if poolerURL != nil, let entry = try pooledSessions.read(server: server, uid: session.uid),
            let url = pooledURL(role: entry.poolRole)
        {
            return (url, entry.token)
        }
        return (accountURL(role: session.role ?? session.uid), nil)
    }

    /// Connects as `tern_guest` (read-only, for signed-out reading).
    public var guestURL: String {
        Self.url(serverURL, user: TernServer.guestRole, password: TernServer.guestPassword)
    }

    /// `url` with its user (and any password) replaced by `user`, and `password` added as a
    /// parameter when given; other parameters (host, port, sslmode, …) are kept.
    static func url(_ url: String, user: String, password: String?) -> String {
        guard let scheme = url.range(of: "://") else { return url }
        let prefix = String(url[..<scheme.upperBound])
        var rest = String(url[scheme.upperBound...])
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        if let at = rest[..<authorityEnd].lastIndex(of: "@") { rest = String(rest[rest.index(after: at)...]) }
        if let query = rest.firstIndex(of: "?") {
            // A password parameter in the URL belongs to whoever the URL named, not to `user`.
            let kept = rest[rest.index(after: query)...].split(separator: "&").filter {
                !$0.hasPrefix("password=") && !$0.hasPrefix("user=")
            }
            rest = String(rest[..<query]) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
        }
        var result = prefix + encode(user) + "@" + rest
        if let password {
            result += (result.contains("?") ? "&" : "?") + "password=" + encode(password)
        }
        return result
    }

    private static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~")))
            ?? text
    }
}
