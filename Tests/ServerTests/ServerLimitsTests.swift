import DocStore
import Domain
import Foundation
import Testing

/// The bounds a member cannot change (issue 26, points 1 and 4–5): a member who turns its
/// own timeouts off and holds posts in an open transaction, or runs statements of any
/// length, is ended by the server; a removed member loses access at once; invitations
/// expire and are revoked; the server's own rules have no gap a member can post through.
/// Each attack is made with plain `psql`, as a member would.
@Suite(.serialized)
struct ServerLimitsTests {
    /// Sets one of the administrator's bounds (a row of `tern_meta`) on `server`.
    func setBound(_ server: RulesServer, _ key: String, _ value: String) throws {
        try TernCluster.admin(
            "UPDATE \(server.schema).tern_meta SET value = $1 WHERE key = $2", parameters: [value, key])
    }

    /// The backends of `uid`'s role in `state` (`active`, `idle in transaction`, …).
    func backends(_ server: RulesServer, of uid: String, in state: String) throws -> Int {
        let rows = try TernCluster.admin(
            "SELECT count(*) FROM pg_stat_activity WHERE usename = $1 AND state = $2",
            parameters: [server.role(uid), state])
        return Int((rows.first?.first ?? nil) ?? "") ?? -1
    }

    func waitFor(_ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(20)
        while try !condition() {
            guard Date() < deadline else {
                Issue.record("waited 20 s")
                return
            }
            usleep(50_000)
        }
    }

    /// Point 1: the member turns the timeouts off, opens a transaction and likes every post,
    /// so their rows stay locked. Others' likes and edits wait at most the lock timeout
    /// while the transaction is younger than the bound; the next one after the bound ends
    /// the holder, goes through, and the counters stay exact.
    @Test(.requiresPostgres)
    func aMemberHoldingEveryPostInAnOpenTransactionIsEndedOnceOthersWaitPastTheBound() throws {
        let server = try RulesServer(accounts: 2)
        defer { server.cleanup() }
        let (victim, attacker) = (server.accounts[0], server.accounts[1])
        for id in ["p1", "p2"] { try server.post(as: victim, id: id) }
        try setBound(server, "limit_transaction_seconds", "2")
        let holder = try PsqlSession(
            server.url(user: attacker),
            """
            SET idle_in_transaction_session_timeout = 0; SET statement_timeout = 0; SET lock_timeout = 0;
            BEGIN; SELECT tern_like(id, true) FROM documents WHERE parent = 'tweets';
            """)
        defer { holder.close() }
        try waitFor { try backends(server, of: attacker, in: "idle in transaction") == 1 }

        let store = try server.store(as: victim)
        defer { store.close() }
        var outcomes: [Bool] = []
        while outcomes.last != true && outcomes.count < 5 {
            do {
                try ServerLikeWriter().setLiked(true, tweetID: "p1", uid: victim, in: store)
                outcomes.append(true)
            } catch let error as StoreError {
                #expect(error.code.isTimeoutOrBusy, "only the lock wait fails: \(error)")
                outcomes.append(false)
            }
        }
        #expect(outcomes == [false, true], "waits the lock timeout while young, then goes through: \(outcomes)")
        holder.send("SELECT 1;")
        #expect(holder.exited(within: 5), "the holder was ended")
        #expect(holder.close().contains("terminat"))
        try store.document("tweets/p2").setData([
            "uid": .string(victim), "caption": "edited", "likes": 0, "timestamp": .serverTimestamp,
        ])
        let likes = try server.psql(
            "SELECT string_agg(id || '=' || (data ->> 'likes'), ',' ORDER BY id) FROM documents WHERE parent = "
                + "'tweets'",
            as: nil)
        #expect(likes.output == "p1=1,p2=0", "the holder's likes went with it: \(likes)")
    }

