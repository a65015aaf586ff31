import DocStore
import Domain
import Foundation
import Testing

/// Replies on a team server (Resources/server/13-replies.sql): through Tern's services the
/// parent's `replies` equals the posts answering it, also after a deletion; with plain
/// `psql`, a counter set by hand, a reply as another account, a forged `replyToUid`, a
/// reply to nothing and a post moved to answer another are all refused or harmless.
@Suite(.serialized)
struct ReplyServerTests {
    func session(_ uid: String) -> Session { Session(uid: uid, email: "\(uid)@example.com", signedInAt: Date()) }

    /// The post's stored `replies`, and the number of posts answering it.
    func counted(_ server: RulesServer, _ id: String) throws -> [String] {
        try [
            server.psql(
                "SELECT coalesce(data ->> 'replies', '0') FROM documents WHERE parent = 'tweets' AND id = '\(id)'",
                as: nil
            ).output,
            server.psql(
                "SELECT count(*) FROM documents WHERE parent = 'tweets' AND data ->> 'replyTo' = '\(id)'", as: nil
            ).output,
        ]
    }

    @Test(.requiresPostgres)
    func repliesThroughTheServicesAreCountedExactlyAndKeptWhenTheParentGoes() throws {
        let server = try RulesServer(accounts: 2)
        defer { server.cleanup() }
        let (ann, bob) = (server.accounts[0], server.accounts[1])
        try server.post(as: ann, id: "p1", caption: "a question")
        let store = try server.store(as: bob)
        defer { store.close() }
        let tweets = TweetService(store: store, onServer: true)
        for _ in 0..<2 { try tweets.writeReply("an answer", id: "r1", to: "p1", session: session(bob)) }
        try tweets.writeReply("another", id: "r2", to: "p1", session: session(bob))
        #expect(try counted(server, "p1") == ["2", "2"])
        let reply = try #require(try tweets.post(id: "r1", viewer: session(bob)))
        #expect(reply.replyTo == "p1" && reply.replyToUsername?.isEmpty == false)
        // A like and an edit of the parent keep what it answers and its count.
        try server.toggleLike(as: bob, tweet: "p1")
        try tweets.writeEdit(tweetID: "r1", text: "an edited answer", session: session(bob))
        #expect(try counted(server, "p1") == ["2", "2"])
        #expect(try tweets.post(id: "r1", viewer: nil)?.replyTo == "p1")
        try tweets.writeDelete(tweetID: "r2", session: session(bob))
        #expect(try counted(server, "p1") == ["1", "1"])
        #expect(throws: ServiceError.replyToMissing("nothing")) {
            try tweets.writeReply("hello", id: "r3", to: "nothing", session: session(bob))
        }
        // The parent deleted: its reply stays, answering it, and the thread says it is gone.
        let annStore = try server.store(as: ann)
        defer { annStore.close() }
        try TweetService(store: annStore, onServer: true).writeDelete(tweetID: "p1", session: session(ann))
        let thread = try tweets.thread(of: "r1", viewer: session(bob))
        #expect(thread.parents.count == 1 && thread.parents[0].isDeleted && thread.parents[0].id == "p1")
        #expect(throws: ServiceError.replyToMissing("p1")) {
            try tweets.writeReply("too late", id: "r4", to: "p1", session: session(bob))
        }
    }

    @Test(.requiresPostgres)
    func forgedCountersRepliesAsAnotherAndMovedRepliesAreRefused() throws {
        let server = try RulesServer(accounts: 3)
        defer { server.cleanup() }
        let (victim, attacker, other) = (server.accounts[0], server.accounts[1], server.accounts[2])
        try server.post(as: victim, id: "p1", caption: "the victim's post")
        try server.post(as: attacker, id: "a1", caption: "the attacker's post")
        let refused = [
            // A reply as someone else.
            "SELECT tern_write('tweets', 'x1', json_build_object('uid', '\(other)', 'caption', 'hi', "
                + "'replyTo', 'p1')::text)",
            // A reply to a post that does not exist.
            "SELECT tern_write('tweets', 'x2', json_build_object('uid', tern_me(), 'caption', 'hi', "
                + "'replyTo', 'none')::text)",
            "SELECT tern_write('tweets', 'x3', json_build_object('uid', tern_me(), 'caption', 'hi', "
                + "'replyTo', 7)::text)",
            // The counter or the documents behind the function.
            "UPDATE documents SET doc = '{}' WHERE parent = 'tweets' AND id = 'p1'",
            "INSERT INTO documents (parent, id, doc) VALUES ('tweets', 'x4', '{\"replyTo\":\"p1\"}')",
            "SELECT tern_recount_replies('p1')",
        ]
        for sql in refused {
            let result = try server.psql(sql, as: attacker)
            #expect(!result.ok, "refused: \(sql) → \(result)")
        }
        // Counters, a forged author and a moved reply through the write function are not taken.
        let harmless = [
            "SELECT tern_write('tweets', 'a1', json_build_object('uid', tern_me(), 'caption', 'x', "
                + "'replies', 1000)::text)",
            "SELECT tern_write('tweets', 'x5', json_build_object('uid', tern_me(), 'caption', 'hi', "
                + "'replyTo', 'p1', 'replyToUid', '\(other)', 'replies', 99)::text)",
            "SELECT tern_write('tweets', 'x5', json_build_object('uid', tern_me(), 'caption', 'moved', "
                + "'replyTo', 'a1')::text)",
        ]
        for sql in harmless {
            let result = try server.psql(sql, as: attacker)
            #expect(result.ok, "\(sql) → \(result)")
        }
        #expect(try counted(server, "a1") == ["0", "0"])
        #expect(try counted(server, "p1") == ["1", "1"])
        let stored = try server.psql(
            "SELECT data ->> 'replyTo', data ->> 'replyToUid', coalesce(data ->> 'replies', '0') FROM documents "
                + "WHERE parent = 'tweets' AND id = 'x5'", as: nil)
        #expect(stored.output == "p1|\(victim)|0", "\(stored)")

        // Even the superuser cannot move a count behind the function.
        let admin = try server.psql(
            "UPDATE documents SET doc = tern_text((data - 'timestamp') || '{\"replies\": 7}', "
                + "jsonb_build_object('timestamp', data -> 'timestamp')) WHERE parent = 'tweets' AND id = 'p1'",
            as: nil)
        #expect(!admin.ok && admin.errors.contains("repl"), "\(admin)")
        #expect(try counted(server, "p1") == ["1", "1"])
    }
}
