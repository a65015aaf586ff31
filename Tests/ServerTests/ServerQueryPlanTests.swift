import Foundation
import Testing

@testable import DocStore

/// Tern's indexes on a server serve the feed, the liked list and a user's posts without
/// sorting, as the embedded store's do.
struct ServerQueryPlanTests {
    func plan(_ query: Query, at server: RulesServer) throws -> String {
        let sql = try PostgresQuery(query.spec.get())
        let connection = try PostgresConnection(url: server.location)
        defer { connection.close() }
        // A handful of rows would be cheaper to sort; what matters is that the index can serve.
        try connection.execute("SET enable_seqscan = off; SET enable_bitmapscan = off; SET enable_sort = off")
        return try connection.query(
            "EXPLAIN SELECT id, doc FROM documents WHERE \(sql.whereClause)\(sql.orderClause)\(sql.limitClause)",
            sql.parameters
        )
        .compactMap { $0.first ?? nil }.joined(separator: " | ")
    }

    @Test(.requiresPostgres)
    func feedLikedAndAuthorPagesUseAnIndexAndNoSort() throws {
        let server = try RulesServer(accounts: 0)
        defer { server.cleanup() }
        let store = try DocumentStore.open(url: server.location, executor: .immediate)
        defer { store.close() }
        let feed = store.collection("tweets").order(by: "timestamp", descending: true).limit(to: 50)
        try TernCluster.admin(
            "SET ROLE \(server.roles.owner)",
            "INSERT INTO \(server.schema).documents (parent, id, doc) VALUES ('tweets', 't1', "
                + "'{\"timestamp\":1E0,\"uid\":\"u1\"}')"
        )
        let last = try store.document("tweets/t1").getDocument()
        let liked = store.collection("users/u1/user-likes").order(by: "likedAt", descending: true).limit(to: 50)
        let byUser = store.collection("tweets").whereField("uid", isEqualTo: "u1").order(
            by: "timestamp", descending: true
        ).limit(to: 50)
        for (name, query) in [
            ("feed", feed), ("next feed page", feed.start(afterDocument: last)), ("liked", liked),
            ("liked page", liked.start(after: [.timestamp(Date())])), ("by user", byUser),
        ] {
            let text = try plan(query, at: server)
            if name.hasSuffix("page") {
                #expect(
                    text.contains("Index Cond: ((parent = ") && text.contains(") < ROW("),
                    "\(name) starts at the cursor: \(text)")
            }
            #expect(text.contains("Index Scan") && !text.contains("Sort"), "\(name): \(text)")
        }
    }

    @Test(.requiresPostgres)
    func aFoldersPagesWalkTheSavedTimeIndexAndItsCountsTheFoldersIndex() throws {
        let server = try RulesServer(accounts: 0)
        defer { server.cleanup() }
        let store = try DocumentStore.open(url: server.location, executor: .immediate)
        defer { store.close() }
        let favorites = store.collection("favorites/u1/favorites")
        let page = favorites.whereField("folders", arrayContains: "default").order(by: "savedAt", descending: true)
            .limit(to: 100)
        let next = page.start(after: [.timestamp(Date())], documentID: "p1")
        for (name, query) in [("folder", page), ("next folder page", next)] {
            let text = try plan(query, at: server)
            #expect(text.contains("Index Scan") && !text.contains("Sort"), "\(name): \(text)")
        }
        // Membership alone (a folder's places in no order) has a GIN index over `folders`.
        let connection = try PostgresConnection(url: server.location)
        defer { connection.close() }
        let index = try connection.query("SELECT indexdef FROM pg_indexes WHERE indexname = 'documents_by_folders'")
            .compactMap { $0.first ?? nil }.joined()
        #expect(index.contains("USING gin") && index.contains("jsonb_path_ops"), "\(index)")
    }

    /// A Following page's and the Activity tab's reads past the first page, as a member
    /// under row-level security on a populated server: each searches an index of the typed
    /// key columns (23-page-indexes.sql) from its cursor, never a scan of `documents`, which
    /// the jsonb indexes got under the rules (their operators are not leakproof).
    @Test(.requiresPostgres)
    func followingAndActivityPagesSearchTheKeyIndexesAsAMember() throws {
        let server = try RulesServer(accounts: 1)
        defer { server.cleanup() }
        let viewer = server.accounts[0]
        let documents = "\(server.schema).documents"
        let text = "\(server.schema).tern_text"
        // 20,000 posts by 200 accounts, 1,000 accounts reposting 20 each, and 2,000
        // notifications of the viewer, written as the server's own functions would.
        try TernCluster.admin(
            "SET ROLE \(server.roles.owner)",
            """
            INSERT INTO \(documents) (parent, id, doc)
              SELECT 'tweets', 'post' || lpad(n::text, 6, '0'), \(text)(jsonb_build_object('caption', 'Post ' || n,
                       'uid', 'acct' || (n % 200), 'likes', 0), jsonb_build_object('timestamp', 1790000000 - n))
              FROM generate_series(0, 19999) n
            """,
            """
            INSERT INTO \(documents) (parent, id, doc)
              SELECT DISTINCT ON (account, post) 'users/acct' || account || '/user-reposts',
                     'post' || lpad(post::text, 6, '0'),
                     \(text)('{}'::jsonb, jsonb_build_object('repostedAt', 1790000000 - post + 0.5))
              FROM (SELECT n AS account, (n * 7919 + s * 104729) % 20000 AS post
                 FROM generate_series(0, 999) n, generate_series(0, 19) s) r
            """,
            """
            INSERT INTO \(documents) (parent, id, doc)
              SELECT 'users/\(viewer)/notifications', 'like-post' || n || '-acct' || (n % 200),
                     \(text)(jsonb_build_object('kind', 'like', 'actorUid', 'acct' || (n % 200),
                       'postID', 'post' || lpad(n::text, 6, '0'), 'read', false),
                       jsonb_build_object('createdAt', 1790000000 + n))
              FROM generate_series(0, 1999) n
            """,
            "RESET ROLE", "ANALYZE \(documents)")
        let store = try server.store(as: viewer)
        defer { store.close() }
        let member = try PostgresConnection(url: server.url(user: viewer))
        defer { member.close() }
        let keys = try PostgresBackend.keyColumns(member)
        #expect(
            keys
                == KeyColumns([
                    "timestamp": .number, "uid": .text, "replyTo": .text, "repostedAt": .number, "createdAt": .number,
                ]))
        let at = Date(timeIntervalSince1970: 1_790_000_000 - 5000)
        let followed = (0..<40).map { FieldValue.string("acct\($0 * 5)") }
        let tweets = store.collection("tweets")
        let reposts = store.collection("users/acct0/user-reposts")
            .including(collections: (1..<40).map { "users/acct\($0 * 5)/user-reposts" })
        let pages: [(String, Query)] = [
            ("All", tweets.order(by: "timestamp", descending: true)),
            ("Following's posts", tweets.whereField("uid", in: followed).order(by: "timestamp", descending: true)),
            (
                "a profile's posts",
                tweets.whereField("uid", isEqualTo: "acct7").order(by: "timestamp", descending: true)
            ),
            ("a thread's replies", tweets.whereField("replyTo", isEqualTo: "post000070").order(by: "timestamp")),
            ("Following's reposts", reposts.order(by: "repostedAt", descending: true)),
            (
                "Activity",
                store.collection("users/\(viewer)/notifications").order(by: "createdAt", descending: true)
            ),
        ]
        for (name, query) in pages {
            let page = query.start(after: [.timestamp(at)], documentID: "post005000").limit(to: 63)
            let sql = try PostgresQuery(page.spec.get(), keyColumns: keys)
            let statement =
                sql.walk(bound: 63 * PostgresBackend.walkRowsPerResult, selecting: "id, doc, parent")
                ?? "SELECT id, doc FROM documents WHERE \(sql.whereClause)\(sql.orderClause)\(sql.limitClause)"
            let plan = try member.query("EXPLAIN " + statement, sql.parameters).compactMap { $0.first ?? nil }
                .joined(separator: " | ")
            #expect(plan.contains("Index Scan") && !plan.contains("Seq Scan"), "\(name): \(plan)")
            // The cursor bounds the index range (the planner may still sort what lies past it,
            // as it guesses how many rows the rules keep).
            #expect(
                plan.contains("Index Cond: ") && plan.contains("ROW(\"key:"), "\(name) starts at its cursor: \(plan)")
            if name.hasSuffix("reposts") { #expect(sql.walk(bound: 1, selecting: "id") != nil) }
        }
        // What the store itself reads agrees with the order.
        let read = try store.collection("users/\(viewer)/notifications").order(by: "createdAt", descending: true)
            .limit(to: 3).getDocuments().documents.map(\.documentID)
        #expect(read == ["like-post1999-acct199", "like-post1998-acct198", "like-post1997-acct197"])
        let walked = try reposts.order(by: "repostedAt", descending: true).limit(to: 100).getDocuments().documents
        let times = walked.compactMap { $0.get("repostedAt")?.dateValue }
        #expect(walked.count == 100 && times == times.sorted(by: >))
    }
}