    /// Point 1: statements of any length, on every connection the member has, are ended by
    /// the watch (`tern server watch` runs it every second) once they pass the bound.
    @Test(.requiresPostgres)
    func aMembersStatementsOfAnyLengthAreEndedByTheWatch() throws {
        let server = try RulesServer(accounts: 1)
        defer { server.cleanup() }
        let attacker = server.accounts[0]
        try setBound(server, "limit_statement_seconds", "1")
        #expect(
            try server.psql(
                "ALTER ROLE \"\(server.role(attacker))\" SET statement_timeout = 0", as: attacker
            ).ok, "a member may change its own defaults")
        let sleepers = try (0..<3).map { _ in
            try PsqlSession(server.url(user: attacker), "SET statement_timeout = 0; SELECT pg_sleep(600);")
        }
        defer { for sleeper in sleepers { sleeper.close() } }
        try waitFor { try backends(server, of: attacker, in: "active") == 3 }
        let admin = try ServerConnection(url: server.location)
        defer { admin.close() }
        #expect(try TernServer.watch(admin).isEmpty, "nothing is over the bound yet")
        usleep(1_200_000)
        let ended = try TernServer.watch(admin)
        #expect(ended.count == 3 && ended.allSatisfy { $0.account == attacker && $0.reason == "statement" }, "\(ended)")
        for sleeper in sleepers { #expect(sleeper.exited(within: 5)) }
        #expect(try backends(server, of: attacker, in: "active") == 0)
    }

