import Foundation
import Testing
@testable import Domain

/// The URLs Tern connects to a team server with: the server from the store URL, the role
/// and password chosen by Tern.
@Suite struct ServerAccessTests {
    let access = ServerAccess(serverURL: "postgresql://admin:secret@db.example:6543/tern?sslmode=require&password=leak",
                              sessionFile: "/home/mina/.local/state/tern/session",
                              environment: ["TERN_SIGNUP_PASSWORD": "sign up!"])

    @Test func eachRoleReplacesTheUserAndAnyPasswordOfTheStoreURL() {
        #expect(access.guestURL == "postgresql://tern_guest@db.example:6543/tern?sslmode=require&password=tern_guest")
        #expect(access.signupURL == "postgresql://tern_signup@db.example:6543/tern?sslmode=require&password=sign%20up%21")
        #expect(access.accountURL(uid: "Abc123") ==
                "postgresql://Abc123@db.example:6543/tern?sslmode=require&passfile=/home/mina/.local/state/tern/pgpass")
        #expect(access.server == "postgresql://admin@db.example:6543/tern?sslmode=require")
    }

    @Test func withoutTheVariableSignupLeavesThePasswordToLibpq() {
        let plain = ServerAccess(serverURL: "postgres:///tern?host=/run/pg", sessionFile: "/s/session", environment: [:])
        #expect(plain.signupURL == "postgres://tern_signup@/tern?host=/run/pg")
        #expect(plain.passFile.path == "/s/pgpass")
    }
}
