import Assembly
import DocStore
import Domain
import Foundation
import Testing
import ViewModels

/// The outbox and the sync worker against the throwaway cluster, through the delay/cut
/// proxy: writes made while the server is cut off wait in the replica, survive reopening,
/// and arrive once when it is back; one the rules refuse meanwhile is dropped and named.
@Suite(.serialized)
struct OutboxSyncTests {
    /// Mina's machine: a data directory whose store is the server through `proxy`.
    struct Machine {
        let paths: AppPaths
        let location: String

        init(_ server: RulesServer, proxy: DelayProxy) throws {
            let directory = server.directory + "/mina"
            paths = AppPaths(
                dataDirectory: directory + "/data", sessionFile: directory + "/state/session",
                configFile: directory + "/config", resourcesDirectory: directory + "/resources")
            location = proxy.url(database: "tern_test", query: "options=-csearch_path%3D\(server.schema)")
        }

        func open(_ offline: AppServices.OfflineReads = .readReplica) throws -> AppServices {
            try AppServices.open(
                paths: paths, storeLocation: location, seedSample: false,
                environment: ["TERN_INVITE": ""], offline: offline)
        }

        func worker(_ services: AppServices, log: EventLog<String>) throws -> SyncWorker {
            let worker = try #require(
                SyncWorker(services: services, executor: .immediate, connect: { try open(.serverOnly) }))
            _ = worker.observe(
                { log.record("pending \($0.pending) \($0.isReachable ? "online" : "offline")") },
                onDropped: { write, _ in log.record("dropped \(write.description)") })
            return worker
        }
    }

    /// Waits (at most 30 s) until `worker` reports nothing pending and the server reachable.
    func waitUntilSent(_ worker: SyncWorker) throws {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if worker.current.pending == 0 && worker.current.isReachable { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("the outbox was not sent: \(worker.current)")
    }

    func likes(_ server: RulesServer, _ post: String, as uid: String) throws -> Int64? {
        let store = try server.store(as: uid)
        defer { store.close() }
        return try store.document("tweets/\(post)").getDocument().get("likes")?.intValue
    }

    func posts(_ server: RulesServer, by uid: String, as reader: String) throws -> [String] {
        let store = try server.store(as: reader)
        defer { store.close() }
        return try store.collection("tweets").whereField("uid", isEqualTo: .string(uid)).getDocuments().documents
            .compactMap { $0.get("caption")?.stringValue }
    }

    /// A server with `accounts` other accounts, a machine reaching it through a delay proxy,
    /// and Mina registered there with her profile finished; the caller cleans the server up.
    private func minaBehindAProxy(accounts: Int) throws -> (RulesServer, DelayProxy, Machine, Session) {
        let server = try RulesServer(accounts: accounts)
        do {
            let proxy = try DelayProxy()
            let machine = try Machine(server, proxy: proxy)
            return (server, proxy, machine, try registerMina(on: machine, server))
        } catch {
            server.cleanup()
            throw error
        }
    }

    /// Registers Mina through the machine's connection and finishes her profile, so she may post.
    private func registerMina(on machine: Machine, _ server: RulesServer) throws -> Session {
        let signedOut = try AppServices.open(
            paths: machine.paths, storeLocation: machine.location, seedSample: false,
            environment: ["TERN_INVITE": try TernServer.invite(adminURL: server.location)])
        defer { signedOut.store.close() }
        let session = try signedOut.auth.register(email: "mina@example.com", password: "a long password for mina")
        try signedOut.users.updateProfile(ProfileEdit(displayName: "Mina", username: "mina"), session: session)
        return session
    }

    /// Issue 26, point 4: what a member queued before an administrator removed them is
    /// refused: each write is dropped with the reason, nothing reaches the server.
    @Test(.requiresPostgres)
    func writesQueuedByARemovedMemberAreDroppedWithTheReason() throws {
        let (server, proxy, machine, session) = try minaBehindAProxy(accounts: 1)
        defer { server.cleanup() }
        try server.post(as: server.accounts[0], id: "p1", caption: "from bob")
        try proxy.cut()
        let offline = try machine.open()
        try offline.queue(.like(postID: "p1"), session: session)
        try offline.queue(.post(postID: "minapost1", text: "after my removal", placeID: nil), session: session)
        _ = try TernServer.remove(adminURL: server.location, name: "@mina")
        try proxy.restore()
        let log = EventLog<String>()
        let reasons = EventLog<String>()
        let worker = try machine.worker(offline, log: log)
        _ = worker.observe({ _ in }, onDropped: { _, reason in reasons.record(reason) })
        worker.start()
        defer { worker.stop() }
        let deadline = Date().addingTimeInterval(30)
        while worker.current.pending > 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(worker.current.pending == 0)
        #expect(log.take().filter { $0.hasPrefix("dropped") } == ["dropped like p1", "dropped post minapost1"])
        let said = reasons.take()
        #expect(said.count == 2 && said.allSatisfy { $0.contains("removed this account") }, "\(said)")
        #expect(try likes(server, "p1", as: server.accounts[0]) == 0)
        #expect(try posts(server, by: session.uid, as: server.accounts[0]).isEmpty)
    }

    /// Issue 28: a follow, a repost and a bookmark made while the server is cut off wait in
    /// the outbox (and show on the replica at once), and arrive once: the counters exact.
    @Test(.requiresPostgres)
    func followsRepostsAndBookmarksQueuedOfflineArriveOnce() throws {
        let (server, proxy, machine, session) = try minaBehindAProxy(accounts: 1)
        defer { server.cleanup() }
        let bob = server.accounts[0]
        try server.post(as: bob, id: "p1", caption: "from bob")
        // Mina reads bob's profile and post once online, so her replica holds them.
        let online = try machine.open()
        try ReplicaRefresh.refresh(try #require(online.replica), from: online.store)
        online.store.close()

        try proxy.cut()
        let offline = try machine.open()
        #expect(offline.unreachable != nil)
        for _ in 0..<2 {
            try offline.write(.follow(uid: bob), session: session)
            try offline.write(.mark(.repost, postID: "p1", marked: true), session: session)
            try offline.write(.mark(.bookmark, postID: "p1", marked: true), session: session)
        }
        let local = try #require(offline.local)
        #expect(try local.follows.isFollowing(bob, by: session.uid), "the replica shows the follow at once")
        #expect(try local.tweets.post(id: "p1", viewer: session)?.didBookmark == true)
        try proxy.restore()
        let log = EventLog<String>()
        let worker = try machine.worker(offline, log: log)
        worker.start()
        defer { worker.stop() }
        try waitUntilSent(worker)
        let counts = try server.psql(
            "SELECT (SELECT data ->> 'followersCount' FROM documents WHERE parent = 'users' AND id = '\(bob)') || ' ' "
                + "|| (SELECT count(*) FROM documents WHERE parent = 'users/\(bob)/followers') || ' ' "
                + "|| (SELECT data ->> 'reposts' FROM documents WHERE parent = 'tweets' AND id = 'p1') || ' ' "
                + "|| (SELECT count(*) FROM documents WHERE parent = 'users/\(session.uid)/bookmarks')",
            as: nil)
        #expect(counts.output == "1 1 1 1", "sent once each: \(counts)")
        #expect(!log.take().contains { $0.hasPrefix("dropped") })
    }

    /// Issue 28, mutes: a mute made while the server is cut off hides the person's posts on
    /// the replica at once, and arrives once, readable by its owner only.
    @Test(.requiresPostgres)
    func aMuteQueuedOfflineHidesThePostsAtOnceAndArrivesOnce() throws {
        let (server, proxy, machine, session) = try minaBehindAProxy(accounts: 1)
        defer { server.cleanup() }
        let bob = server.accounts[0]
        try server.post(as: bob, id: "p1", caption: "from bob")
        let online = try machine.open()
        try ReplicaRefresh.refresh(try #require(online.replica), from: online.store)
        online.store.close()

        try proxy.cut()
        let offline = try machine.open()
        #expect(offline.unreachable != nil)
        for _ in 0..<2 { try offline.write(.mute(uid: bob), session: session) }
        let local = try #require(offline.local)
        #expect(try !local.tweets.page(.all, viewer: session).posts.contains { $0.id == "p1" }, "hidden at once")
        try proxy.restore()
        let log = EventLog<String>()
        let worker = try machine.worker(offline, log: log)
        worker.start()
        defer { worker.stop() }
        try waitUntilSent(worker)
        let mutes = "SELECT count(*) FROM documents WHERE parent = 'users/\(session.uid)/mutes'"
        #expect(try server.psql(mutes, as: nil).output == "1", "sent once")
        #expect(try server.psql(mutes, as: bob).output == "0", "nobody else reads them")
        #expect(!log.take().contains { $0.hasPrefix("dropped") })
    }

    /// Issue 28, replies: a reply made while the server is cut off shows on the replica at
    /// once (counted in its parent there), and arrives once: the server's count exact.
    /// The replica copies the newest reposts of the people Mina follows (one query over
    /// their collections), with the posts they point to: offline, her Following view still
    /// shows a followed person's repost, with who reposted it.
    @Test(.requiresPostgres)
    func theReplicaKeepsTheFollowedPeoplesRepostsForTheFollowingView() throws {
        let (server, proxy, machine, session) = try minaBehindAProxy(accounts: 2)
        defer { server.cleanup() }
        let (bob, carol) = (server.accounts[0], server.accounts[1])
        try server.post(as: carol, id: "c1", caption: "from carol")
        let reposted = try server.psql("SELECT tern_repost('c1', true)", as: bob)
        #expect(reposted.ok, "\(reposted)")
        let online = try machine.open()
        try FollowService(store: online.store, onServer: true).writeFollow(true, uid: bob, session: session)
        try ReplicaRefresh.refresh(try #require(online.replica), from: online.store)
        online.store.close()

        try proxy.cut()
        let offline = try machine.open()
        #expect(offline.unreachable != nil)
        let local = try #require(offline.local)
        #expect(
            try local.store.collection("users/\(bob)/user-reposts").getDocuments().documents.map(\.documentID) == [
                "c1"
            ])
        let rows = try local.tweets.rows(.following, after: nil, limit: 10, viewer: session)
        #expect(rows.map(\.id) == ["c1"])
        #expect(rows.first?.repostedBy?.uid == bob)
    }

    @Test(.requiresPostgres)
    func aReplyQueuedOfflineShowsAtOnceAndArrivesOnce() throws {
        let (server, proxy, machine, session) = try minaBehindAProxy(accounts: 1)
        defer { server.cleanup() }
        try server.post(as: server.accounts[0], id: "p1", caption: "from bob")
        let online = try machine.open()
        try ReplicaRefresh.refresh(try #require(online.replica), from: online.store)
        online.store.close()

        try proxy.cut()
        let offline = try machine.open()
        #expect(offline.unreachable != nil)
        let reply = WriteIntent.reply(postID: "minareply1", text: "answered on a train", replyTo: "p1")
        for _ in 0..<2 { try offline.write(reply, session: session) }
        let local = try #require(offline.local)
        #expect(try local.tweets.post(id: "p1", viewer: session)?.replies == 1, "the replica counts it at once")
        #expect(try local.tweets.thread(of: "p1", viewer: session).replies.map(\.id) == ["minareply1"])
        try proxy.restore()
        let log = EventLog<String>()
        let worker = try machine.worker(offline, log: log)
        worker.start()
        defer { worker.stop() }
        try waitUntilSent(worker)
        let counts = try server.psql(
            "SELECT (SELECT data ->> 'replies' FROM documents WHERE parent = 'tweets' AND id = 'p1') || ' ' "
                + "|| (SELECT count(*) FROM documents WHERE parent = 'tweets' AND data ->> 'replyTo' = 'p1')",
            as: nil)
        #expect(counts.output == "1 1", "sent once: \(counts)")
        #expect(!log.take().contains { $0.hasPrefix("dropped") })
    }

    @Test(.requiresPostgres)
    func writesQueuedOfflineSurviveReopeningAndAreSentOnceWhenTheServerIsBack() throws {
        let (server, proxy, machine, session) = try minaBehindAProxy(accounts: 1)
        defer { server.cleanup() }
        let bob = server.accounts[0]
        try server.post(as: bob, id: "p1", caption: "from bob")

        try proxy.cut()
        let offline = try machine.open()
        #expect(offline.unreachable != nil && offline.store === offline.replica?.store, "opened on the replica")
        #expect(throws: ServiceError.serverUnreachable) {
            try offline.favorites.remove(placeID: "seoul", session: session)
        }
        try offline.queue(.like(postID: "p1"), session: session)
        try offline.queue(.post(postID: "minapost1", text: "written on a train", placeID: nil), session: session)
        try offline.queue(
            .saveFavorite(
                FavoriteCandidate(
                    placeID: "seoul", placeName: "Seoul", address: "Seoul",
                    coordinate: .init(latitude: 37.5, longitude: 127))), session: session)
        offline.store.close()

        // Quit and start again, still cut off: the three writes wait, in order.
        let reopened = try machine.open()
        let replica = try #require(reopened.replica)
        #expect(try replica.entries().map(\.write.description) == ["like p1", "post minapost1", "save seoul"])
        #expect(
            try replica.pendingPaths() == [
                "posts/p1/likes/\(session.uid)", "posts/minapost1",
                "users/\(session.uid)/favorites/seoul",
            ])
        #expect(try likes(server, "p1", as: bob) == 0, "nothing reached the server")

        let log = EventLog<String>()
        let worker = try machine.worker(reopened, log: log)
        worker.start()
        defer { worker.stop() }
        Thread.sleep(forTimeInterval: 0.3)
        #expect(!worker.current.isReachable && worker.current.pending == 3)
        try proxy.restore()
        worker.syncNow()
        try waitUntilSent(worker)
        #expect(try likes(server, "p1", as: bob) == 1)
        #expect(try posts(server, by: session.uid, as: bob) == ["written on a train"])

        // Sent again (a crash between sending and confirming), nothing changes: one post, one like.
        let online = try machine.open(.serverOnly)
        defer { online.store.close() }
        try WriteIntent.like(postID: "p1").apply(to: online, session: session)
        try WriteIntent.post(postID: "minapost1", text: "written on a train", placeID: nil).apply(
            to: online, session: session)
        #expect(try likes(server, "p1", as: bob) == 1)
        #expect(try posts(server, by: session.uid, as: bob) == ["written on a train"])
        #expect(log.take().allSatisfy { !$0.hasPrefix("dropped") })
        reopened.store.close()
    }

    @Test(.requiresPostgres)
    func aWriteTheRulesRefuseOnReplayIsDroppedAndNamedAndNothingElse() throws {
        let (server, proxy, machine, session) = try minaBehindAProxy(accounts: 1)
        defer { server.cleanup() }
        let bob = server.accounts[0]
        try server.post(as: bob, id: "doomed", caption: "about to go")
        try server.post(as: bob, id: "kept", caption: "stays")

        try proxy.cut()
        let offline = try machine.open()
        try offline.queue(.like(postID: "doomed"), session: session)
        try offline.queue(.like(postID: "kept"), session: session)
        _ = try server.psql("DELETE FROM documents WHERE parent = 'tweets' AND id = 'doomed'", as: nil)

        let log = EventLog<String>()
        let worker = try machine.worker(offline, log: log)
        worker.start()
        defer { worker.stop() }
        try proxy.restore()
        worker.syncNow()
        try waitUntilSent(worker)
        #expect(log.take().filter { $0.hasPrefix("dropped") } == ["dropped like doomed"])
        #expect(try likes(server, "kept", as: bob) == 1)
        #expect(try likes(server, "doomed", as: bob) == nil)
        offline.store.close()
    }

    /// Issue 25, point 1: editing and deleting one's own posts are intents like a heart:
    /// queued offline and shown on the replica at once, sent once when the server is back;
    /// one the server refuses (its post deleted meanwhile) is dropped and named, and the
    /// replica shows the server's state again.
    @Test(.requiresPostgres)
    func editsAndDeletionsQueuedOfflineAreSentOnceAndARefusedOneIsUndone() throws {
        let (server, proxy, machine, session) = try minaBehindAProxy(accounts: 1)
        defer { server.cleanup() }
        let bob = server.accounts[0]
        do {
            let online = try machine.open()
            defer { online.store.close() }
            for (id, caption) in [("mina1", "first draft"), ("mina2", "to delete"), ("mina3", "doomed")] {
                try online.tweets.writePost(caption, id: id, session: session)
            }
            #expect(try ReplicaRefresh.refresh(try #require(online.replica), from: online.store))
        }

        try proxy.cut()
        let offline = try machine.open()
        let replica = try #require(offline.replica)
        #expect(try offline.write(.editPost(postID: "mina1", text: "second draft"), session: session) == .queued)
        #expect(try offline.write(.deletePost(postID: "mina2"), session: session) == .queued)
        #expect(try offline.write(.editPost(postID: "mina3", text: "never lands"), session: session) == .queued)
        let local = replica.store
        #expect(try local.document("tweets/mina1").getDocument().get("caption")?.stringValue == "second draft")
        #expect(try !local.document("tweets/mina2").getDocument().exists, "shown at once")
        #expect(try replica.entries().map(\.write.description) == ["edit mina1", "delete mina2", "edit mina3"])
        #expect(try replica.pendingPaths() == ["posts/mina1", "posts/mina2", "posts/mina3"])
        #expect(try posts(server, by: session.uid, as: bob).sorted() == ["doomed", "first draft", "to delete"])
        _ = try server.psql("DELETE FROM documents WHERE parent = 'tweets' AND id = 'mina3'", as: nil)

        let log = EventLog<String>()
        let worker = try machine.worker(offline, log: log)
        worker.start()
        defer { worker.stop() }
        try proxy.restore()
        worker.syncNow()
        try waitUntilSent(worker)
        #expect(log.take().filter { $0.hasPrefix("dropped") } == ["dropped edit mina3"])
        #expect(try posts(server, by: session.uid, as: bob) == ["second draft"])
        // The refused edit is undone on the replica once the server's state is read back.
        let deadline = Date().addingTimeInterval(30)
        while try local.document("tweets/mina3").getDocument().exists, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(try !local.document("tweets/mina3").getDocument().exists)

        // Sent again (a crash between sending and confirming), nothing changes.
        let online = try machine.open(.serverOnly)
        defer { online.store.close() }
        try WriteIntent.editPost(postID: "mina1", text: "second draft").apply(to: online, session: session)
        try WriteIntent.deletePost(postID: "mina2").apply(to: online, session: session)
        #expect(try posts(server, by: session.uid, as: bob) == ["second draft"])
        offline.store.close()
    }

    /// The names of `uid`'s folders in `store`, sorted, and the memo of each saved place.
    func folderNamesAndMemos(_ store: DocumentStore, uid: String) throws -> String {
        let names = try store.collection("favorites/\(uid)/folders").getDocuments().documents
            .compactMap { $0.get("name")?.stringValue }.sorted()
        let memos = try store.collection("favorites/\(uid)/favorites").getDocuments().documents
            .map { "\($0.documentID)=\($0.get("memo")?.stringValue ?? "")" }.sorted()
        return (names + memos).joined(separator: ",")
    }

    /// Issue 25, point 1: folder edits are intents like a like. Made while the server is cut
    /// off (a rename, a new folder, a memo), they show on the replica at once, wait in the
    /// outbox with a pending mark, and arrive once; one the replica refuses (a name taken) is
    /// refused at once and never queued; each sent again changes nothing.
    @Test(.requiresPostgres)
    func folderEditsQueuedOfflineAreSentOnceAndARefusedOneIsNotQueued() throws {
        let (server, proxy, machine, session) = try minaBehindAProxy(accounts: 1)
        defer { server.cleanup() }
        let uid = session.uid
        let trip: FavoriteFolder
        do {
            let online = try machine.open()
            defer { online.store.close() }
            trip = try online.favorites.createFolder(name: "Trip", session: session)
            try online.favorites.add(
                FavoriteCandidate(
                    placeID: "1835848", placeName: "Seoul", address: "Seoul",
                    coordinate: .init(latitude: 37.566, longitude: 126.9784)),
                folderID: trip.id, session: session)
            #expect(try ReplicaRefresh.refresh(try #require(online.replica), from: online.store))
        }

        try proxy.cut()
        let offline = try machine.open()
        let replica = try #require(offline.replica)
        #expect(
            try offline.write(.editFavorites(.renameFolder(id: trip.id, name: "Jeju Trip")), session: session)
                == .queued)
        #expect(try offline.write(.editFavorites(.createFolder(name: "Food")), session: session) == .queued)
        #expect(
            try offline.write(.editFavorites(.setMemo(placeID: "1835848", memo: "city hall")), session: session)
                == .queued)
        #expect(throws: FavoritesError.self) {
            try offline.write(.editFavorites(.renameFolder(id: trip.id, name: "food")), session: session)
        }
        let shown = "Favorites,Food,Jeju Trip,1835848=city hall"
        #expect(try folderNamesAndMemos(replica.store, uid: uid) == shown, "the replica shows them at once")
        let queued = try replica.entries().map(\.write)
        #expect(queued.count == 3)
        guard case .editFavorites(.createFolder(_, let food?, _, _)) = queued[1] else {
            Issue.record("the new folder's id is drawn before it is queued: \(queued)")
            return
        }
        #expect(
            try replica.pendingPaths()
                == [
                    "users/\(uid)/folders/\(trip.id)", "users/\(uid)/folders/\(food)", "users/\(uid)/favorites/1835848",
                ])
        let before = try server.psql(
            "SELECT string_agg(data ->> 'name', ',' ORDER BY data ->> 'name') FROM documents "
                + "WHERE parent = 'favorites/\(uid)/folders'", as: nil)
        #expect(before.output == "Favorites,Trip", "nothing reached the server yet: \(before)")

        let log = EventLog<String>()
        let worker = try machine.worker(offline, log: log)
        worker.start()
        defer { worker.stop() }
        try proxy.restore()
        worker.syncNow()
        try waitUntilSent(worker)
        #expect(!log.take().contains { $0.hasPrefix("dropped") })
        let online = try machine.open(.serverOnly)
        defer { online.store.close() }
        #expect(try folderNamesAndMemos(online.store, uid: uid) == shown)
        // Sent again (a crash between sending and confirming), nothing changes.
        for write in queued { try write.apply(to: online, session: session) }
        #expect(try folderNamesAndMemos(online.store, uid: uid) == shown)
        #expect(try online.store.collection("favorites/\(uid)/folders").document(food).getDocument().exists)
        offline.store.close()
    }

    /// Waits (at most 30 s) until the last status `log` heard satisfies `done`.
    func waitForStatus(_ log: EventLog<SyncStatus>, _ done: (SyncStatus) -> Bool) {
        let deadline = Date().addingTimeInterval(30)
        var last: SyncStatus?
        while Date() < deadline {
            last = log.take().last ?? last
            if let last, done(last) { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("the status never matched; it was \(String(describing: last))")
    }

    @Test(.requiresPostgres)
    func aSignInAfterStartingSignedOutGetsItsOutboxAtOnceAndASignOutClosesIt() throws {
        let (server, proxy, machine, mina) = try minaBehindAProxy(accounts: 1)
        defer { server.cleanup() }
        let bob = server.accounts[0]
        try server.post(as: bob, id: "p1", caption: "from bob")
        let services = try AppServices.open(
            paths: machine.paths, storeLocation: machine.location, seedSample: false,
            environment: ["TERN_INVITE": ""])
        defer { services.store.close() }
        try services.auth.signOut()
        let guest = try machine.open()
        defer { guest.store.close() }
        #expect(guest.replica == nil, "started signed out: no replica yet")
        let port = try #require(OutboxSync(services: guest, executor: .immediate, environment: ["TERN_INVITE": ""]))
        let adapters = StoreAdapters(services: guest, outbox: port)
        let statuses = EventLog<SyncStatus>()
        let observation = port.observeSync({ statuses.record($0) }, onDropped: { _ in })
        defer { observation.cancel() }
        #expect(port.account == nil && statuses.take() == [SyncStatus(connection: .online)])

        // Signing in opens her replica and starts her worker, in this process.
        let session = try guest.auth.signIn(email: "mina@example.com", password: "a long password for mina")
        #expect(session.uid == mina.uid)
        port.follow(account: session.uid)
        let account = try #require(port.account)
        #expect(account.uid == mina.uid)
        waitForStatus(statuses) { $0.connection == .online && $0.pendingWrites == 0 }

        // Cut off: a like waits in her outbox, and the header's status says so.
        try proxy.cut()
        try adapters.write(.like(postID: "p1"), uid: mina.uid)
        #expect(try account.services.replica?.entries().map(\.write.description) == ["like p1"])
        waitForStatus(statuses) { $0.pendingWrites == 1 && $0.connection != .online }
        #expect(try likes(server, "p1", as: bob) == 0)
        try proxy.restore()
        port.syncNow()
        waitForStatus(statuses) { $0.pendingWrites == 0 && $0.connection == .online }
        #expect(try likes(server, "p1", as: bob) == 1)

        // Signing out closes it: nothing pending is reported, and writes are no longer queued.
        try guest.auth.signOut()
        port.follow(account: nil)
        #expect(port.account == nil)
        waitForStatus(statuses) { $0 == SyncStatus(connection: .online) }
    }

    @Test(.requiresPostgres)
    func aServerBackAfterALongCutIsNoticedWithinFiveSecondsWithoutAKey() throws {
        let (server, proxy, machine, session) = try minaBehindAProxy(accounts: 0)
        defer { server.cleanup() }
        try proxy.cut()
        let offline = try machine.open()
        defer { offline.store.close() }
        try offline.queue(
            .editProfile(ProfileEdit(displayName: "Mina", username: "mina", bio: "back soon")), session: session)
        let worker = try machine.worker(offline, log: EventLog<String>())
        worker.start()
        defer { worker.stop() }
        // Long enough for a back-off doubling past 5 s to reach 8 s between attempts.
        Thread.sleep(forTimeInterval: 9)
        #expect(!worker.current.isReachable && worker.current.pending == 1)
        try proxy.restore()
        let restored = Date()
        while Date().timeIntervalSince(restored) < 15 && !(worker.current.isReachable && worker.current.pending == 0) {
            Thread.sleep(forTimeInterval: 0.05)
        }
        let noticed = Date().timeIntervalSince(restored)
        #expect(worker.current.isReachable && worker.current.pending == 0)
        #expect(noticed < 5.5, "the returned server was noticed after \(noticed) s")
    }

    @Test(.requiresPostgres)
    func theInterfaceOpensOnTheReplicaWithoutConnectingThenConnectsAsTheSessionNow() throws {
        let (server, proxy, machine, session) = try minaBehindAProxy(accounts: 0)
        defer { server.cleanup() }
        // Registering copied her profile (as registered) into her replica: no connection first.
        let registered = try machine.open(.replicaFirst)
        #expect(registered.readsReplica && registered.store === registered.replica?.store)
        #expect(try registered.auth.currentUser()?.id == session.uid)
        // Without a copy of her profile (a replica older than that) the start connects first.
        try registered.store.document("users/" + session.uid).delete()
        registered.store.close()
        let first = try machine.open(.replicaFirst)
        #expect(!first.readsReplica && first.store.location.hasPrefix("postgres"))
        let replica = try #require(first.replica)
        try ReplicaRefresh.refresh(replica, from: first.store)
        first.store.close()
        // With it, nothing is asked of the server: opening with the server cut off is no
        // fallback (`unreachable` stays nil), it never tried.
        try proxy.cut()
        let local = try machine.open(.replicaFirst)
        defer { local.store.close() }
        #expect(local.readsReplica && local.unreachable == nil && local.store === local.replica?.store)
        #expect(try local.auth.currentUser()?.username == "mina", "her profile as last seen")
        #expect(throws: StoreError.self) { _ = try local.connected() }
        try proxy.restore()
        let online = try local.connected()
        defer { online.store.close() }
        #expect(!online.readsReplica && online.replica === local.replica)
        #expect(try online.auth.currentUser()?.username == "mina")
        // Signed out in another terminal while the copy was read: the server is read as the guest.
        try AuthService.signOut(sessionFile: local.sessionFile)
        try local.auth.signOut()  // the replica has no roles to move between: nothing thrown
        let guest = try local.connected()
        defer { guest.store.close() }
        #expect(!guest.readsReplica && guest.replica == nil && guest.store.location.hasPrefix("postgres"))
        #expect(try guest.users.user(id: session.uid)?.username == "mina", "the guest reads profiles")
    }

    @Test(.requiresPostgres)
    func signedOutTheInterfaceOpensOnTheGuestCopyWithoutConnecting() throws {
        let (server, proxy, machine, _) = try minaBehindAProxy(accounts: 1)
        defer { server.cleanup() }
        try AuthService.signOut(sessionFile: SessionFile(paths: machine.paths))
        try server.post(as: server.accounts[0], id: "p1", caption: "from bob")
        // Nothing copied yet, and the server cut off: the copy opens, empty, without trying.
        try proxy.cut()
        let empty = try machine.open(.replicaFirst)
        #expect(empty.readsReplica && empty.replica == nil && empty.unreachable == nil)
        #expect(try empty.tweets.rows(.all, before: nil, limit: 10, viewer: nil).isEmpty)
        #expect(throws: StoreError.self) { _ = try empty.connected() }
        try proxy.restore()
        let online = try empty.connected()
        #expect(!online.readsReplica && online.replica == nil)
        try online.copyPublicFeed()
        online.store.close()
        empty.store.close()
        // The next signed-out start shows the public feed as last read, still without the server.
        try proxy.cut()
        let copied = try machine.open(.replicaFirst)
        defer { copied.store.close() }
        #expect(try copied.tweets.rows(.all, before: nil, limit: 10, viewer: nil).map(\.tweet.caption) == ["from bob"])
        // Signing in while the copy is read: the password is checked on a connection of its
        // own (the copy has no roles), and the account's profile comes with it.
        try proxy.restore()
        let session = try copied.auth.signIn(email: "mina@example.com", password: "a long password for mina")
        #expect(copied.readsReplica)
        try proxy.cut()
        #expect(try copied.auth.user(of: session).username == "mina", "from her replica, filled by the sign-in")
        let hers = try copied.localCopy(for: session)
        defer { hers.store.close() }
        #expect(hers.readsReplica && hers.replica?.uid == session.uid)
        #expect(try hers.auth.currentUser()?.username == "mina")
    }

    @Test(.requiresPostgres)
    func aSignInElsewhereWhileTheReplicaIsReadIsFollowedFromTheAccountsOwnReplica() throws {
        let (server, proxy, machine, mina) = try minaBehindAProxy(accounts: 1)
        defer { server.cleanup() }
        let bob = server.accounts[0]
        let local = try machine.open(.replicaFirst)
        defer { local.store.close() }
        #expect(local.readsReplica && local.replica?.uid == mina.uid)
        // Another terminal signs in as bob; its sign-in copies his profile into his replica.
        let other = try machine.open()
        try other.auth.signIn(email: "\(bob.lowercased())@example.com", password: RulesServer.password)
        other.store.close()
        // The interface follows without the server: no "account missing".
        try proxy.cut()
        #expect(try local.auth.followSessionFile()?.id == bob)
        let bobs = try local.localCopy(for: try local.session())
        defer { bobs.store.close() }
        #expect(bobs.readsReplica && bobs.replica?.uid == bob && bobs.store !== local.store)
        #expect(try bobs.auth.currentUser()?.id == bob)
        // Signed out there too: the guest copy.
        try AuthService.signOut(sessionFile: local.sessionFile)
        let guest = try bobs.localCopy(for: nil)
        defer { guest.store.close() }
        #expect(guest.readsReplica && guest.replica == nil && guest.store !== bobs.store)
    }

    /// Issue 25, point 1: a heart queued on a team server costs the server at most two
    /// round trips when it is sent (the like is one call of `tern_like`), and the replica
    /// reads back only the post and the like it changed, not the account's whole view.
    @Test(.requiresPostgres)
    func aLikeSentCostsAtMostTwoRoundTripsAndTheRefreshReadsOnlyWhatItChanged() throws {
        let (server, proxy, machine, session) = try minaBehindAProxy(accounts: 1)
        defer { server.cleanup() }
        let bob = server.accounts[0]
        try server.post(as: bob, id: "p1", caption: "from bob")
        let online = try machine.open()
        #expect(online.unreachable == nil && online.store.isRemote, "through \(proxy)")
        defer { online.store.close() }
        let replica = try #require(online.replica)
        #expect(try ReplicaRefresh.refresh(replica, from: online.store))
        #expect(try replica.store.document("tweets/p1").getDocument().exists, "copied from the server")
        #expect(try online.write(.like(postID: "p1"), session: session) == .queued)
        #expect(try replica.store.document("tweets/p1").getDocument().get("likes")?.intValue == 1, "shown at once")

        let beforeSend = online.store.counts
        let summary = try OutboxReplay.send(replica, through: online, session: session)
        let send = online.store.counts.since(beforeSend)
        #expect(summary.sent == 1 && summary.sentWrites == [.like(postID: "p1")])
        #expect(send.roundTrips <= 2, "\(send)")
        #expect(try likes(server, "p1", as: bob) == 1)

        let beforeRefresh = online.store.counts
        #expect(try ReplicaRefresh.refresh(replica, after: summary.sentWrites, from: online.store))
        let refresh = online.store.counts.since(beforeRefresh)
        #expect(refresh.roundTrips <= 2, "\(refresh)")
        #expect(try replica.store.document("tweets/p1").getDocument().get("likes")?.intValue == 1)
        #expect(try replica.store.document("users/\(session.uid)/user-likes/p1").getDocument().exists)
    }
}
