import DocStore
import Domain
import Foundation
import Testing

/// The team server attacked as a hostile member and as the anonymous guest would, with plain
/// `psql` and the credentials Tern hands out: each attack is refused or harmless, other
/// people's feeds keep decoding, counters stay exact, and nobody waits past the timeouts.
@Suite(.serialized)
struct ServerAttackTests {
    /// The first page of the feed as `uid` (nil: the guest) reads it through the services.
    func feed(_ server: RulesServer, as uid: String?) throws -> FeedPage {
        let store = try DocumentStore.open(
            url: uid.map { server.url(user: $0) } ?? server.guestURL, executor: .immediate)
        defer { store.close() }
        let viewer = uid.map { Session(uid: $0, email: "\($0)@example.com", signedInAt: Date()) }
        return try TweetService(store: store, onServer: true).page(.all, viewer: viewer)
    }

    /// Runs `sql` as the guest (or, with `admin`, as the superuser), again when another
    /// suite's `init` changed the shared guest role at the same moment ("tuple concurrently
    /// updated").
    func asGuest(_ server: RulesServer, _ sql: String, admin: Bool = false) throws -> (
        ok: Bool, output: String, errors: String
    ) {
        let run = { admin ? try server.psql(sql, as: nil) : try server.psqlAt(server.guestURL, sql) }
        var result = try run()
        for _ in 0..<5 where !result.ok && result.errors.contains("concurrently updated") {
            usleep(50_000)
            result = try run()
        }
        return result
    }

    func stored(_ server: RulesServer, _ parent: String, _ id: String) throws -> String {
        try server.psql("SELECT doc FROM documents WHERE parent = '\(parent)' AND id = '\(id)'", as: nil).output
    }

