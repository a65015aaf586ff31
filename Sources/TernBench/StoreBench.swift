import CSQLite
import DocStore
import Foundation

/// The `store` section of `make bench`: the document store against SQLite used directly,
/// in the same run, on separate temporary files.
enum StoreBench {
    static func run() throws {
        let directory = NSTemporaryDirectory() + "tern-store-bench-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try likeBatch(in: directory)
        try feedPage(in: directory)
        try listenerFanOut(in: directory)
    }

    static func row(_ name: String, _ timings: Timings) {
        print(
            "  \(name.padding(toLength: 44, withPad: " ", startingAt: 0)) median \(ms(timings.p50))  p99 "
                + "\(ms(timings.p99))"
        )
    }

    /// One like: the user-like document set and the post's counter incremented, durably,
    /// against the same two statements on SQLite directly. Runs alternate so that disk
    /// noise hits both alike.
    static func likeBatch(in directory: String) throws {
        let commits = 600
        let store = try DocumentStore.open(path: directory + "/like.db", executor: .immediate)
        defer { store.close() }
        let tweet = store.document("tweets/t1")
        try tweet.setData(["likes": 0, "caption": "hello"])
        let raw = try RawSQLite(file: directory + "/like-raw.db")
        var storeTimes: [Double] = []
        var rawTimes: [Double] = []
        for i in 0..<commits {
            storeTimes.append(
                try measure {
                    let batch = store.batch()
                    batch.setData(
                        ["likedAt": .serverTimestamp], forDocument: store.document("users/u1/user-likes/t\(i)"))
                    batch.updateData(["likes": .increment(1)], forDocument: tweet)
                    try batch.commit()
                })
            rawTimes.append(try measure { try raw.like(i) })
        }
        raw.close()
        let (s, r) = (Timings(storeTimes), Timings(rawTimes))
        print("like batch (set + increment, WAL, synchronous=FULL), \(commits) commits each")
        row("DocStore batch", s)
        row("SQLite directly (same pragmas)", r)
        print(String(format: "  ratio (median) %.2f×   ratio (p99) %.2f×", s.p50 / r.p50, s.p99 / r.p99))
    }

    /// A 50-post feed page over 100,000 posts, a liked page, and counts.
    static func feedPage(in directory: String) throws {
        let store = try DocumentStore.open(path: directory + "/feed.db", executor: .immediate)
        defer { store.close() }
        let posts = 100_000
        let load = try measure {
            for chunk in stride(from: 0, to: posts, by: 5_000) {
                let batch = store.batch()
                for i in chunk..<min(chunk + 5_000, posts) {
                    batch.setData(
                        [
                            "caption": .string("post number \(i) about somewhere"), "uid": .string("u\(i % 100)"),
                            "likes": .int(Int64(i % 7)),
                            "timestamp": .timestamp(
                                Date(timeIntervalSince1970: 1_700_000_000 + Double(i * 37 % posts))),
                        ],
                        forDocument: store.document("tweets/t\(i)"))
                    if i % 50 == 0 {
                        batch.setData(
                            ["likedAt": .timestamp(Date(timeIntervalSince1970: 1_700_000_000 + Double(i)))],
                            forDocument: store.document("users/u1/user-likes/t\(i)"))
                    }
                }
                try batch.commit()
            }
        }
        print("feed over \(posts) posts (loaded in \(String(format: "%.1f", load)) s)")
        let feed = store.collection("tweets").order(by: "timestamp", descending: true).limit(to: 50)
        print("  first feed query (builds its index once)      \(ms(try measure { _ = try feed.getDocuments() }))")
        let liked = store.collection("users/u1/user-likes").order(by: "likedAt", descending: true).limit(to: 50)
        _ = try liked.getDocuments()
        var page: [Double] = []
        var next: [Double] = []
        var likedPage: [Double] = []
        var which: [Double] = []
        var counts: [Double] = []
        let ids = (0..<50).map { FieldValue.string("t\($0 * 10)") }
        for _ in 0..<200 {
            var first: QuerySnapshot?
            page.append(try measure { first = try feed.getDocuments() })
            if let last = first?.documents.last {
                next.append(try measure { _ = try feed.start(afterDocument: last).getDocuments() })
            }
            likedPage.append(try measure { _ = try liked.getDocuments() })
            which.append(
                try measure {
                    _ = try store.collection("users/u1/user-likes").whereField(FieldPath.documentID, in: ids)
                        .getDocuments()
                })
            counts.append(try measure { _ = try store.collection("tweets").count() })
        }
        row("feed page: 50 newest of 100,000", Timings(page))
        row("next page (cursor after the 50th)", Timings(next))
        row("liked page: 50 by likedAt of 2,000", Timings(likedPage))
        row("which of 50 ids are liked (one query)", Timings(which))
        row("count of 100,000", Timings(counts))
    }

