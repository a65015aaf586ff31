import DocStore
import Domain
import Foundation
import Testing

/// The change log of a team server (Resources/server/24-change-log.sql), read as members,
/// the guest and the pooled role would read it by hand with plain `psql`: a public change
/// reaches everyone, a private one only its owner, through the pooler too.
@Suite(.serialized)
struct ChangeLogServerTests {
    static let changes = "SELECT string_agg(parent || '/' || id, ',' ORDER BY seq) FROM tern_changes"

    /// Two accounts: the first likes and bookmarks a post of the second and saves a favorite.
    func populated() throws -> RulesServer {
        let server = try RulesServer(accounts: 2)
        let (owner, other) = (server.accounts[0], server.accounts[1])
        try server.post(as: other, id: "p1")
        try server.write(as: owner, ["favorites/\(owner)/favorites/mine": RulesServer.favorite("Mine")])
        try server.toggleLike(as: owner, tweet: "p1")
        return server
    }

    @Test(.requiresPostgres)
    func everyChangeIsLoggedInCommitOrderAndPrivateOnesOnlyForTheirOwner() throws {
        let server = try populated()
        defer { server.cleanup() }
        let (owner, other) = (server.accounts[0], server.accounts[1])

        let all = try server.psql(Self.changes, as: nil)
        #expect(all.output.contains("tweets/p1") && all.output.contains("favorites/\(owner)/favorites/mine"), "\(all)")
        let mine = try server.psql(Self.changes, as: owner)
        #expect(mine.output.contains("favorites/\(owner)/favorites/mine"), "the owner reads its own: \(mine)")
        #expect(mine.output.contains("users/\(owner)/user-likes/p1"), "\(mine)")

        for reader in [other, nil as String?] {
            let url = reader.map { server.url(user: $0) } ?? server.guestURL
            let read = try server.psqlAt(url, Self.changes)
            #expect(read.ok && read.output.contains("tweets/p1"), "public changes reach everyone: \(read)")
            for secret in ["favorites/\(owner)", "users/\(owner)/user-likes"] {
                #expect(!read.output.contains(secret), "\(reader ?? "the guest") reads none of \(secret): \(read)")
            }
            // Asking by hand for the private rows, by owner or path, finds nothing either.
            let asked = try server.psqlAt(
                url, "SELECT count(*) FROM tern_changes WHERE owner = '\(owner)' AND NOT public")
            #expect(asked.output == "0", "\(asked)")
        }
        let notification = try server.psql(
            "SELECT count(*) FROM tern_changes WHERE parent = 'users/\(other)/notifications'", as: other)
        #expect(notification.output == "1", "the liked author reads its notification's change: \(notification)")

        // Nobody but the server writes the log.
        for reader in [owner, other] {
            for sql in [
                "INSERT INTO tern_changes (parent, id, public) VALUES ('tweets', 'forged', true)",
                "DELETE FROM tern_changes", "UPDATE tern_changes SET public = true",
                "SELECT tern_prune_changes(interval '0 seconds')",
            ] {
                let result = try server.psql(sql, as: reader)
                #expect(!result.ok, "refused: \(sql) → \(result)")
            }
        }
        let count = try server.psql("SELECT count(*) > 0 FROM tern_changes WHERE public", as: nil)
        #expect(count.output == "t", "\(count)")
    }

    @Test(.requiresPostgres)
    func numbersFollowCommitOrderAndPruningKeepsTheFloor() throws {
        let server = try populated()
        defer { server.cleanup() }
        let (owner, other) = (server.accounts[0], server.accounts[1])
        let before = try server.psql("SELECT max(seq) FROM tern_changes", as: nil)
        // A transaction that writes first and commits last still gets the later numbers.
        let slow = try PsqlSession(server.url(user: owner), "BEGIN; SELECT tern_like('p1', false);")
        usleep(300_000)
        try server.post(as: other, id: "fast")
        slow.send("COMMIT;")
        slow.close()
        let order = try server.psql(
            "SELECT string_agg(parent || '/' || id, ',' ORDER BY seq) FROM tern_changes WHERE seq > \(before.output)",
            as: nil)
        let paths = order.output.split(separator: ",").map(String.init)
        #expect(paths.first == "tweets/fast" && paths.dropFirst().contains("tweets/p1"), "in commit order: \(order)")

        let fast = try server.psql("SELECT seq FROM tern_changes WHERE id = 'fast'", as: nil).output
        try TernCluster.admin(
            "UPDATE \(server.schema).tern_changes SET at = now() - interval '2 hours' WHERE seq <= \(fast)")
        let pruned = try server.psql("SELECT tern_prune_changes()", as: nil)
        #expect((Int(pruned.output) ?? 0) > 0, "\(pruned)")
        let left = try server.psql("SELECT min(seq) > \(fast) FROM tern_changes", as: nil)
        #expect(left.output == "t", "what is newer stays: \(left)")
        let floor = try server.psqlAt(server.guestURL, "SELECT value FROM tern_meta WHERE key = 'change_log_floor'")
        #expect(floor.output == fast, "the floor names the highest number pruned: \(floor)")
    }

