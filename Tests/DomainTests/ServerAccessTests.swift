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
}