    // 1. A like cannot carry the post.
    @Test(.requiresPostgres)
    func aLikeCarriesNothingThatBecomesThePost() throws {
        let server = try RulesServer(accounts: 2)
        defer { server.cleanup() }
        let (author, attacker) = (server.accounts[0], server.accounts[1])
        try server.post(as: author, id: "p1", caption: "mine")
        let before = try stored(server, "tweets", "p1")

        let oldForm = try server.psql(
            "SELECT tern_like('\(attacker)', 'p1', true, '{}', "
                + "'{\"caption\":\"mine\",\"likes\":1,\"timestamp\":1796065321.24E0,\"uid\":\"\(author)\","
                + "\"pad\":\"\(String(repeating: "x", count: 1000))\"}')",
            as: attacker)
        #expect(
            !oldForm.ok && oldForm.errors.contains("does not exist"), "no like takes a post from the client: \(oldForm)"
        )
        let like = try server.psql("SELECT tern_like('p1', true)", as: attacker)
        #expect(like.ok && like.output == "1", "\(like)")
        let after = try stored(server, "tweets", "p1")
        #expect(after.count < before.count + 4 && !after.contains("pad"), "the server wrote the post itself: \(after)")
        for viewer in [nil, author, attacker] {
            let page = try feed(server, as: viewer)
            #expect(
                page.posts.map(\.likes) == [1] && page.notice == nil,
                "\(viewer ?? "guest") reads an exact, decodable feed")
        }
    }

    // 2. Documents are checked by the server, and a client survives any document anyway.
    @Test(.requiresPostgres)
    func hostileDocumentsAreRefusedAndAnyDocumentLeavesTheFeedReadable() throws {
        let server = try RulesServer(accounts: 2)
        defer { server.cleanup() }
        let (author, attacker) = (server.accounts[0], server.accounts[1])
        try server.post(as: author, id: "good", caption: "fine")
        let refused = [
            "SELECT tern_write('users', '\(attacker)', '{\"displayName\":42}')",
            "SELECT tern_write('users', '\(attacker)', '{\"username\":\"Has Spaces\"}')",
            "SELECT tern_write('users', '\(attacker)', '{\"bio\":\"\\u001b[2J\"}')",
            "SELECT tern_write('tweets', 'deep', '{\"uid\":\"\(attacker)\",\"caption\":' || repeat('[', 10000) || "
                + "repeat(']', 10000) || '}')",
            "SELECT tern_write('tweets', 'big', json_build_object('uid', tern_me(), 'caption', repeat('x', "
                + "10000000))::text)",
            "SELECT tern_write('tweets', 'long', json_build_object('uid', tern_me(), 'caption', repeat('가', "
                + "281))::text)",
            "SELECT tern_write('tweets', 'ctl', json_build_object('uid', tern_me(), 'caption', E'a\\u202Eb')::text)",
            "SELECT tern_write('tweets', 'extra', json_build_object('uid', tern_me(), 'caption', 'x', 'evil', "
                + "1)::text)",
            "SELECT tern_write('favorites/\(attacker)/favorites', 'f', "
                + "'{\"placeName\":\"x\",\"coordinate\":{\"latitude\":500,\"longitude\":0}}')",
        ]
        for sql in refused {
            let result = try server.psql(sql, as: attacker)
            #expect(!result.ok, "refused: \(sql.prefix(120)) → \(result.output.prefix(200))")
        }
        // A post claiming year 9999 gets the server's time, so it is not pinned on top.
        let future = try server.psql(
            "SELECT tern_write('tweets', 'future', json_build_object('uid', tern_me(), 'caption', 'first!', "
                + "'timestamp', 253402300799)::text)",
            as: attacker)
        #expect(future.ok, "\(future)")
        let stamp = try server.psql(
            "SELECT (data ->> 'timestamp')::numeric < extract(epoch FROM now()) + 60 FROM documents WHERE parent = "
                + "'tweets' AND id = 'future'",
            as: nil)
        #expect(stamp.output == "t", "the server sets the time: \(stamp)")
        let two = try server.psql(
            "SELECT tern_write('tweets', 'ok', json_build_object('uid', tern_me(), 'caption', repeat('👩‍👩‍👧', "
                + "280))::text)",
            as: attacker)
        #expect(two.ok, "280 characters as people count them pass: \(two)")

        // Even a document written behind the rules (by the owner) costs readers only itself.
        try TernCluster.admin(
            "SET search_path = \(server.schema)", "SET ROLE \(server.roles.owner)",
            "INSERT INTO documents (parent, id, doc) VALUES ('tweets', 'zz-deep', '{\"uid\":\"x\",\"caption\":' || "
                + "repeat('[', 1000) || repeat(']', 1000) || ',\"timestamp\":9E0}')"
        )
        try TernCluster.admin(
            "SET search_path = \(server.schema)", "SET ROLE \(server.roles.owner)",
            "INSERT INTO documents (parent, id, doc) VALUES ('tweets', 'zz-type', "
                + "'{\"uid\":\"x\",\"caption\":\"c\",\"timestamp\":\"zzz\"}')"
        )
        let page = try feed(server, as: nil)
        #expect(Set(page.posts.map(\.id)) == ["good", "future", "ok"], "\(page.posts.map(\.id))")
        // The post too deep to read is left out with a notice; the one whose time is no
        // number is not in the feed's order at all (its typed time, 23-page-indexes.sql, is
        // NULL, as if it had none).
        #expect(
            page.notice?.contains("left out 1 document") == true, "the reader is told: \(page.notice ?? "nothing")")
    }

    // 3. Nobody can stall the server or other clients.
    @Test(.requiresPostgres)
    func neitherAMemberNorTheGuestCanStallOthers() throws {
        let server = try RulesServer(accounts: 2)
        defer { server.cleanup() }
        let (victim, attacker) = (server.accounts[0], server.accounts[1])
        try server.post(as: victim, id: "v1")
        for (who, url) in [("guest", server.guestURL), ("member", server.url(user: attacker))] {
            for sql in [
                "SELECT pg_advisory_lock(1)", "LOCK TABLE documents IN ACCESS EXCLUSIVE MODE",
                "CREATE TEMP TABLE t (x int)",
                "SELECT lo_create(0)", "SELECT id FROM documents FOR UPDATE",
                "ALTER ROLE tern_guest CONNECTION LIMIT 1",
            ] {
                let result = try server.psqlAt(url, "BEGIN; \(sql); COMMIT")
                #expect(!result.ok && result.errors.contains("denied"), "\(who): \(sql) → \(result)")
            }
        }
        let limits = try server.psql(
            "SELECT string_agg(rolname || '=' || rolconnlimit, ',' ORDER BY rolname) FROM pg_roles WHERE rolname "
                + "IN ('tern_guest', '\(server.role(attacker))')",
            as: nil)
        #expect(
            limits.output.contains("tern_guest=64") && limits.output.contains("\(server.role(attacker))=8"), "\(limits)"
        )
        let settings = try server.psql(
            "SELECT count(*) FROM pg_db_role_setting s JOIN pg_roles r ON r.oid = s.setrole WHERE r.rolname IN "
                + "('tern_guest', '\(server.role(attacker))') AND 'statement_timeout=5s' = ANY (s.setconfig) AND "
                + "'lock_timeout=3s' = ANY (s.setconfig)",
            as: nil)
        #expect(settings.output == "2", "every login role has timeouts: \(settings)")

        // The attacker holds its own post's row in an open transaction; the victim's writes
        // and reads still finish, and nothing waits longer than the lock timeout.
        try server.post(as: attacker, id: "a1")
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = [
            "psql", server.url(user: attacker), "-X", "-q", "-c",
            "BEGIN; SELECT tern_write('tweets', 'a1', json_build_object('uid', tern_me(), 'caption', "
                + "'held')::text); SELECT pg_sleep(8); COMMIT",
        ]
        holder.standardOutput = FileHandle.nullDevice
        holder.standardError = FileHandle.nullDevice
        try holder.run()
        defer { if holder.isRunning { holder.terminate() } }
        usleep(500_000)
        let store = try server.store(as: victim)
        defer { store.close() }
        let started = Date()
        try store.document("tweets/v2").setData([
            "uid": .string(victim), "caption": "still posting", "likes": 0, "timestamp": .serverTimestamp,
        ])
        try ServerLikeWriter().setLiked(true, tweetID: "v1", uid: victim, in: store)
        #expect(Date().timeIntervalSince(started) < 2, "writes elsewhere do not wait")
        let blocked = Date()
        do {
            try ServerLikeWriter().setLiked(true, tweetID: "a1", uid: victim, in: store)
        } catch let error as StoreError {
            #expect(error.code.isTimeoutOrBusy, "\(error)")
        }
        #expect(Date().timeIntervalSince(blocked) < 4.5, "a held row costs at most the lock timeout")
        #expect(try feed(server, as: nil).posts.count == 3)
    }

    // 4. Changed role defaults do not change what Tern runs.
    @Test(.requiresPostgres)
    func aRoleThatChangesItsOwnDefaultsBreaksNothing() throws {
        let server = try RulesServer(accounts: 1)
        defer {
            _ = try? asGuest(server, "ALTER ROLE tern_guest RESET ALL", admin: true)
            server.cleanup()
        }
        try server.post(as: server.accounts[0], id: "p1")
        for sql in [
            "ALTER ROLE tern_guest SET search_path = pg_catalog",
            "ALTER ROLE tern_guest SET client_encoding = 'LATIN1'",
            "ALTER ROLE tern_guest SET idle_session_timeout = 1",
        ] {
            let result = try asGuest(server, sql)
            #expect(result.ok, "PostgreSQL lets a role change its own defaults: \(sql) → \(result)")
        }
        #expect(
            try feed(server, as: nil).posts.map(\.id) == ["p1"],
            "signed-out reading does not trust the guest's defaults")
        for setting in [
            "search_path = pg_catalog", "statement_timeout = 1", "row_security = off",
            "default_transaction_read_only = on",
        ] {
            let member = try server.psql(
                "ALTER ROLE \"\(server.role(server.accounts[0]))\" SET \(setting)", as: server.accounts[0])
            #expect(member.ok, "\(member)")
        }
        try server.post(as: server.accounts[0], id: "p2")
        #expect(try feed(server, as: server.accounts[0]).posts.count == 2)
    }

    // 4. The guest cannot lock others out by changing its password: the server trusts the
    // guest (pg_hba.conf, as docs/server.md says), so no password lets it in or keeps it out.
    @Test(.requiresPostgres)
    func theGuestChangingItsPasswordLocksNobodyOut() throws {
        let server = try RulesServer(accounts: 1)
        defer {
            _ = try? asGuest(
                server, "ALTER ROLE tern_guest PASSWORD \(ServerConnection.literal(TernServer.guestPassword))",
                admin: true)
            server.cleanup()
        }
        try server.post(as: server.accounts[0], id: "p1")
        #expect(
            try TernServer.guestSignIn(serverURL: server.location) == .trusted,
            "the throwaway cluster is configured as docs/server.md says")
        let changed = try asGuest(server, "ALTER ROLE tern_guest PASSWORD 'taken over by a guest'")
        #expect(changed.ok, "PostgreSQL lets a role change its own password: \(changed)")
        #expect(
            try feed(server, as: nil).posts.map(\.id) == ["p1"],
            "signed-out reading still works with the public password")
        let invitation = try TernServer.invite(adminURL: server.location)
        let newcomer = "newcomer" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16)
        try TernServer.register(
            guestURL: server.guestURL, invitation: invitation, uid: newcomer, password: "a long password",
            email: "\(newcomer.lowercased())@example.com")
        #expect(
            try TernServer.account(forEmail: "\(newcomer.lowercased())@example.com", guestURL: server.guestURL)?.uid
                == newcomer, "and so does registering")
    }

    // 5. Names are unique, documents are written as the login role, server fields are the server's.
    @Test(.requiresPostgres)
    func identityAndServerFieldsCannotBeForged() throws {
        let server = try RulesServer(accounts: 2)
        defer { server.cleanup() }
        let (mina, attacker) = (server.accounts[0], server.accounts[1])
        let named = { (name: String) in "'{\"username\":\"\(name)\",\"displayName\":\"X\",\"isUserOnboarded\":true}'" }
        #expect(try server.psql("SELECT tern_write('users', '\(mina)', \(named("mina")))", as: mina).ok)
        let taken = try server.psql("SELECT tern_write('users', '\(attacker)', \(named("mina")))", as: attacker)
        #expect(!taken.ok && taken.errors.contains("duplicate key"), "\(taken)")
        let grab = try server.psql(
            "SELECT tern_write('users', '\(attacker)', "
                + "'{\"username\":\"x_x\",\"displayName\":\"X\",\"isUserOnboarded\":true,\"followersCount\":1000000,"
                + "\"createdOn\":1,\"email\":\"boss@example.com\"}')",
            as: attacker)
        #expect(grab.ok, "\(grab)")
        let profile = try server.psql(
            "SELECT data ->> 'followersCount', data ->> 'email', (data ->> 'createdOn')::numeric > 1 FROM "
                + "documents WHERE parent = 'users' AND id = '\(attacker)'",
            as: nil)
        #expect(
            profile.output == "0|\(attacker.lowercased())@example.com|t",
            "counts, email and creation time are the server's: \(profile)")
        #expect(try TernServer.account(forEmail: "boss@example.com", guestURL: server.guestURL) == nil)
        // As the group role: documents belong to login roles only.
        let group = try server.psql(
            "SET ROLE \(server.roles.user); SELECT tern_write('tweets', 'g1', "
                + "'{\"uid\":\"tern_user\",\"caption\":\"nobody owns me\"}')",
            as: attacker)
        #expect(!group.ok, "\(group)")
        let asGroup = try server.psql(
            "SET ROLE \(server.roles.user); SELECT tern_write('tweets', 'g2', json_build_object('uid', tern_me(), "
                + "'caption', 'mine')::text); SELECT data ->> 'uid' FROM documents WHERE id = 'g2'",
            as: attacker)
        #expect(asGroup.output.hasSuffix(attacker), "written as the login role whatever SET ROLE says: \(asGroup)")
    }

    // 6. Notifications carry nothing a listener could not read; floods cost bounded work.
    @Test(.requiresPostgres)
    func notificationsLeakNothingAndAFloodIsRationed() throws {
        let server = try RulesServer(accounts: 2)
        defer { server.cleanup() }
        let (owner, snoop) = (server.accounts[0], server.accounts[1])
        try server.post(as: owner, id: "p1")
        // The snoop listens on every channel it can name while the owner likes and saves.
        let listener = Process()
        listener.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        listener.arguments = [
            "psql", server.url(user: snoop), "-X", "-q",
            "-c", "LISTEN \"tern_\(server.schema)\"", "-c", "LISTEN \"tern_\(owner)\"", "-c", "SELECT pg_sleep(3)",
            "-c", "SELECT 1",
        ]
        let out = Pipe()
        listener.standardOutput = out
        listener.standardError = out
        try listener.run()
        usleep(500_000)
        try server.toggleLike(as: owner, tweet: "p1")
        try server.write(as: owner, ["favorites/\(owner)/favorites/secret-place": RulesServer.favorite("Secret")])
        listener.waitUntilExit()
        let heard = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(heard.contains("tweets/p1"), "public changes are announced: \(heard)")
        #expect(
            !heard.contains("user-likes") && !heard.contains("favorites") && !heard.contains("secret-place"), "\(heard)"
        )
        let secret = try server.psql("SELECT count(*) FROM protected_records", as: snoop)
        #expect(!secret.ok, "the channels' secret is unreadable")

        // The owner's own other process hears its private changes.
        let mine = try server.store(as: owner)
        defer { mine.close() }
        let likes = EventLog<Int>()
        let registration = try mine.collection("users/\(owner)/user-likes").addSnapshotListener {
            likes.record($0.count)
        }
        defer { registration.remove() }
        #expect(likes.take() == [1])
        try server.toggleLike(as: owner, tweet: "p1")
        let deadline = Date().addingTimeInterval(2)
        while try !mine.pollExternalChanges() && Date() < deadline { usleep(2000) }
        #expect(likes.take() == [0], "the unlike from another connection arrived on the private channel")

        // A guest floods the public channel with '*' and forged paths for two seconds: the
        // store reports (and its listeners re-read) a bounded number of times.
        let flood = try server.psqlAt(
            server.guestURL,
            "SELECT pg_notify('tern_\(server.schema)', CASE WHEN i % 2 = 0 THEN '*' ELSE 'tweets/forged' || i END) "
                + "FROM generate_series(1, 20000) i"
        )
        #expect(flood.ok, "anyone can NOTIFY; what matters is the cost: \(flood)")
        var reports = 0
        let until = Date().addingTimeInterval(2)
        while Date() < until {
            if try mine.pollExternalChanges() { reports += 1 }
            usleep(1000)
        }
        #expect(reports <= 4, "20,000 forged notifications cost \(reports) re-read rounds")
    }

    // 7. Two Tern databases in one cluster share no account: each has its own roles, a
    // member of one is nobody in the other, and a copy of one cannot take the other's roles.
    @Test(.requiresPostgres)
    func twoTernDatabasesInOneClusterShareNoAccount() throws {
        let first = try RulesServer(accounts: 1)
        defer { first.cleanup() }
        let second = try RulesServer(accounts: 1)
        defer { second.cleanup() }
        #expect(first.roles != second.roles)
        let mina = first.accounts[0]
        try second.post(as: second.accounts[0], id: "theirs")

        // Mina's role in the second schema: no reading, no writing, no liking (named in full,
        // since a schema one may not use is not even on one's search path).
        let intruder = second.url(user: first.role(mina))
        let other = second.schema
        for sql in [
            "SELECT count(*) FROM \(other).documents",
            "SELECT \(other).tern_write('tweets', 'x', json_build_object('uid', '\(mina)', 'caption', 'hi')::text)",
            "SELECT \(other).tern_like('theirs', true)",
        ] {
            let result = try second.psqlAt(intruder, sql)
            #expect(!result.ok && result.errors.contains("denied"), "\(sql) → \(result)")
        }
        #expect(throws: StoreError.self, "through Tern too") {
            let store = try DocumentStore.open(url: intruder, executor: .immediate)
            defer { store.close() }
            try store.document("tweets/x").setData([
                "uid": .string(mina), "caption": "hi", "likes": 0, "timestamp": .serverTimestamp,
            ])
        }

        // The second init broke nothing of the first: it registers and writes as before.
        let newcomer = "late" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16)
        let role = try first.register(uid: newcomer)
        #expect(
            role.hasPrefix("tern_\(first.roles.namespace)_") && !role.contains(newcomer.lowercased()),
            "a random role of the first database: \(role)")
        #expect(
            try first.psqlAt(
                first.url(user: role),
                "SELECT tern_write('tweets', 'p1', json_build_object('uid', tern_me(), 'caption', 'hi')::text)"
            ).ok)
        try first.post(as: mina, id: "p2")
        #expect(try feed(first, as: nil).posts.count == 2)

        // Another database of the cluster: a member of the first cannot even connect.
        let database = TernCluster.randomName("tern_other_", length: 10)
        try TernCluster.admin("CREATE DATABASE \(database)")
        defer { _ = try? TernCluster.admin("DROP DATABASE IF EXISTS \(database) WITH (FORCE)") }
        let otherAdmin = try #require(TernCluster.adminURL).replacingOccurrences(of: "/tern_test", with: "/\(database)")
        let otherRoles = try TernCluster.initialise(otherAdmin).roles
        defer { RulesServer.dropRoles(otherRoles) }
        let crossing = try first.psqlAt(
            RulesServer.replacingUser(of: otherAdmin, with: first.role(mina), password: RulesServer.password),
            "SELECT 1")
        #expect(!crossing.ok && crossing.errors.contains("permission denied for database"), "\(crossing)")

        // A schema whose tern_meta names the first one's roles (a copy) is refused at init.
        try TernCluster.admin(
            "UPDATE \(second.schema).tern_meta SET value = '\(first.roles.namespace)' WHERE key = 'role_namespace'")
        do {
            try TernCluster.initialise(second.location)
            Issue.record("an init took another database's roles")
        } catch let error as StoreError {
            #expect(error.code == .sqlState("42710") && error.description.contains(first.schema), "\(error)")
        }
        try TernCluster.admin(
            "UPDATE \(second.schema).tern_meta SET value = '\(second.roles.namespace)' WHERE key = 'role_namespace'")
    }

    // 8. Counters never go negative, whatever the order of deletes and inserts.
    @Test(.requiresPostgres)
    func aDeletedPostTakesItsLikesAndCountersStayExact() throws {
        let server = try RulesServer(accounts: 2)
        defer { server.cleanup() }
        let (author, fan) = (server.accounts[0], server.accounts[1])
        try server.post(as: author, id: "p1")
        try server.toggleLike(as: fan, tweet: "p1")
        #expect(try server.psql("SELECT tern_write('tweets', 'p1', NULL)", as: author).ok)
        #expect(
            try server.psql("SELECT count(*) FROM documents WHERE id = 'p1'", as: nil).output == "0",
            "the like went with the post")
        try server.post(as: author, id: "p1", caption: "again")
        let unlike = try server.psql("SELECT tern_like('p1', false)", as: fan)
        #expect(unlike.output == "0", "nothing to take back: \(unlike)")
        let likes = try server.psql(
            "SELECT data ->> 'likes' FROM documents WHERE parent = 'tweets' AND id = 'p1'", as: nil)
        #expect(likes.output == "0", "\(likes)")
        let superuser = try server.psql(
            "UPDATE documents SET doc = replace(doc, '\"likes\":0', '\"likes\":-5') WHERE parent = 'tweets'", as: nil)
        #expect(!superuser.ok, "not even a superuser sets a counter: \(superuser)")
    }
}
