import DocStore
import Domain
import Foundation
import Testing

/// Editing and deleting posts through `TweetService` on a team server: the same results as
/// on the embedded store, and the server itself refuses another account's post.
@Suite(.serialized)
struct PostEditingServerTests {
    func service(_ server: RulesServer, as uid: String) throws -> (TweetService, Session, DocumentStore) {
        let store = try server.store(as: uid)
        return (
            TweetService(store: store, onServer: true),
            Session(uid: uid, email: "\(uid)@example.com", signedInAt: Date(), server: "test"), store
        )
    }

    @Test(.requiresPostgres)
    func editKeepsLikesAndDeleteTakesThemWithCountersExact() throws {
        let server = try RulesServer(accounts: 3)
        defer { server.cleanup() }
        let (author, fan, other) = (server.accounts[0], server.accounts[1], server.accounts[2])
        try server.post(as: author, id: "p1", caption: "first")
        try server.post(as: other, id: "p2", caption: "other")
        for tweet in ["p1", "p2"] { try server.toggleLike(as: fan, tweet: tweet) }
        let (tweets, session, store) = try service(server, as: author)
        defer { store.close() }

        let edited = try tweets.edit(tweetID: "p1", text: "second thoughts", session: session)
        #expect(edited.caption == "second thoughts" && edited.likes == 1)
        let likes = "SELECT count(*) FROM documents WHERE id = 'p1' AND parent LIKE 'users/%/user-likes'"
        #expect(try server.psql(likes, as: nil).output == "1", "editing keeps the like")

        try tweets.delete(tweetID: "p1", session: session)
        #expect(
            try server.psql("SELECT count(*) FROM documents WHERE id = 'p1'", as: nil).output == "0",
            "the like went with the post")
        let counter = try server.psql(
            "SELECT data ->> 'likes' FROM documents WHERE parent = 'tweets' AND id = 'p2'", as: nil)
        #expect(counter.output == "1", "another post's counter is untouched: \(counter)")
    }

    @Test(.requiresPostgres)
    func anEditIsMarkedByTheServerAndTheMarkOutlivesALike() throws {
        let server = try RulesServer(accounts: 2)
        defer { server.cleanup() }
        let (author, fan) = (server.accounts[0], server.accounts[1])
        try server.post(as: author, id: "p1", caption: "first")
        let (tweets, session, store) = try service(server, as: author)
        defer { store.close() }
        let editedAt = "SELECT data ->> 'editedAt' FROM documents WHERE parent = 'tweets' AND id = 'p1'"
        #expect(try server.psql(editedAt, as: nil).output == "", "a new post is not edited")
        let same = try tweets.edit(tweetID: "p1", text: "first", session: session)
        #expect(same.editedAt == nil, "the same words are no edit")
        let edited = try tweets.edit(tweetID: "p1", text: "second thoughts", session: session)
        #expect(edited.editedAt != nil)
        let stamp = try server.psql(editedAt, as: nil).output
        #expect(!stamp.isEmpty, "the server keeps the edit's time")
        try server.toggleLike(as: fan, tweet: "p1")
        #expect(try server.psql(editedAt, as: nil).output == stamp, "a like keeps the mark")
        let forged = try server.psql(
            "SELECT tern_write('tweets', 'p1', '{\"uid\":\"\(author)\",\"caption\":\"second thoughts\","
                + "\"editedAt\":1}')", as: author)
        #expect(forged.ok, "\(forged)")
        #expect(try server.psql(editedAt, as: nil).output == stamp, "the time is the server's, not the writer's")
    }

    @Test(.requiresPostgres)
    func anotherAccountsPostIsRefusedByTernAndByTheServer() throws {
        let server = try RulesServer(accounts: 2)
        defer { server.cleanup() }
        let (author, intruder) = (server.accounts[0], server.accounts[1])
        try server.post(as: author, id: "p1", caption: "mine")
        try server.toggleLike(as: intruder, tweet: "p1")
        let (tweets, session, store) = try service(server, as: intruder)
        defer { store.close() }
        #expect(throws: ServiceError.notYourPost("p1")) {
            try tweets.edit(tweetID: "p1", text: "yours", session: session)
        }
        #expect(throws: ServiceError.notYourPost("p1")) { try tweets.delete(tweetID: "p1", session: session) }
        // Plain SQL as the intruder, past any client check: the server refuses both.
        let edit = try server.psql(
            "SELECT tern_write('tweets', 'p1', '{\"uid\":\"\(intruder)\",\"caption\":\"yours\"}')", as: intruder)
        #expect(!edit.ok && edit.errors.contains("not your document"), "\(edit)")
        let delete = try server.psql("SELECT tern_write('tweets', 'p1', NULL)", as: intruder)
        #expect(!delete.ok && delete.errors.contains("not your document"), "\(delete)")
        let direct = try server.psql(
            "WITH d AS (DELETE FROM documents WHERE parent = 'tweets' AND id = 'p1' RETURNING 1) SELECT count(*) "
                + "FROM d",
            as: intruder)
        #expect(!direct.ok || direct.output == "0", "\(direct)")
        let post = try server.psql(
            "SELECT data ->> 'caption', data ->> 'likes' FROM documents WHERE parent = 'tweets' AND id = 'p1'", as: nil)
        #expect(post.output == "mine|1", "\(post)")
    }
}
