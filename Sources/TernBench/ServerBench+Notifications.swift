import DocStore
import Domain
import Foundation

extension ServerBench {
    /// A notifications page on a team server of 1,000 accounts and 100,000 posts, the viewer
    /// with 10,000 notifications from them, against the All page in the same run (both read
    /// as the viewer's login role, through the rules).
    static func notificationsPage(adminURL: String, accountURL: String, uid: String, owner: String) throws {
        // Written as the owner (the server's own functions' role), as the triggers would.
        try psql(
            adminURL,
            """
            SET ROLE \(owner);
            INSERT INTO documents (parent, id, doc)
              SELECT 'users', 'acct' || n, tern_text(jsonb_build_object('id', 'acct' || n,
                       'displayName', 'Account ' || n, 'username', 'acct' || n, 'email', 'acct' || n || '@example.com',
                       'bio', '', 'avatarPath', '', 'followersCount', 0, 'followingCount', 0,
                       'isUserOnboarded', true), jsonb_build_object('createdOn', 1790000000))
              FROM generate_series(0, 999) n;
            INSERT INTO documents (parent, id, doc)
              SELECT 'tweets', 'post' || lpad(n::text, 6, '0'), tern_text(jsonb_build_object(
                       'caption', 'Post number ' || n, 'uid', 'acct' || (n % 1000), 'likes', 0),
                       jsonb_build_object('timestamp', 1790000000 - n))
              FROM generate_series(0, 99999) n;
            INSERT INTO documents (parent, id, doc)
              SELECT 'users/\(uid)/notifications', 'like-post' || lpad(n::text, 6, '0') || '-acct' || (n % 1000),
                     tern_text(jsonb_build_object('kind', 'like', 'actorUid', 'acct' || (n % 1000),
                       'postID', 'post' || lpad(n::text, 6, '0'), 'read', n < 9000),
                       jsonb_build_object('createdAt', 1790000000 + n))
              FROM generate_series(0, 9999) n;
            ANALYZE documents;
            """)
        let server = try DocumentStore.open(location: accountURL, executor: .immediate)
        defer { server.close() }
        let session = Session(uid: uid, email: "\(uid)@example.com", signedInAt: Date())
        let notifications = NotificationService(store: server, onServer: true)
        let tweets = TweetService(store: server, onServer: true)
        var mine: [Double] = []
        var all: [Double] = []
        for _ in 0..<100 {
            mine.append(try measure { _ = try notifications.notifications(session: session, limit: 50) })
            all.append(try measure { _ = try tweets.page(.all, limit: 50, viewer: session) })
        }
        let (page, feed) = (Timings(mine), Timings(all))
        print("server: 1,000 accounts, 100,000 posts, 10,000 notifications of the viewer; 100 pages of 50")
        row("notifications page", page)
        row("All page", feed)
        print(
            "  ratio (notifications / All)  median \(FeedBench.ratio(page.p50, feed.p50))  p99 "
                + FeedBench.ratio(page.p99, feed.p99))
    }
}
