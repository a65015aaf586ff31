import DocStore
import Domain
import Foundation
import Testing

/// Notifications on a team server: the server writes them in the transaction of the like,
/// repost, reply or follow (`15-notifications.sql`); a like taken back while unread takes its
/// notification back; with plain `psql` another account cannot read, forge or mark them.
@Suite(.serialized)
struct NotificationServerTests {
    func session(_ uid: String) -> Session { Session(uid: uid, email: "\(uid)@example.com", signedInAt: Date()) }

    @Test(.requiresPostgres)
    func theServerNotifiesTheAuthorAndTakesAnUnreadLikeBack() throws {
        let server = try RulesServer(accounts: 2)
        defer { server.cleanup() }
        let (author, fan) = (server.accounts[0], server.accounts[1])
        try server.post(as: author, id: "p1", caption: "mine")
        let fanStore = try server.store(as: fan)
        defer { fanStore.close() }
        let authorStore = try server.store(as: author)
        defer { authorStore.close() }
        let fanTweets = TweetService(store: fanStore, onServer: true)
        try fanTweets.writeLike(true, tweetID: "p1", session: session(fan))
        try fanTweets.writeMark(.repost, true, tweetID: "p1", session: session(fan))
        try FollowService(store: fanStore, onServer: true).writeFollow(true, uid: author, session: session(fan))
        try fanTweets.writeReply("an answer", id: "r1", to: "p1", session: session(fan))
        // One's own like of one's own post tells nobody.
        try TweetService(store: authorStore, onServer: true).writeLike(true, tweetID: "p1", session: session(author))

        let notifications = NotificationService(store: authorStore, onServer: true)
        let seen = try notifications.notifications(session: session(author))
        #expect(Set(seen.map(\.kind)) == [.like, .repost, .follow, .reply], "\(seen)")
        #expect(seen.allSatisfy { $0.actor.uid == fan && !$0.read })
        #expect(seen.first { $0.kind == .reply }?.postID == "r1")
        #expect(seen.first { $0.kind == .like }?.id == NotificationRecord.id(.like, actor: fan, postID: "p1"))

        try fanTweets.writeLike(false, tweetID: "p1", session: session(fan))
        #expect(!(try notifications.notifications(session: session(author)).contains { $0.kind == .like }))

        try fanTweets.writeLike(true, tweetID: "p1", session: session(fan))
        try notifications.writeRead(session: session(author))
        try fanTweets.writeLike(false, tweetID: "p1", session: session(fan))
        let after = try notifications.notifications(session: session(author))
        #expect(after.count == 4 && after.allSatisfy(\.read), "a read like stays: \(after)")
    }

    @Test(.requiresPostgres)
    func anEditThatNamesAnAccountNotifiesItOnceAndTakesAnUnreadMentionBack() throws {
        let server = try RulesServer(accounts: 2)
        defer { server.cleanup() }
        let (author, named) = (server.accounts[0], server.accounts[1])
        let name = "@u" + named.lowercased().suffix(14)
        try server.post(as: author, id: "p1", caption: "hello all")
        let authorStore = try server.store(as: author)
        defer { authorStore.close() }
        let namedStore = try server.store(as: named)
        defer { namedStore.close() }
        let tweets = TweetService(store: authorStore, onServer: true)
        let notifications = NotificationService(store: namedStore, onServer: true)
        func seen() throws -> [ActivityNotification] { try notifications.notifications(session: session(named)) }
        func edit(_ text: String) throws { try tweets.writeEdit(tweetID: "p1", text: text, session: session(author)) }

        try edit("hello \(name)")
        #expect(try seen().map(\.kind) == [.mention] && seen()[0].postID == "p1" && seen()[0].actor.uid == author)
        try edit("hello again \(name)")
        #expect(try seen().count == 1, "still named: told once")
        try edit("hello again")
        #expect(try seen().isEmpty, "named no more while unread: taken back")

        try edit("hello \(name)")
        try notifications.writeRead(session: session(named))
        try edit("bye")
        try edit("bye \(name)")
        let after = try seen()
        #expect(after.count == 1 && after[0].read, "a read mention stays and is not made again: \(after)")
    }

    @Test(.requiresPostgres)
    func anotherAccountCannotReadForgeOrMarkNotificationsWithPlainPsql() throws {
        let server = try RulesServer(accounts: 3)
        defer { server.cleanup() }
        let (victim, fan, attacker) = (server.accounts[0], server.accounts[1], server.accounts[2])
        try server.post(as: victim, id: "p1", caption: "mine")
        #expect(try server.psql("SELECT tern_like('p1', true)", as: fan).ok)
        let box = "users/\(victim)/notifications"
        let count = "SELECT count(*) FROM documents WHERE parent = '\(box)'"
        #expect(try server.psql(count, as: victim).output == "1")
        #expect(try server.psql(count, as: attacker).output == "0", "another account reads none")
        #expect(try server.psqlAt(server.guestURL, count).output == "0", "the guest reads none")

        let forged = [
            "SELECT tern_write('\(box)', 'like-p1-x', '{\"kind\":\"like\",\"actorUid\":\"x\",\"read\":false}')",
            "INSERT INTO documents (parent, id, doc) VALUES ('\(box)', 'x', '{\"kind\":\"follow\"}')",
            "UPDATE documents SET doc = '{\"read\":true}' WHERE parent = '\(box)'",
            "DELETE FROM documents WHERE parent = '\(box)'",
            "SELECT tern_notify_of('follow', '\(victim)', '\(attacker)', NULL, true)",
        ]
        for sql in forged {
            let result = try server.psql(sql, as: attacker)
            #expect(
                !result.ok || result.output.hasPrefix("UPDATE 0") || result.output.hasPrefix("DELETE 0"),
                "refused: \(sql) → \(result)")
        }
        // Reading marks only one's own: the victim's stays unread.
        #expect(try server.psql("SELECT tern_read_notifications()", as: attacker).output == "0")
        let unread = "SELECT count(*) FROM documents WHERE parent = '\(box)' AND data ->> 'read' = 'false'"
        #expect(try server.psql(unread, as: nil).output == "1")
        #expect(try server.psql(count, as: nil).output == "1", "nothing forged arrived")
        // Even the superuser does not write one by hand.
        let admin = try server.psql(
            "INSERT INTO documents (parent, id, doc) VALUES ('\(box)', 'y', '{\"kind\":\"follow\"}')", as: nil)
        #expect(!admin.ok && admin.errors.contains("server alone"), "\(admin)")
        #expect(try server.psql("SELECT tern_read_notifications()", as: victim).output == "1")
        #expect(try server.psql(unread, as: nil).output == "0")
    }
}
