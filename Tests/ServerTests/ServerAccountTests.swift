import DocStore
import Domain
import Foundation
import Testing

/// Accounts on a team server, through the services as the command line uses them.
@Suite(.serialized)
struct ServerAccountTests {
    /// The services of a data directory in `server.directory`, on the server, with the
    /// session kept in `sessionDirectory`.
    func services(_ server: RulesServer, sessionDirectory: String) throws -> AppServices {
        let paths = AppPaths(
            dataDirectory: server.directory + "/data", sessionFile: sessionDirectory + "/session",
            configFile: server.directory + "/config", resourcesDirectory: server.directory + "/resources")
        return try AppServices.open(
            paths: paths, storeLocation: server.location, seedSample: false,
            environment: ["TERN_INVITE": try TernServer.invite(adminURL: server.location)])
    }

    @Test(.requiresPostgres)
    func aRegistrationRefusedForAnOpenSessionDirectoryLeavesNoAccount() throws {
        let server = try RulesServer(accounts: 0)
        defer { server.cleanup() }
        let open = server.directory + "/open-state"
        try FileManager.default.createDirectory(
            atPath: open, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let services = try services(server, sessionDirectory: open)
        defer { services.store.close() }
        #expect(throws: StoreError.self) {
            try services.auth.register(email: "mina@example.com", password: "a long password")
        }
        #expect(!FileManager.default.fileExists(atPath: open + "/pgpass"), "no password written")
        #expect(
            try TernServer.account(forEmail: "mina@example.com", guestURL: server.guestURL) == nil,
            "no half-made account")

        // Fixed as the message says, the same email registers.
        chmod(open, 0o700)
        let session = try services.auth.register(email: "mina@example.com", password: "a long password")
        #expect(
            try TernServer.account(forEmail: "mina@example.com", guestURL: server.guestURL)
                == TernServer.Account(uid: session.uid, role: session.role ?? ""))
    }

    @Test(.requiresPostgres)
    func refusalsCarryTheServersSQLSTATE() throws {
        let server = try RulesServer(accounts: 1)
        defer { server.cleanup() }
        do {
            _ = try DocumentStore.open(
                url: server.url(user: server.accounts[0], password: "wrong password"), executor: .immediate)
            Issue.record("a wrong password connected")
        } catch let error as StoreError {
            #expect(error.code == .sqlState("28P01") && error.code.isAuthenticationFailure, "\(error)")
            #expect(
                error.description.contains("password authentication failed"), "the message stays readable: \(error)")
        }
        let store = try server.store(as: server.accounts[0])
        defer { store.close() }
        do {
            try store.document("favorites/someoneelse00000000/favorites/p1").setData(["placeName": "Seoul"])
            Issue.record("wrote another account's favorite")
        } catch let error as StoreError {
            #expect(error.code == .sqlState("42501") && error.code.isRefusedByRules, "\(error)")
        }
    }
}
