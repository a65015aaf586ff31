import Foundation
import Testing

@testable import Domain

/// The URLs Tern connects to a team server with: the server from the store URL, the role
/// and password chosen by Tern.
@Suite struct ServerAccessTests {
    let access = ServerAccess(
        serverURL: "postgresql://admin:secret@db.example:6543/tern?sslmode=require&password=leak",
        sessionFile: "/home/mina/.local/state/tern/session",
        environment: ["TERN_INVITE": "abc234"])

    @Test func eachRoleReplacesTheUserAndAnyPasswordOfTheStoreURL() {
        #expect(access.guestURL == "postgresql://tern_guest@db.example:6543/tern?sslmode=require&password=tern_guest")
        #expect(access.invitation == "abc234")
        #expect(
            access.accountURL(role: "Abc123")
                == "postgresql://Abc123@db.example:6543/tern?sslmode=require"
                + "&passfile=/home/mina/.local/state/tern/pgpass"
        )
        #expect(access.server == "postgresql://admin@db.example:6543/tern?sslmode=require")
    }

    @Test func withoutTheVariableThereIsNoInvitation() {
        let plain = ServerAccess(
            serverURL: "postgres:///tern?host=/run/pg", sessionFile: "/s/session", environment: [:])
        #expect(plain.invitation == nil)
        #expect(plain.guestURL == "postgres://tern_guest@/tern?host=/run/pg&password=tern_guest")
        #expect(plain.passFile.path == "/s/pgpass")
    }

    @Test func withAPoolerASessionWithAPooledTokenConnectsThroughItAsThePooledRole() throws {
        let directory = NSTemporaryDirectory() + "tern-pooled-" + UUID().uuidString
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pooled = ServerAccess(
            serverURL: "postgresql://db.example/tern", sessionFile: directory + "/session",
            environment: ["TERN_POOLER": "postgresql://someone:pw@db.example:6432/tern"])
        let session = Session(
            uid: "u1", email: "mina@example.com", signedInAt: Date(), server: pooled.server, role: "tern_ab_123")
        // No pooled session yet: the account's own role, directly.
        #expect(try pooled.connection(for: session).sessionToken == nil)
        #expect(try pooled.connection(for: nil).url == pooled.guestURL)

        try pooled.pooledSessions.write(
            PooledSessionFile.Entry(server: pooled.server, uid: "u1", poolRole: "tern_ab_pool", token: "tern1_secret"))
        var info = stat()
        #expect(lstat(directory + "/pool-session", &info) == 0 && info.st_mode & 0o777 == 0o600)
        let target = try pooled.connection(for: session)
        #expect(target.url == "postgresql://tern_ab_pool@db.example:6432/tern?password=tern_pool")
        #expect(target.sessionToken == "tern1_secret")
        // Another account's session, or another server's, is not this one's.
        var other = session
        other.uid = "u2"
        #expect(try pooled.connection(for: other).sessionToken == nil)
        // Without the variable, the file is not used.
        let direct = ServerAccess(
            serverURL: "postgresql://db.example/tern", sessionFile: directory + "/session", environment: [:])
        #expect(try direct.connection(for: session).sessionToken == nil)

        // A file others may read, or a link in its place, is refused, naming the file.
        chmod(directory + "/pool-session", 0o640)
        #expect(throws: (any Error).self) { try pooled.connection(for: session) }
        chmod(directory + "/pool-session", 0o600)
        try FileManager.default.moveItem(atPath: directory + "/pool-session", toPath: directory + "/elsewhere")
        symlink(directory + "/elsewhere", directory + "/pool-session")
        #expect(throws: (any Error).self) { try pooled.connection(for: session) }
        pooled.pooledSessions.remove()
        #expect(try pooled.connection(for: session).sessionToken == nil)
    }
}
