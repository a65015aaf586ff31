import DocStore
import Domain
import Foundation
import Testing

/// The pooled path of a team server (docs/decisions/0016-pooled-server.md), attacked with
/// plain `psql` through a real pgbouncer in transaction pooling mode: one shared login role
/// whose password is public, identity bound per transaction by a session token
/// (`tern_session`), checked by the server in every statement.
@Suite(.serialized)
struct PooledServerTests {
    /// The pooled login role's public password (Resources/server/20-pooled.sql).
    static let poolPassword = "tern_pool"

    /// The pooled role of `server`'s database.
    func poolRole(_ server: RulesServer) -> String { "tern_\(server.roles.namespace)_pool" }

    /// `base` (a URL without a user) signed in as the pooled role.
    func pooledURL(_ server: RulesServer, _ base: String) -> String {
        RulesServer.replacingUser(
            of: base.replacingOccurrences(of: "postgresql://", with: "postgresql://x@"), with: poolRole(server),
            password: Self.poolPassword)
    }

    /// Runs each statement as its own transaction, in order, on one client connection
    /// (through the pooler each may land on any server backend); (succeeded, output, errors).
    func psql(_ url: String, _ statements: [String]) throws -> (ok: Bool, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["psql", url, "-X", "-q", "-tA", "-v", "ON_ERROR_STOP=1"] + statements.flatMap { ["-c", $0] }
        process.environment = ProcessInfo.processInfo.environment.merging([
            "PGOPTIONS": "-c client_min_messages=warning"
        ]) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus == 0, output.trimmingCharacters(in: .whitespacesAndNewlines), errors)
    }

    /// A new session token of account `uid`, opened as a direct sign-in would open it.
    func openSession(_ server: RulesServer, as uid: String) throws -> String {
        let opened = try server.psql("SELECT tern_open_session()", as: uid)
        #expect(opened.ok && opened.output.count >= 40, "\(opened)")
        return opened.output
    }

    /// Two accounts, each with a private favorite, the first also with a shared folder, and a post.
    func populated() throws -> RulesServer {
        let server = try RulesServer(accounts: 2)
        let (owner, other) = (server.accounts[0], server.accounts[1])
        try server.write(
            as: owner,
            [
                "favorites/\(owner)/favorites/mine": RulesServer.favorite("Mine"),
                "favorites/\(owner)/folders/open": ["name": "Trip", "visibility": "shared"],
            ])
        try server.write(as: other, ["favorites/\(other)/favorites/theirs": RulesServer.favorite("Theirs")])
        try server.post(as: owner, id: "p1")
        return server
    }

    static let everyRow = "SELECT string_agg(parent || '/' || id, ',' ORDER BY parent, id) FROM documents"

    // 1. The pooled role's public secret gives no more than the guest has.
    @Test(.requiresPostgres, .requiresPooler)
    func aPooledConnectionWithoutATokenReadsAndWritesNoMoreThanTheGuest() throws {
        let server = try populated()
        defer { server.cleanup() }
        let (owner, other) = (server.accounts[0], server.accounts[1])
        let pool = pooledURL(server, try #require(TernCluster.poolerURL))
        let guest = try server.psqlAt(server.guestURL, Self.everyRow)
        #expect(guest.ok && !guest.output.contains("favorites"), "\(guest)")
        let member = try server.psql(Self.everyRow, as: other)
        #expect(member.output.contains("folders/open"), "an account reads the shared folder: \(member)")

        let userGroup = server.roles.user
        for sql in [Self.everyRow, "SET ROLE \(userGroup); " + Self.everyRow] {
            let pooled = try psql(pool, [sql])
            #expect(pooled.ok && pooled.output == guest.output, "no more than the guest reads: \(sql) → \(pooled)")
        }
        let shared = try psql(
            pool, ["SELECT tern_in_shared_folder('\(owner)', '[\"open\"]')::text || coalesce(tern_me(), 'nobody')"])
        #expect(shared.output == "falsenobody", "\(shared)")

        let refused = [
            "SELECT tern_write('tweets', 'forged', json_build_object('uid', '\(owner)', 'caption', 'x')::text)",
            "SELECT tern_write('favorites/\(owner)/favorites', 'x', '{\"placeName\":\"x\"}')",
            "SELECT tern_like('p1', true)",
            "SELECT tern_follow('\(owner)', true)",
            "SELECT tern_open_session()",
            "INSERT INTO documents (parent, id, doc) VALUES ('tweets', 'raw', '{}')",
            "SELECT * FROM tern_sessions",
            "CREATE TEMP TABLE t (x int)",
        ]
        for sql in refused {
            let result = try psql(pool, [sql])
            #expect(!result.ok, "refused: \(sql) → \(result.output)")
        }
        let stored = try server.psql("SELECT count(*) FROM documents WHERE id IN ('forged', 'raw', 'x')", as: nil)
        #expect(stored.output == "0", "nothing was written: \(stored)")
        let likes = try server.psql("SELECT data ->> 'likes' FROM documents WHERE id = 'p1'", as: nil)
        #expect(likes.output == "0", "\(likes)")
    }

    // 2. A bound transaction is its account, and only its account.
    @Test(.requiresPostgres, .requiresPooler)
    func aBoundTransactionActsAsItsAccountOnly() throws {
        let server = try populated()
        defer { server.cleanup() }
        let (owner, other) = (server.accounts[0], server.accounts[1])
        let pool = pooledURL(server, try #require(TernCluster.poolerURL))
        let token = try openSession(server, as: other)

        let bound = try psql(pool, ["SELECT tern_session('\(token)'); " + Self.everyRow])
        let direct = try server.psql(Self.everyRow, as: other)
        #expect(bound.ok && bound.output == other + "\n" + direct.output, "reads what the account reads: \(bound)")
        #expect(!bound.output.contains("favorites/\(owner)/favorites/mine"), "not another's private favorite")

        let wrote = try psql(
            pool,
            [
                "SELECT tern_session('\(token)'); SELECT tern_like('p1', true); "
                    + "SELECT tern_write('tweets', 'pooled', "
                    + "json_build_object('uid', tern_me(), 'caption', 'hi')::text)"
            ])
        #expect(wrote.ok, "\(wrote)")
        let author = try server.psql(
            "SELECT data ->> 'uid' FROM documents WHERE parent = 'tweets' AND id = 'pooled'", as: nil)
        #expect(author.output == other, "the post is the bound account's: \(author)")
        let likes = try server.psql("SELECT data ->> 'likes' FROM documents WHERE id = 'p1'", as: nil)
        #expect(likes.output == "1", "\(likes)")

        for sql in [
            "SELECT tern_write('tweets', 'as-owner', json_build_object('uid', '\(owner)', 'caption', 'x')::text)",
            "SELECT tern_write('favorites/\(owner)/favorites', 'x', '\(try favoriteJSON())')",
            "SELECT tern_open_session()",
        ] {
            let result = try psql(pool, ["SELECT tern_session('\(token)'); " + sql])
            #expect(!result.ok, "refused: \(sql) → \(result.output)")
        }
    }

    func favoriteJSON() throws -> String {
        "{\"placeName\":\"x\",\"placeID\":\"x\",\"address\":\"\",\"coordinate\":{\"latitude\":1,\"longitude\":2}}"
    }

    // 3. Forged, expired, closed and removed accounts' tokens are refused.
    @Test(.requiresPostgres, .requiresPooler)
    func forgedExpiredAndClosedTokensAreRefused() throws {
        let server = try populated()
        defer { server.cleanup() }
        let other = server.accounts[1]
        let pool = pooledURL(server, try #require(TernCluster.poolerURL))
        let token = try openSession(server, as: other)
        let stored = try server.psql(
            "SELECT count(*) FILTER (WHERE token_hash = sha256('\(token)'::bytea)), "
                + "count(*) FILTER (WHERE s::text LIKE '%\(token.suffix(20))%') FROM tern_sessions s",
            as: nil)
        #expect(stored.output == "1|0", "the server keeps the token's hash, not the token: \(stored)")

        for forged in ["", "forged", String(token.dropLast()) + (token.hasSuffix("0") ? "1" : "0"), other] {
            let result = try psql(pool, ["SELECT tern_session('\(forged)')"])
            #expect(!result.ok && result.errors.contains("session"), "refused: \(forged) → \(result)")
        }
        // Setting the binding by hand is no shortcut: it holds only a token the server checks.
        let byHand = try psql(
            pool,
            [
                "SELECT set_config('tern.session', extract(epoch FROM now())::text || ' forged', true), "
                    + "set_config('tern.uid', '\(other)', true); SELECT coalesce(tern_me(), 'nobody')"
            ])
        #expect(byHand.output.hasSuffix("nobody"), "\(byHand)")

        try TernCluster.admin(
            "UPDATE \(server.schema).tern_sessions SET expires_at = now() - interval '1 second'")
        let expired = try psql(pool, ["SELECT tern_session('\(token)')"])
        #expect(!expired.ok && expired.errors.contains("session"), "\(expired)")

        let fresh = try openSession(server, as: other)
        let closed = try psql(
            pool,
            [
                "SELECT tern_session('\(fresh)'); SELECT tern_close_session('\(fresh)')",
                "SELECT tern_session('\(fresh)')",
            ])
        #expect(!closed.ok && closed.output == other + "\nt", "replaying a closed token is refused: \(closed)")

        let removedToken = try openSession(server, as: other)
        try TernCluster.admin("UPDATE \(server.schema).tern_accounts SET removed_at = now() WHERE uid = '\(other)'")
        let removed = try psql(pool, ["SELECT tern_session('\(removedToken)')"])
        #expect(!removed.ok, "a removed account's token is refused: \(removed)")
    }

    // 4. A binding ends with its transaction, even on the same server backend.
    @Test(.requiresPostgres, .requiresPooler)
    func aBindingDoesNotLeakToTheNextTransactionOnTheSameBackend() throws {
        let server = try populated()
        defer { server.cleanup() }
        let other = server.accounts[1]
        let pool = pooledURL(server, try #require(TernCluster.poolerURL))
        let token = try openSession(server, as: other)
        let result = try psql(
            pool,
            [
                "SELECT tern_session('\(token)') || ' ' || pg_backend_pid()",
                // Even a binding a careless client leaves on the whole server session is ignored.
                "SELECT set_config('tern.session', current_setting('tern.session', true), false); "
                    + "SELECT set_config('tern.session', extract(epoch FROM now())::text || ' \(token)', false) "
                    + "IS NOT NULL; SELECT tern_me() || ' ' || pg_backend_pid()",
                "SELECT coalesce(tern_me(), 'nobody') || ' ' || pg_backend_pid()",
            ])
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(result.ok && lines.count == 4, "\(result)")
        guard lines.count == 4 else { return }
        let backends = Set([lines[0], lines[2], lines[3]].map { $0.split(separator: " ").last.map(String.init) ?? "" })
        #expect(backends.count == 1, "the same server backend served every transaction: \(lines)")
        #expect(lines[0].hasPrefix(other + " ") && lines[2].hasPrefix(other + " "), "\(lines)")
        #expect(lines[3].hasPrefix("nobody "), "the next transaction is nobody: \(lines)")
    }

    // 5. A hot standby serves the pooled reads, with identity per transaction, and no writes.
    @Test(.requiresPostgres, .requiresStandby)
    func aStandbyServesBoundReadsAndRefusesWrites() throws {
        let server = try populated()
        defer { server.cleanup() }
        let other = server.accounts[1]
        let token = try openSession(server, as: other)
        let standby = pooledURL(server, try #require(TernCluster.standbyURL))
        let standbyAdmin = try #require(TernCluster.standbyAdminURL)
        let replayed =
            "SELECT EXISTS (SELECT 1 FROM \(server.schema).tern_sessions WHERE uid = '\(other)')"
        var caughtUp = false
        for _ in 0..<400 where !caughtUp {
            caughtUp = (try? TernCluster.adminAt(standbyAdmin, replayed))?.first?.first == "t"
            if !caughtUp { usleep(50_000) }
        }
        #expect(caughtUp, "the standby replays the primary")
        let read = try psql(standby, ["SELECT tern_session('\(token)'); " + Self.everyRow])
        let direct = try server.psql(Self.everyRow, as: other)
        #expect(read.ok && read.output == other + "\n" + direct.output, "\(read)")
        let nobody = try psql(standby, ["SELECT coalesce(tern_me(), 'nobody')"])
        #expect(nobody.output == "nobody", "\(nobody)")
        let write = try psql(
            standby,
            [
                "SELECT tern_session('\(token)'); "
                    + "SELECT tern_write('tweets', 'standby', "
                    + "json_build_object('uid', tern_me(), 'caption', 'x')::text)"
            ])
        #expect(!write.ok && write.errors.contains("read-only"), "the standby takes no writes: \(write)")
    }
}

extension TernCluster {
    /// pgbouncer in transaction pooling mode in front of the cluster (`TERN_TEST_PGBOUNCER`,
    /// a URL without a user, set by `scripts/with-postgres.sh` with `TERN_PG_POOLER=1`).
    static var poolerURL: String? {
        ProcessInfo.processInfo.environment["TERN_TEST_PGBOUNCER"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The hot standby's URL without a user (`TERN_TEST_STANDBY`, with `TERN_PG_STANDBY=1`).
    static var standbyURL: String? {
        ProcessInfo.processInfo.environment["TERN_TEST_STANDBY"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The hot standby as the superuser.
    static var standbyAdminURL: String? {
        standbyURL.map { $0.replacingOccurrences(of: "postgresql://", with: "postgresql://tern_admin@") }
    }

    /// Runs one statement as the superuser at `url`; its rows.
    static func adminAt(_ url: String, _ sql: String) throws -> [[String?]] {
        let connection = try ServerConnection(url: url)
        defer { connection.close() }
        return try connection.query(sql, [])
    }
}

extension Trait where Self == ConditionTrait {
    static var requiresPooler: Self {
        .enabled(
            if: TernCluster.poolerURL != nil,
            Comment(rawValue: "needs pgbouncer: run under TERN_PG_POOLER=1 scripts/with-postgres.sh"))
    }

    static var requiresStandby: Self {
        .enabled(
            if: TernCluster.standbyURL != nil,
            Comment(rawValue: "needs a hot standby: run under TERN_PG_STANDBY=1 scripts/with-postgres.sh"))
    }
}
