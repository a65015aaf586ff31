import DocStore
import Domain
import Foundation
import Testing

/// The client's pooled path (docs/decisions/0016-pooled-server.md) through a real pgbouncer
/// in transaction pooling mode: stores bound to a session token in every transaction, live
/// updates read from the change log, and the sign-in that opens the session.
@Suite(.serialized)
struct PooledClientTests {
    let pooled = PooledServerTests()

    /// A store of account `uid` through the pooler, on a new session.
    func pooledStore(_ server: RulesServer, as uid: String) throws -> DocumentStore {
        let url = pooled.pooledURL(server, try #require(TernCluster.poolerURL))
        return try DocumentStore.open(
            url: url, sessionToken: try pooled.openSession(server, as: uid), executor: .immediate)
    }

    /// Polls `store` until `done` holds or 10 s pass; whether it held.
    func poll(_ store: DocumentStore, until done: () -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while !done() && Date() < deadline {
            try store.pollExternalChanges()
            usleep(50_000)
        }
        return done()
    }

    @Test(.requiresPostgres, .requiresPooler)
    func aLikeByOneClientArrivesAtAnotherThroughTheChangeLog() throws {
        let server = try RulesServer(accounts: 2)
        defer { server.cleanup() }
        let (liker, author) = (server.accounts[0], server.accounts[1])
        try server.post(as: author, id: "p1")
        let likerStore = try pooledStore(server, as: liker)
        let authorStore = try pooledStore(server, as: author)
        defer {
            likerStore.close()
            authorStore.close()
        }
        let likes = EventLog<Int>()
        let notifications = EventLog<Int>()
        let post = try authorStore.document("tweets/p1").addSnapshotListener { snapshot in
            if let count = snapshot.get("likes")?.intValue { likes.record(Int(count)) }
        }
        let inbox = try authorStore.collection("users/\(author)/notifications").addSnapshotListener { snapshot in
            notifications.record(snapshot.count)
        }
        defer {
            post.remove()
            inbox.remove()
        }
        #expect(likes.take() == [0] && notifications.take() == [0])

        try ServerLikeWriter().setLiked(nil, tweetID: "p1", uid: liker, in: likerStore)
        var seen: [Int] = []
        var inboxSeen: [Int] = []
        let arrived = try poll(authorStore) {
            seen += likes.take()
            inboxSeen += notifications.take()
            return seen.last == 1 && inboxSeen.last == 1
        }
        #expect(arrived, "the like and its notification reach the author's listeners: \(seen), \(inboxSeen)")
        let written = try server.psql(
            "SELECT count(*) FROM documents WHERE parent = 'users/\(liker)/user-likes' AND id = 'p1'", as: nil)
        #expect(written.output == "1", "the like is the liker's own: \(written)")
    }

    @Test(.requiresPostgres, .requiresPooler)
    func idleClientsHoldNoServerBackend() throws {
        let server = try RulesServer(accounts: 2)
        defer { server.cleanup() }
        try server.post(as: server.accounts[1], id: "p1")
        let pool = "tern_\(server.roles.namespace)_pool"
        var stores: [DocumentStore] = []
        var listeners: [ListenerRegistration] = []
        defer {
            listeners.forEach { $0.remove() }
            stores.forEach { $0.close() }
        }
        for i in 0..<24 {
            let store = try pooledStore(server, as: server.accounts[i % 2])
            stores.append(store)
            listeners.append(try store.collection("tweets").addSnapshotListener { _ in })
            listeners.append(try store.document("users/\(server.accounts[i % 2])").addSnapshotListener { _ in })
        }
        for store in stores { try store.pollExternalChanges() }
        usleep(300_000)
        for store in stores { try store.pollExternalChanges() }
        let backends = try TernCluster.admin(
            "SELECT count(*), count(*) FILTER (WHERE state <> 'idle') FROM pg_stat_activity WHERE usename = $1",
            parameters: [pool])
        let total = Int(backends.first?[0] ?? "") ?? -1
        let busy = Int(backends.first?[1] ?? "") ?? -1
        // pgbouncer's pool in scripts/with-postgres.sh holds at most 4 server connections.
        #expect(total >= 0 && total <= 4, "24 open clients, \(total) server backends of the pooled role")
        #expect(busy == 0, "none of them busy or in a transaction while the clients idle: \(busy)")
        let accounts = try TernCluster.admin(
            "SELECT count(*) FROM pg_stat_activity WHERE usename IN ($1, $2)",
            parameters: [server.role(server.accounts[0]), server.role(server.accounts[1])])
        #expect(accounts.first?.first == "0", "no backend of the accounts' own roles: \(accounts)")
    }

    @Test(.requiresPostgres, .requiresPooler)
    func forgedReplayedAndClosedTokensFailInTheClient() throws {
        let server = try RulesServer(accounts: 1)
        defer { server.cleanup() }
        let uid = server.accounts[0]
        let url = pooled.pooledURL(server, try #require(TernCluster.poolerURL))
        for forged in ["forged", "tern1_" + String(repeating: "0", count: 64)] {
            #expect(throws: StoreError.self) {
                _ = try DocumentStore.open(url: url, sessionToken: forged, executor: .immediate)
            }
        }
        let token = try pooled.openSession(server, as: uid)
        let store = try DocumentStore.open(url: url, sessionToken: token, executor: .immediate)
        defer { store.close() }
        #expect(try store.callServerFunction("tern_me", arguments: []) == uid)
        // Closed (signed out elsewhere): the open store's next read and a new store both fail.
        let closed = try pooled.psql(url, ["SELECT tern_session('\(token)'); SELECT tern_close_session('\(token)')"])
        #expect(closed.ok, "\(closed)")
        do {
            _ = try store.document("users/\(uid)").getDocument()
            Issue.record("a closed session still read")
        } catch let error as StoreError {
            #expect(error.code.isAuthenticationFailure, "\(error)")
        }
        #expect(throws: StoreError.self) {
            _ = try DocumentStore.open(url: url, sessionToken: token, executor: .immediate)
        }
        // Replayed after its account was removed.
        let replayed = try pooled.openSession(server, as: uid)
        try TernCluster.admin("UPDATE \(server.schema).tern_accounts SET removed_at = now() WHERE uid = '\(uid)'")
        #expect(throws: StoreError.self) {
            _ = try DocumentStore.open(url: url, sessionToken: replayed, executor: .immediate)
        }
    }

    @Test(.requiresPostgres, .requiresPooler)
    func signingInThroughThePoolerKeepsTheTokenInAFileOnlyItsOwnerReads() throws {
        let server = try RulesServer(accounts: 0)
        defer { server.cleanup() }
        let state = server.directory + "/state"
        let paths = AppPaths(
            dataDirectory: server.directory + "/data", sessionFile: state + "/session",
            configFile: server.directory + "/config", resourcesDirectory: server.directory + "/resources")
        let environment = [
            "TERN_INVITE": try TernServer.invite(adminURL: server.location),
            "TERN_POOLER": try #require(TernCluster.poolerURL),
        ]
        func open() throws -> AppServices {
            try AppServices.open(
                paths: paths, storeLocation: server.location, seedSample: false, environment: environment,
                offline: .serverOnly)
        }
        let services = try open()
        let session = try services.auth.register(email: "mina@example.com", password: "a long password")
        services.store.close()

        let file = state + "/pool-session"
        var info = stat()
        #expect(
            lstat(file, &info) == 0 && info.st_mode & 0o777 == 0o600, "mode \(String(info.st_mode & 0o777, radix: 8))")
        let entry = try #require(
            try PooledSessionFile(sessionFile: paths.sessionFile).read(
                server: ServerConnection.redacted(server.location), uid: session.uid))
        let stored = try server.psql(
            "SELECT count(*) FROM tern_sessions WHERE uid = '\(session.uid)' "
                + "AND token_hash = sha256(convert_to('\(entry.token)', 'UTF8'))", as: nil)
        #expect(stored.output == "1", "the file's token is the server's session: \(stored)")

        // Reopened, the store runs through the pooler as the pooled role, bound to the account.
        let again = try open()
        #expect(again.store.location.contains(entry.poolRole), "\(again.store.location)")
        #expect(try again.store.callServerFunction("tern_me", arguments: []) == session.uid)
        let post = try again.store.collection("users").document(session.uid).getDocument()
        #expect(post.exists)
        again.store.close()

        // A file others may read is refused with one line, and nothing is read through it.
        chmod(file, 0o644)
        do {
            _ = try open()
            Issue.record("a token file open to others was used")
        } catch let error as StoreError {
            #expect(error.description.contains("0644") && !error.description.contains(entry.token), "\(error)")
        }
        chmod(file, 0o600)

        // Signing out closes the session on the server and forgets the token.
        let last = try open()
        try last.auth.signOut()
        last.store.close()
        #expect(!FileManager.default.fileExists(atPath: file))
        let left = try server.psql("SELECT count(*) FROM tern_sessions WHERE uid = '\(session.uid)'", as: nil)
        #expect(left.output == "0", "\(left)")
    }
}
