import DocStore
import Domain
import Foundation

extension ServerBench {
    /// A Following page on a team server of 1,000 accounts and 100,000 posts, the viewer
    /// following 200 of them and every account reposting 20 posts (TimelineBench's data set),
    /// against the All page in the same run, both read as the viewer's login role through
    /// the rules: 50 consecutive pages of 50 each way, twice (the first walk warms the cache).
    static func followingPage(adminURL: String, accountURL: String, uid: String, owner: String) throws {
        // Written as the owner (the server's own functions' role), as `tern_follow` and
        // `tern_repost` would, counters included.
        try psql(
            adminURL,
            """
            SET ROLE \(owner);
            INSERT INTO documents (parent, id, doc)
              SELECT 'users', 'acct' || n, tern_text(jsonb_build_object('id', 'acct' || n,
                       'displayName', 'Account ' || n, 'username', 'acct' || n, 'email', 'acct' || n || '@example.com',
                       'bio', '', 'avatarPath', '', 'followersCount', 0, 'followingCount', 0,
                       'isUserOnboarded', true), jsonb_build_object('createdOn', 1790000000))
              FROM generate_series(0, 999) n ON CONFLICT (parent, id) DO NOTHING;
            INSERT INTO documents (parent, id, doc)
              SELECT 'tweets', 'post' || lpad(n::text, 6, '0'), tern_text(jsonb_build_object(
                       'caption', 'Post number ' || n, 'uid', 'acct' || (n % 1000), 'likes', 0,
                       'reposts', coalesce(c.reposts, 0)),
                       jsonb_build_object('timestamp', 1790000000 - n))
              FROM generate_series(0, 99999) n
              LEFT JOIN (SELECT post, count(DISTINCT account) AS reposts
                 FROM (SELECT n AS account, (n * 7919 + s * 104729) % 100000 AS post
                       FROM generate_series(0, 999) n, generate_series(0, 19) s) r GROUP BY post) c
                ON c.post = n
              ON CONFLICT (parent, id) DO UPDATE SET doc = EXCLUDED.doc;
            INSERT INTO documents (parent, id, doc)
              SELECT 'users/\(uid)/following', 'acct' || (s * 3 % 1000),
                     tern_text('{}'::jsonb, jsonb_build_object('followedAt', 1790000000 + s))
              FROM generate_series(0, 199) s;
            INSERT INTO documents (parent, id, doc)
              SELECT DISTINCT ON (account, post) 'users/acct' || account || '/user-reposts',
                     'post' || lpad(post::text, 6, '0'),
                     tern_text('{}'::jsonb, jsonb_build_object('repostedAt', 1790000000 - post + 0.5))
              FROM (SELECT n AS account, (n * 7919 + s * 104729) % 100000 AS post
                 FROM generate_series(0, 999) n, generate_series(0, 19) s) r;
            ANALYZE documents;
            """)
        let server = try DocumentStore.open(location: accountURL, executor: .immediate)
        defer { server.close() }
        let session = Session(uid: uid, email: "\(uid)@example.com", signedInAt: Date())
        let tweets = TweetService(store: server, onServer: true)
        func walk(_ kind: FeedKind) throws -> (Timings, Int) {
            var times: [Double] = []
            var position: FeedPosition?
            var rows = 0
            for _ in 0..<50 {
                var page: [FeedPost] = []
                times.append(try measure { page = try tweets.rows(kind, after: position, limit: 50, viewer: session) })
                rows += page.count
                guard let last = page.last else { break }
                position = last.position(in: kind)
            }
            return (Timings(times), rows)
        }
        _ = try walk(.all)
        _ = try walk(.following)
        let (all, allRows) = try walk(.all)
        let (following, followingRows) = try walk(.following)
        print(
            "server: 1,000 accounts, the viewer following 200, 100,000 posts, 20,000 reposts; "
                + "50 consecutive pages of 50 each way (All \(allRows) rows, Following \(followingRows))")
        row("Following page", following)
        row("All page", all)
        print(
            "  ratio (Following / All)  median \(FeedBench.ratio(following.p50, all.p50))  p99 "
                + "\(FeedBench.ratio(following.p99, all.p99))  (target: within 2×, under 50 ms)")
    }
}