    /// 100 query listeners on one collection; the time from a commit's call to the last
    /// callback, next to the same commit with no listeners.
    static func listenerFanOut(in directory: String) throws {
        let store = try DocumentStore.open(path: directory + "/listen.db", executor: .immediate)
        defer { store.close() }
        let messages = store.collection("rooms/r1/messages")
        for i in 0..<20 { try messages.document("m\(i)").setData(["at": .int(Int64(i)), "text": "hello"]) }
        let rounds = 300
        var alone: [Double] = []
        for i in 0..<rounds {
            alone.append(try measure { try messages.document("a\(i)").setData(["at": .int(Int64(1000 + i))]) })
        }

        var firstCallback = 0.0
        var lastCallback = 0.0
        var calls = 0
        var registrations: [ListenerRegistration] = []
        for _ in 0..<100 {
            registrations.append(
                try messages.order(by: "at", descending: true).limit(to: 20).addSnapshotListener { _ in
                    lastCallback = now()
                    if calls % 100 == 0 { firstCallback = lastCallback }
                    calls += 1
                })
        }
        calls = 0
        var fanOut: [Double] = []
        var delivery: [Double] = []
        for i in 0..<rounds {
            let start = now()
            try messages.document("b\(i)").setData(["at": .int(Int64(10_000 + i))])
            fanOut.append(lastCallback - start)
            delivery.append(lastCallback - firstCallback)
        }
        var polls: [Double] = []
        for _ in 0..<1000 { polls.append(try measure { try store.pollExternalChanges() }) }
        for registration in registrations { registration.remove() }
        print("listener fan-out: 100 query listeners, \(rounds) commits (\(calls) callbacks)")
        row("commit, no listeners", Timings(alone))
        row("commit to the 100th callback", Timings(fanOut))
        row("1st to 100th callback", Timings(delivery))
        row("idle pollExternalChanges (100 listeners)", Timings(polls))
    }
}

/// The like written straight to SQLite with the store's pragmas, as the baseline.
private final class RawSQLite {
    private var db: OpaquePointer?
    private var insert: OpaquePointer?
    private var update: OpaquePointer?

    init(file: String) throws {
        guard sqlite3_open(file, &db) == SQLITE_OK else { throw BenchFailure.sqlite("open \(file)") }
        try exec("PRAGMA busy_timeout = 10000; PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL")
        try exec(
            """
            CREATE TABLE likes (uid TEXT, tid TEXT, likedAt REAL, PRIMARY KEY (uid, tid));
            CREATE TABLE tweets (id TEXT PRIMARY KEY, likes INTEGER)
            """)
        try exec("INSERT INTO tweets VALUES ('t1', 0)")
        sqlite3_prepare_v2(db, "INSERT OR REPLACE INTO likes VALUES ('u1', ?, ?)", -1, &insert, nil)
        sqlite3_prepare_v2(db, "UPDATE tweets SET likes = likes + 1 WHERE id = 't1'", -1, &update, nil)
    }

    func exec(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw BenchFailure.sqlite(String(cString: sqlite3_errmsg(db)))
        }
    }

    func like(_ i: Int) throws {
        try exec("BEGIN IMMEDIATE")
        sqlite3_bind_text(insert, 1, "t\(i)", -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        sqlite3_bind_double(insert, 2, Date().timeIntervalSince1970)
        guard sqlite3_step(insert) == SQLITE_DONE, sqlite3_step(update) == SQLITE_DONE else {
            throw BenchFailure.sqlite(String(cString: sqlite3_errmsg(db)))
        }
        sqlite3_reset(insert)
        sqlite3_reset(update)
        try exec("COMMIT")
    }

    func close() {
        sqlite3_finalize(insert)
        sqlite3_finalize(update)
        sqlite3_close(db)
    }
}

private enum BenchFailure: Error {
    case sqlite(String)
}
