import DocStore
import Foundation

/// The pooled session of the signed-in account on a team server reached through a pooler
/// (docs/decisions/0016-pooled-server.md): the token `tern_open_session()` returned when the
/// account signed in as itself, and the pooled role to send it as. It is kept in
/// `pool-session` beside the session file (in the data directory's state, mode 0700), in a
/// file of mode 0600 written by rename and never through a link; one that others may read
/// is refused. The token is a secret: it is the account for 30 days, until signed out.
public struct PooledSessionFile: Sendable {
    /// What the file holds.
    public struct Entry: Codable, Equatable, Sendable {
        /// The team server (without a password) and the account the token is for.
        public var server: String
        public var uid: String
        /// The pooled login role of that server's database (`tern_<namespace>_pool`).
        public var poolRole: String
        public var token: String

        public init(server: String, uid: String, poolRole: String, token: String) {
            self.server = server
            self.uid = uid
            self.poolRole = poolRole
            self.token = token
        }
    }

    public let path: String

    public init(sessionFile: String) {
        path = (sessionFile as NSString).deletingLastPathComponent + "/pool-session"
    }

    /// The entry of `uid` on `server`; nil when there is none (or it is another's).
    public func read(server: String, uid: String) throws -> Entry? {
        guard let data = try PostgresPassFile.readPrivately(path),
            let entry = try? JSONDecoder().decode(Entry.self, from: data)
        else { return nil }
        return entry.server == server && entry.uid == uid ? entry : nil
    }

    /// Keeps `entry`, replacing whatever the file held.
    public func write(_ entry: Entry) throws {
        try PostgresPassFile(path: path).prepareDirectory()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try PostgresPassFile.writePrivately(String(decoding: try encoder.encode(entry), as: UTF8.self), to: path)
    }

    /// Forgets the token (signing out).
    public func remove() {
        unlink(path)
    }
}