    @Test(.requiresPostgres, .requiresPooler)
    func throughThePoolerAnotherAccountsPrivateChangesStayUnread() throws {
        let server = try populated()
        defer { server.cleanup() }
        let (owner, other) = (server.accounts[0], server.accounts[1])
        let pooled = PooledServerTests()
        let pool = pooled.pooledURL(server, try #require(TernCluster.poolerURL))
        let ownerToken = try pooled.openSession(server, as: owner)
        let otherToken = try pooled.openSession(server, as: other)

        let unbound = try pooled.psql(pool, [Self.changes])
        let guest = try server.psqlAt(server.guestURL, Self.changes)
        #expect(unbound.ok && unbound.output == guest.output, "unbound, the guest's rows: \(unbound)")
        let own = try pooled.psql(pool, ["SELECT tern_session('\(ownerToken)'); " + Self.changes])
        #expect(own.output.contains("favorites/\(owner)/favorites/mine"), "\(own)")
        let theirs = try pooled.psql(
            pool,
            [
                "SELECT tern_session('\(otherToken)'); " + Self.changes,
                // The other token's binding, then SET ROLE to the group or the owner's role: still its rows.
                "SELECT tern_session('\(otherToken)'); SET LOCAL ROLE \(server.roles.user); " + Self.changes,
            ])
        #expect(!theirs.output.contains("favorites/\(owner)"), "\(theirs)")
        #expect(!theirs.output.contains("users/\(owner)/user-likes"), "\(theirs)")
        #expect(theirs.output.contains("tweets/p1"), "\(theirs)")
        let asOwner = try pooled.psql(
            pool, ["SELECT tern_session('\(otherToken)'); SET LOCAL ROLE \(server.role(owner)); " + Self.changes])
        #expect(!asOwner.ok || !asOwner.output.contains("favorites/\(owner)"), "\(asOwner)")
    }

    @Test(.requiresPostgres, .requiresStandby)
    func aStandbyServesTheChangeLogUnderTheSameRules() throws {
        let server = try populated()
        defer { server.cleanup() }
        let (owner, other) = (server.accounts[0], server.accounts[1])
        let pooled = PooledServerTests()
        let ownerToken = try pooled.openSession(server, as: owner)
        let otherToken = try pooled.openSession(server, as: other)
        let primary = try server.psql(Self.changes, as: nil)
        let standbyAdmin = try #require(TernCluster.standbyAdminURL)
        var caughtUp = false
        for _ in 0..<400 where !caughtUp {
            let rows = try? TernCluster.adminAt(
                standbyAdmin,
                "SELECT string_agg(parent || '/' || id, ',' ORDER BY seq) FROM \(server.schema).tern_changes")
            caughtUp = rows?.first?.first == primary.output
            if !caughtUp { usleep(50_000) }
        }
        #expect(caughtUp, "the standby holds the same log, in the same order")
        let standby = pooled.pooledURL(server, try #require(TernCluster.standbyURL))
        let own = try pooled.psql(standby, ["SELECT tern_session('\(ownerToken)'); " + Self.changes])
        #expect(own.ok && own.output.contains("favorites/\(owner)/favorites/mine"), "\(own)")
        let theirs = try pooled.psql(standby, ["SELECT tern_session('\(otherToken)'); " + Self.changes])
        #expect(theirs.ok && theirs.output.contains("tweets/p1"), "\(theirs)")
        #expect(!theirs.output.contains("favorites/\(owner)") && !theirs.output.contains("users/\(owner)/user-likes"))
        let unbound = try pooled.psql(standby, [Self.changes])
        #expect(!unbound.output.contains("favorites/") && !unbound.output.contains("user-likes"), "\(unbound)")
    }
}
