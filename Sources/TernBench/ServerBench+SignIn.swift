import DocStore
import Domain
import Foundation

extension ServerBench {
    /// A wrong password and an unknown email through `AuthService.signIn` on the server, as
    /// `tern login` runs them, alternated 30 times each: both must take the same time, so
    /// that the time does not tell a guesser which emails have accounts. The server's
    /// `auth_delay` (if loaded) slows both alike.
    static func signInTimes(adminURL: String) throws {
        let directory = NSTemporaryDirectory() + "tern-signin-bench-" + UUID().uuidString
        try FileManager.default.createDirectory(
            atPath: directory + "/state", withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let paths = AppPaths(
            dataDirectory: directory, sessionFile: directory + "/state/session",
            configFile: directory + "/config", resourcesDirectory: directory + "/resources")
        let email = "signin-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let registering = try AppServices.open(
            paths: paths, storeLocation: adminURL, seedSample: false,
            environment: ["TERN_INVITE": try TernServer.invite(adminURL: adminURL)])
        _ = try registering.auth.register(email: email, password: "the right password")
        try registering.auth.signOut()
        registering.store.close()

        let services = try AppServices.open(paths: paths, storeLocation: adminURL, seedSample: false, environment: [:])
        defer { services.store.close() }
        var wrongPassword: [Double] = []
        var unknownEmail: [Double] = []
        for round in 0..<30 {
            wrongPassword.append(
                refusedTime { try services.auth.signIn(email: email, password: "wrong password \(round)") })
            unknownEmail.append(
                refusedTime {
                    try services.auth.signIn(email: "nobody\(round)@example.com", password: "the right password")
                })
        }
        let (wrong, unknown) = (Timings(wrongPassword), Timings(unknownEmail))
        print(
            "sign-in refused (AuthService.signIn on the server: look up the email as the guest, connect with "
                + "SCRAM), 30 each, alternated"
        )
        row("wrong password", wrong)
        row("unknown email", unknown)
        print(String(format: "  ratio wrong/unknown (median) %.2f×", wrong.p50 / unknown.p50))
    }

    /// The duration of a sign-in that must be refused.
    private static func refusedTime(_ body: () throws -> Void) -> Double {
        let start = now()
        do {
            try body()
            print("  a sign-in that should have been refused succeeded")
        } catch {}
        return now() - start
    }
}
