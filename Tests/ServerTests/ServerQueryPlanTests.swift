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
}
