import DocStore
import Domain
import Foundation
import Testing

/// The rules are the server's: plain SQL as each account, not through Tern, is refused every
/// write to another account's data, and the like counter moves only with a like.
@Suite(.serialized)
struct ServerRulesTests {
    @Test(.requiresPostgres)
    func everyCrossAccountWriteIsRefusedByPostgreSQL() throws {
        let server = try RulesServer(accounts: 3)
        defer { server.cleanup() }
        let accounts = server.accounts
        // Each account posts, saves a favorite and likes the next account's post, through Tern.
        for uid in accounts {
            let store = try DocumentStore.open(url: server.url(user: uid), executor: .immediate)
            try store.document("tweets/t-\(uid)").setData([
                "uid": .string(uid), "caption": "hello", "likes": 0, "timestamp": .serverTimestamp,
            ])
            try store.document("favorites/\(uid)/favorites/p1").setData(RulesServer.favorite("Seoul"))
            store.close()
        }
        for (i, uid) in accounts.enumerated() {
            try server.toggleLike(as: uid, tweet: "t-\(accounts[(i + 1) % accounts.count])")
        }
        let snapshot = "SELECT string_agg(parent || '/' || id || ' ' || doc, E'\\n' ORDER BY parent, id) FROM documents"
        let before = try server.psql(snapshot, as: nil)
        #expect(before.ok && before.output.contains("\"likes\":1"), "\(before)")

        for mine in accounts {
            for theirs in accounts where theirs != mine {
                let inserts = [
                    "INSERT INTO documents (parent, id, doc) VALUES ('favorites/\(theirs)/favorites', 'evil', '{}')",
                    "INSERT INTO documents (parent, id, doc) VALUES ('users/\(theirs)/user-likes', 'evil', '{}')",
                    "INSERT INTO documents (parent, id, doc) VALUES ('tweets', 'evil', "
                        + "'{\"uid\":\"\(theirs)\",\"likes\":0}')",
                    "INSERT INTO documents (parent, id, doc) VALUES ('users', 'evil', '{\"id\":\"\(theirs)\"}')",
                    "INSERT INTO documents (parent, id, doc) VALUES ('users', '\(theirs)', '{}') ON CONFLICT "
                        + "(parent, id) DO UPDATE SET doc = '{}'",
                ]
                for sql in inserts {
                    let result = try server.psql(sql, as: mine)
                    #expect(
                        !result.ok && result.errors.contains("permission denied"),
                        "no account writes the table itself: \(mine): \(sql) → \(result)")
                }
                let favorite = "{\"placeName\":\"x\",\"coordinate\":{\"latitude\":1,\"longitude\":2}}"
                let writes = [
                    "SELECT tern_write('favorites/\(theirs)/favorites', 'evil', '\(favorite)')",
                    "SELECT tern_write('users/\(theirs)/user-likes', 'evil', '{}')",
                    "SELECT tern_write('users/\(mine)/user-likes', 'evil', '{}')",
                    "SELECT tern_write('tweets', 'evil', '{\"uid\":\"\(theirs)\",\"caption\":\"hi\"}')",
                    "SELECT tern_write('tweets', 't-\(theirs)', '{\"uid\":\"\(mine)\",\"caption\":\"mine now\"}')",
                    "SELECT tern_write('tweets', 't-\(theirs)', NULL)",
                    "SELECT tern_write('users', '\(theirs)', '{\"id\":\"\(theirs)\"}')",
                    "SELECT tern_write('favorites/\(theirs)/favorites', 'p1', NULL)",
                ]
                for sql in writes {
                    let result = try server.psql(sql, as: mine)
                    #expect(!result.ok && result.errors.contains("ERROR"), "\(mine): \(sql) → \(result)")
                }
                let targets = [
                    "parent = 'favorites/\(theirs)/favorites'", "parent = 'users/\(theirs)/user-likes'",
                    "parent = 'tweets' AND id = 't-\(theirs)'", "parent = 'users' AND id = '\(theirs)'",
                ]
                for target in targets {
                    for change in [
                        "UPDATE documents SET doc = '{\"uid\":\"\(mine)\"}' WHERE \(target) RETURNING 1",
                        "DELETE FROM documents WHERE \(target) RETURNING 1",
                    ] {
                        let sql = "WITH changed AS (\(change)) SELECT count(*) FROM changed"
                        let result = try server.psql(sql, as: mine)
                        #expect(result.output == "0" || !result.ok, "\(mine): \(sql) → \(result)")
                    }
                }
                // tern_like takes no account: a like is always the caller's own.
                let foreignLike = try server.psql(
                    "SELECT tern_like('\(theirs)', 't-\(mine)', true, '{}', '{}')", as: mine)
                #expect(!foreignLike.ok && foreignLike.errors.contains("does not exist"), "\(foreignLike)")
            }
            // Reading: everyone's profile and posts, but only one's own favorites and likes.
            let visible = try server.psql(
                "SELECT count(*) FILTER (WHERE parent = 'users'), count(*) FILTER (WHERE parent = 'tweets'), "
                    + "count(*) FILTER (WHERE owner <> tern_me() AND parent NOT IN ('users', 'tweets')) FROM documents",
                as: mine)
            #expect(visible.output == "3|3|0", "\(visible)")
            let records = try server.psql("SELECT count(*) FROM protected_records", as: mine)
            #expect(!records.ok && records.errors.contains("permission denied"), "\(records)")
            // The counter of one's own post cannot be set (the server keeps its own), nor a like written directly.
            let counter = try server.psql(
                "SELECT tern_write('tweets', 't-\(mine)', '{\"uid\":\"\(mine)\",\"caption\":\"hello\",\"likes\":99}')",
                as: mine)
            #expect(counter.ok, "\(counter)")
            let kept = try server.psql(
                "SELECT data ->> 'likes' FROM documents WHERE parent = 'tweets' AND id = 't-\(mine)'", as: mine)
            #expect(kept.output == "1", "the counter is the server's: \(kept)")
            let ownLike = try server.psql(
                "INSERT INTO documents (parent, id, doc) VALUES ('users/\(mine)/user-likes', 't-\(mine)', '{}')",
                as: mine)
            #expect(!ownLike.ok, "\(ownLike)")
            let likeAgain = try server.psql("SELECT tern_like('t-\(mine)', true)", as: mine)
            #expect(likeAgain.ok && likeAgain.output == "1", "\(likeAgain)")
            let twice = try server.psql("SELECT tern_like('t-\(mine)', true)", as: mine)
            #expect(twice.ok && twice.output == "0", "liking twice changes nothing: \(twice)")
            let unlike = try server.psql("SELECT tern_like('t-\(mine)', false)", as: mine)
            #expect(unlike.ok && unlike.output == "1", "\(unlike)")
            let newPost = try server.psql(
                "SELECT tern_write('tweets', 'n-\(mine)', '{\"uid\":\"\(mine)\",\"caption\":\"new\",\"likes\":7}')",
                as: mine)
            let started = try server.psql(
                "SELECT data ->> 'likes' FROM documents WHERE parent = 'tweets' AND id = 'n-\(mine)'", as: mine)
            #expect(newPost.ok && started.output == "0", "a new post starts with no likes: \(newPost) \(started)")
            _ = try server.psql("SELECT tern_write('tweets', 'n-\(mine)', NULL)", as: mine)
        }
        let superuser = try server.psql(
            "UPDATE documents SET doc = '{\"likes\":1000}' WHERE parent = 'tweets'", as: nil)
        #expect(
            !superuser.ok && superuser.errors.contains("likes change only"),
            "not even the superuser sets the counter: \(superuser)")
        #expect(try server.psql(snapshot, as: nil).output == before.output, "nothing changed")

        // What one may do still works, so the refusals above are the rules, not a broken setup.
        let own = try server.psql(
            "SELECT tern_write('favorites/\(accounts[0])/favorites', 'p1', "
                + "'{\"placeName\":\"Busan\",\"coordinate\":{\"latitude\":35.1,\"longitude\":129}}')",
            as: accounts[0])
        #expect(own.ok, "\(own)")
    }

    @Test(.requiresPostgres)
    func rolesAreNeitherOwnersNorBypassRLSAndPasswordsAreSCRAM() throws {
        let server = try RulesServer(accounts: 2)
        defer { server.cleanup() }
        let names = (server.accounts.map(server.role) + [server.roles.user, "tern_guest", server.roles.owner]).map {
            "'\($0)'"
        }.joined(separator: ", ")
        let roles = try server.psql(
            "SELECT string_agg(rolname || ' ' || rolsuper || ' ' || rolbypassrls, ',' ORDER BY rolname) FROM "
                + "pg_roles WHERE rolname IN (\(names))",
            as: nil)
        #expect(
            roles.ok && !roles.output.contains(" true") && roles.output.split(separator: ",").count == 5, "\(roles)")
        let owners = try server.psql(
            "SELECT string_agg(DISTINCT tableowner, ',') FROM pg_tables WHERE schemaname = current_schema()", as: nil)
        #expect(owners.output == server.roles.owner, "\(owners)")
        let forced = try server.psql(
            "SELECT bool_and(relrowsecurity AND relforcerowsecurity), count(*) FROM pg_class WHERE relnamespace = "
                + "current_schema()::regnamespace AND relkind = 'r'",
            as: nil)
        #expect(forced.output == "t|7", "\(forced)")
        let passwords = try server.psql(
            "SELECT bool_and(rolpassword LIKE 'SCRAM-SHA-256$%') FROM pg_authid WHERE rolname IN (\(names)) AND "
                + "rolcanlogin",
            as: nil)
        #expect(passwords.output == "t", "\(passwords)")
        let member = try server.psql(
            "SELECT pg_has_role('\(server.role(server.accounts[0]))', '\(server.roles.user)', 'MEMBER')", as: nil)
        #expect(member.output == "t")
        // Registering takes an invitation, once; and a password only as a SCRAM verifier.
        let code = try TernServer.invite(adminURL: server.location)
        for sql in [
            "SELECT tern_like('y', true)", "CREATE ROLE sneaky LOGIN",
            "SELECT tern_register('guessed', 'acctNoInvitation0001', 'SCRAM-SHA-256$4096:x', "
                + "'{\"id\":\"acctNoInvitation0001\",\"email\":\"a@b.c\"}')",
        ] {
            let process = try server.psqlAt(server.guestURL, sql)
            #expect(!process.ok, "tern_guest: \(sql) → \(process)")
        }
        let plain = try server.psqlAt(
            server.guestURL,
            "SELECT tern_register('\(code)', 'acctPlainPassword0001', 'plaintext', "
                + "'{\"id\":\"acctPlainPassword0001\",\"email\":\"p@example.com\"}')"
        )
        #expect(!plain.ok && plain.errors.contains("SCRAM"), "\(plain)")
        let uid = "acctInvited" + String(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12))
        try TernServer.register(
            guestURL: server.guestURL, invitation: code, uid: uid, password: RulesServer.password,
            email: "\(uid.lowercased())@example.com")
        defer { _ = try? server.psql("DROP ROLE IF EXISTS \"\(uid)\"", as: nil) }
        #expect(throws: StoreError.self, "an invitation registers one account") {
            try TernServer.register(
                guestURL: server.guestURL, invitation: code, uid: uid + "2", password: RulesServer.password,
                email: "second@example.com")
        }
        let shared = try server.psql(
            "SELECT count(*) FROM pg_roles WHERE rolname = 'tern_signup' AND rolcanlogin", as: nil)
        #expect(shared.output == "0", "no shared sign-up login exists")
        // A wrong password is refused by the server.
        let wrong = try server.psqlAt(server.url(user: server.accounts[0], password: "wrong password"), "SELECT 1")
        #expect(!wrong.ok && wrong.errors.contains("password authentication failed"), "\(wrong)")
        // Running init again changes nothing and keeps working.
        try TernCluster.initialise(server.location)
        let again = try server.psql("SELECT value FROM tern_meta WHERE key = 'schema_version'", as: server.accounts[1])
        #expect(again.output == "1", "\(again)")
    }

    @Test(.requiresPostgres)
    func theGuestReadsOnlyProfilesAndPostsAndWritesNothing() throws {
        let server = try RulesServer(accounts: 1)
        defer { server.cleanup() }
        let uid = server.accounts[0]
        try server.write(
            as: uid,
            [
                "tweets/t-\(uid)": [
                    "uid": .string(uid), "caption": "hello", "likes": 0, "timestamp": .serverTimestamp,
                ],
                "favorites/\(uid)/favorites/p1": RulesServer.favorite("Seoul"),
            ])
        try server.toggleLike(as: uid, tweet: "t-\(uid)")

        // Through Tern: the feed and profiles, nothing private.
        let guestURL = server.guestURL
        let guest = try DocumentStore.open(url: guestURL, executor: .immediate)
        defer { guest.close() }
        #expect(try guest.collection("tweets").getDocuments().documents.map(\.documentID) == ["t-\(uid)"])
        #expect(try guest.document("users/\(uid)").getDocument().exists)
        #expect(try guest.collection("favorites/\(uid)/favorites").getDocuments().documents.isEmpty)
        #expect(try guest.collection("users/\(uid)/user-likes").getDocuments().documents.isEmpty)
        #expect(throws: StoreError.self) {
            try guest.document("tweets/g1").setData(["uid": "tern_guest", "caption": "hi", "likes": 0])
        }

        // With plain SQL: every write and every private read is refused or sees nothing.
        for sql in [
            "INSERT INTO documents (parent, id, doc) VALUES ('tweets', 'g2', '{\"uid\":\"tern_guest\",\"likes\":0}')",
            "UPDATE documents SET doc = '{}' WHERE parent = 'users'",
            "DELETE FROM documents WHERE parent = 'tweets'",
            "SELECT count(*) FROM protected_records",
            "SELECT tern_like('t-\(uid)', false)",
            "SELECT tern_register('acctGuestSneaky00001', 'x', '{}')",
        ] {
            let result = try server.psqlAt(guestURL, sql)
            #expect(!result.ok, "tern_guest: \(sql) → \(result)")
        }
        let visible = try server.psqlAt(
            guestURL, "SELECT count(*) FILTER (WHERE parent NOT IN ('users', 'tweets')), count(*) FROM documents")
        #expect(visible.output == "0|2", "\(visible)")
        let role = try server.psql(
            "SELECT rolsuper OR rolbypassrls OR rolcreaterole OR pg_has_role('tern_guest', '\(server.roles.user)', "
                + "'MEMBER') FROM pg_roles WHERE rolname = 'tern_guest'",
            as: nil)
        #expect(role.output == "f", "\(role)")
    }

    @Test(.requiresPostgres)
    func switchingRolesKeepsTheStoreAndRefreshesItsListeners() throws {
        let server = try RulesServer(accounts: 1)
        defer { server.cleanup() }
        let uid = server.accounts[0]
        try server.write(as: uid, ["favorites/\(uid)/favorites/p1": RulesServer.favorite("Seoul")])

        // Signed out (the guest), a listener on the account's favorites sees nothing…
        let guestURL = server.guestURL
        let store = try DocumentStore.open(url: guestURL, executor: .immediate)
        defer { store.close() }
        let seen = EventLog<Int>()
        let registration = try store.collection("favorites/\(uid)/favorites").addSnapshotListener {
            seen.record($0.count)
        }
        defer { registration.remove() }
        #expect(seen.take() == [0])
        // …a wrong password changes nothing…
        #expect(throws: StoreError.self) {
            try store.switchServerRole(url: server.url(user: uid, password: "wrong password"))
        }
        #expect(store.location.contains(TernServer.guestRole))
        // …signing in re-reads it as the account, which may now write…
        try store.switchServerRole(url: server.url(user: uid))
        #expect(seen.take() == [1])
        try store.document("favorites/\(uid)/favorites/p2").setData(RulesServer.favorite("Busan"))
        #expect(seen.take() == [2])
        // …and signing out reads as the guest again.
        try store.switchServerRole(url: guestURL)
        #expect(seen.take() == [0])
        #expect(throws: StoreError.self) {
            try store.document("favorites/\(uid)/favorites/p3").setData(RulesServer.favorite("Jeju"))
        }
        #expect(seen.take().isEmpty)
        #expect(throws: StoreError.self, "the embedded store has no roles") {
            try DocumentStore.open(path: server.directory + "/embedded.db", executor: .immediate).switchServerRole(
                url: guestURL)
        }
    }

    @Test(.requiresPostgres)
    func aSignedInSessionConnectsThroughAPasswordFileWithMode0600() throws {
        let server = try RulesServer(accounts: 1)
        defer { server.cleanup() }
        let uid = server.accounts[0]
        let role = server.role(uid)
        let file = PostgresPassFile(path: server.directory + "/session/pgpass")
        try file.save(password: "an old password", user: role, serverURL: server.location)
        try file.save(password: RulesServer.password, user: role, serverURL: server.location)
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(
            try TernServer.account(forEmail: "\(uid.uppercased())@EXAMPLE.com", guestURL: server.guestURL)
                == TernServer.Account(uid: uid, role: role))
        #expect(try TernServer.account(forEmail: "nobody@example.com", guestURL: server.guestURL) == nil)
        let lines = try String(contentsOfFile: file.path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasSuffix(":\(role):\(RulesServer.password)"), "\(lines)")
        let url = file.url(user: role, serverURL: server.location)
        #expect(!url.contains(RulesServer.password) && url.contains("passfile="), "\(url)")
        let store = try DocumentStore.open(url: url, executor: .immediate)
        try store.document("favorites/\(uid)/favorites/p1").setData(RulesServer.favorite("Seoul"))
        #expect(throws: StoreError.self) {
            try store.document("favorites/someoneelse00000000/favorites/p1").setData(RulesServer.favorite("Seoul"))
        }
        store.close()
        try file.remove(user: role, serverURL: server.location)
        #expect(throws: StoreError.self, "signed out, the password is gone") {
            try DocumentStore.open(url: url, executor: .immediate)
        }
    }

    @Test(.requiresPostgres)
    func eightAccountsTogglingLikesInEightProcessesKeepTheCounterExact() throws {
        let server = try RulesServer(accounts: 9)
        defer { server.cleanup() }
        let (racers, author) = (Array(server.accounts.prefix(8)), server.accounts[8])
        let store = try DocumentStore.open(url: server.url(user: author), executor: .immediate)
        defer { store.close() }
        try store.document("tweets/t1").setData([
            "uid": .string(author), "caption": "like me", "likes": 0, "timestamp": .serverTimestamp,
        ])
        // One like before the race, so that "before" is not zero.
        try server.toggleLike(as: author, tweet: "t1")
        let before = try #require(store.document("tweets/t1").getDocument().get("likes")?.intValue)
        #expect(before == 1)

        // Eight connections at once, as eight processes would be: 51 toggles each.
        let failures = EventLog<String>()
        DispatchQueue.concurrentPerform(iterations: racers.count) { i in
            do {
                let racer = try server.store(as: racers[i])
                defer { racer.close() }
                for _ in 0..<51 { try ServerLikeWriter().setLiked(nil, tweetID: "t1", uid: racers[i], in: racer) }
            } catch {
                failures.record("\(racers[i]): \(error)")
            }
        }
        #expect(failures.take().isEmpty)
        // 51 toggles each: every racer ends liked.
        let likes = try #require(store.document("tweets/t1").getDocument().get("likes")?.intValue)
        #expect(likes == before + 8)
        let rows = try server.psql(
            "SELECT count(*) FROM documents WHERE parent LIKE 'users/%/user-likes' AND id = 't1'", as: nil)
        #expect(rows.output == "\(likes)", "\(rows)")
    }
}