    /// Point 5: a finished profile keeps a display name and a username, and an account
    /// without them does not post, even through psql.
    @Test(.requiresPostgres)
    func aProfileCannotBeBlankedAndAPostNeedsAFinishedOne() throws {
        let server = try RulesServer(accounts: 1)
        defer { server.cleanup() }
        let member = server.accounts[0]
        for fields in [
            #"{"displayName":"","username":"","isUserOnboarded":true}"#,
            #"{"displayName":"   ","username":"someone","isUserOnboarded":true}"#,
            #"{"displayName":"","username":"","isUserOnboarded":false}"#,
        ] {
            let blank = try server.psql("SELECT tern_write('users', '\(member)', '\(fields)')", as: member)
            #expect(!blank.ok && blank.errors.contains("display name and a username"), "\(fields) → \(blank)")
        }
        let newcomer = "newcomer" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16)
        let role = try TernServer.register(
            guestURL: server.guestURL, invitation: try TernServer.invite(adminURL: server.location), uid: newcomer,
            password: RulesServer.password, email: "\(newcomer.lowercased())@example.com")
        let post = try server.psqlAt(
            server.url(user: role),
            "SELECT tern_write('tweets', 'n1', json_build_object('uid', tern_me(), 'caption', 'hi')::text)")
        #expect(!post.ok && post.errors.contains("finish your profile"), "\(post)")
        try server.post(as: member, id: "m1")
        let names = try server.psql(
            "SELECT count(*) FROM documents u JOIN documents t ON t.parent = 'tweets' AND t.data ->> 'uid' = u.id "
                + "WHERE u.parent = 'users' AND (u.data ->> 'displayName' = '' OR u.data ->> 'username' = '')",
            as: nil)
        #expect(names.output == "0", "no post in the feed shows (no display name): \(names)")
    }

    /// Point 5: combining marks are counted per character, as the client cuts them (at most
    /// `SafeText.maxCombiningMarks` on one), not averaged over the post.
    @Test(.requiresPostgres)
    func combiningMarksAreCountedPerCharacterAsTheClientCutsThem() throws {
        let server = try RulesServer(accounts: 1)
        defer { server.cleanup() }
        let member = server.accounts[0]
        func caption(_ text: String) throws -> Bool {
            try server.psql(
                "SELECT tern_write('tweets', 'c' || md5(\(ServerConnection.literal(text))), "
                    + "json_build_object('uid', tern_me(), 'caption', \(ServerConnection.literal(text)))::text)",
                as: member
            ).ok
        }
        let acute = "\u{301}"
        #expect(try !caption("a" + String(repeating: acute, count: 2200)), "one character and 2,200 marks")
        #expect(try !caption("a" + String(repeating: acute, count: 31)), "31 marks on one character")
        #expect(try !caption("a" + String(repeating: "\u{20D7}\u{1AB0}", count: 16)), "32 marks of other blocks")
        #expect(try caption("a" + String(repeating: acute, count: 30)), "30 marks, as the client keeps them")
        #expect(try caption(String(repeating: "e\u{302}\u{301}", count: 280)), "280 characters of two marks each")
    }

    /// Point 5: members and the guest can reach the cluster's other databases (`postgres`)
    /// until the administrator closes them as the guide says; `init` names them.
    @Test(.requiresPostgres)
    func theOtherDatabasesAreNamedByInitUntilClosedAsTheGuideSays() throws {
        let server = try RulesServer(accounts: 1)
        defer { server.cleanup() }
        let member = server.accounts[0]
        let postgres = { (url: String) in url.replacingOccurrences(of: "/tern_test", with: "/postgres") }
        #expect(try TernCluster.initialise(server.location).openDatabases.contains("postgres"))
        #expect(try server.psqlAt(postgres(server.url(user: member)), "SELECT 1").ok, "open before")
        try TernCluster.admin("REVOKE CONNECT ON DATABASE postgres FROM PUBLIC")
        defer { _ = try? TernCluster.admin("GRANT CONNECT ON DATABASE postgres TO PUBLIC") }
        for url in [server.url(user: member), server.guestURL] {
            let refused = try server.psqlAt(postgres(url), "SELECT 1")
            #expect(!refused.ok && refused.errors.contains("permission denied for database"), "\(refused)")
        }
        #expect(try !TernCluster.initialise(server.location).openDatabases.contains("postgres"))
    }

    /// Point 4: `tern server remove` ends the member's open sessions and its role can do
    /// nothing more, open session or new one; `members` lists it as removed.
    @Test(.requiresPostgres)
    func aRemovedMemberLosesAccessAtOnce() throws {
        let server = try RulesServer(accounts: 2)
        defer { server.cleanup() }
        let (member, other) = (server.accounts[0], server.accounts[1])
        try server.post(as: other, id: "o1")
        let open = try PsqlSession(server.url(user: member), "SELECT 1;")
        defer { open.close() }
        try waitFor { try backends(server, of: member, in: "idle") == 1 }
        let username = try #require(
            try TernServer.members(adminURL: server.location).first { $0.uid == member }?.username)
        let removed = try TernServer.remove(adminURL: server.location, name: "@" + username)
        #expect(removed.member.uid == member && removed.ended == 1, "\(removed)")
        open.send("SELECT tern_like('o1', true);")
        #expect(open.exited(within: 5), "its open session was ended")
        let again = try server.psql("SELECT tern_like('o1', true)", as: member)
        #expect(!again.ok && again.errors.contains("not permitted to log in"), "\(again)")
        #expect(
            try TernServer.account(forEmail: "\(member.lowercased())@example.com", guestURL: server.guestURL) == nil)
        #expect(try server.psqlAt(server.guestURL, "SELECT tern_removed('\(member)')").output == "t")
        let listed = try TernServer.members(adminURL: server.location)
        #expect(listed.first { $0.uid == member }?.removed != nil && listed.first { $0.uid == other }?.removed == nil)
        #expect(try server.psql("SELECT data ->> 'likes' FROM documents WHERE id = 'o1'", as: nil).output == "0")
    }

    /// Point 4: invitations are listed (by an id that tells nothing of the code), expire,
    /// and can be revoked.
    @Test(.requiresPostgres)
    func invitationsAreListedExpireAndCanBeRevoked() throws {
        let server = try RulesServer(accounts: 0)
        defer { server.cleanup() }
        func register(_ code: String) -> Bool {
            let uid = "late" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16)
            return
                (try? TernServer.register(
                    guestURL: server.guestURL, invitation: code, uid: uid, password: RulesServer.password,
                    email: "\(uid.lowercased())@example.com")) != nil
        }
        let short = try TernServer.invite(adminURL: server.location, lasts: 1)
        let revoked = try TernServer.invite(adminURL: server.location)
        let kept = try TernServer.invite(adminURL: server.location, lasts: nil)
        let listed = try TernServer.invitations(adminURL: server.location)
        #expect(listed.count == 3 && listed.allSatisfy { $0.id.count == 8 })
        #expect(!listed.contains { short.contains($0.id) || revoked.contains($0.id) }, "the id is not the code")
        #expect(listed.filter { $0.expires == nil }.count == 1)
        usleep(1_200_000)
        #expect(!register(short), "an expired invitation registers nobody")
        #expect(try TernServer.invitations(adminURL: server.location).filter(\.expired).count == 1)
        let hash = try #require(
            try TernCluster.admin(
                "SELECT left(encode(sha256(convert_to($1, 'UTF8')), 'hex'), 8)", parameters: [revoked]
            )
            .first?.first ?? nil)
        #expect(try TernServer.revokeInvitation(adminURL: server.location, id: hash) == 1)
        #expect(!register(revoked), "a revoked invitation registers nobody")
        #expect(register(kept))
        #expect(try TernServer.invitations(adminURL: server.location).count == 1, "only the expired one is left")
    }
}
