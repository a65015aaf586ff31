import DocStore
import Domain
import Foundation

/// The `timeline` section of `make bench`: a page of the Following view (the posts of the
/// 200 people the viewer follows and the viewer's own, merged with their reposts, each post
/// once) against a page of All, on the same store in the same run, 50 consecutive pages of
/// 50 each way. The data set: `TERN_BENCH_ACCOUNTS` accounts (1,000) each following
/// `TERN_BENCH_FOLLOWS` (200), `TERN_BENCH_POSTS` posts (100,000), every account reposting
/// 20 posts.
enum TimelineBench {
    static func setting(_ name: String, _ fallback: Int) -> Int {
        ProcessInfo.processInfo.environment[name].flatMap { Int($0) } ?? fallback
    }

    static let accounts = setting("TERN_BENCH_ACCOUNTS", 1_000)
    static let follows = setting("TERN_BENCH_FOLLOWS", 200)
    static let posts = setting("TERN_BENCH_POSTS", 100_000)
    static let repostsEach = 20
    static let pageSize = 50
    static let pages = 50

    static func run() throws {
        let root = NSTemporaryDirectory() + "tern-timelinebench-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let paths = AppPaths(
            dataDirectory: root + "/data", sessionFile: root + "/state/session",
            configFile: root + "/config", resourcesDirectory: root + "/none")
        let services = try AppServices.open(paths: paths, seedSample: false)
        let session = try services.auth.register(email: "viewer@example.com", password: "correct horse battery")
        let buildTime = try measure { try build(services.store, viewer: session.uid) }
        print(
            "timeline: \(accounts) accounts each following \(follows), \(posts) posts, "
                + "\(accounts * repostsEach) reposts; built in \(String(format: "%.1f s", buildTime))")

        func walk(_ kind: FeedKind) throws -> (Timings, Int) {
            var times: [Double] = []
            var position: FeedPosition?
            var rows = 0
            for _ in 0..<pages {
                var page: [FeedPost] = []
                times.append(
                    try measure {
                        page = try services.tweets.rows(kind, after: position, limit: pageSize, viewer: session)
                    })
                rows += page.count
                guard let last = page.last else { break }
                position = last.position(in: kind)
            }
            return (Timings(times), rows)
        }
        _ = try walk(.all)  // warm the indexes both views use
        _ = try walk(.following)
        let (all, allRows) = try walk(.all)
        let (following, followingRows) = try walk(.following)
        print(
            "timeline: \(pages) consecutive pages of \(pageSize) each way "
                + "(All \(allRows) rows, Following \(followingRows))")
        print("  All page          median \(ms(all.p50))  p99 \(ms(all.p99))")
        print("  Following page    median \(ms(following.p50))  p99 \(ms(following.p99))")
        print(
            "  ratio (Following / All)  median \(FeedBench.ratio(following.p50, all.p50))  p99 "
                + "\(FeedBench.ratio(following.p99, all.p99))  (target: within 2×)")
    }

    /// The accounts (the viewer follows the first `follows`), their follows, the posts
    /// (newest first by account in turn) and each account's reposts, in batches.
    static func build(_ store: DocumentStore, viewer: String) throws {
        let base = Date(timeIntervalSince1970: 1_790_000_000)
        let writes = BatchedWrites(store)
        var batch: WriteBatch { writes.batch }
        for index in 0..<accounts {
            let user = User(
                id: "account\(index)", email: "account\(index)@example.com", displayName: "Account \(index)",
                username: "account\(index)", createdOn: base, isUserOnboarded: true)
            try batch.setData(from: user, forDocument: store.collection("users").document(user.id))
            try writes.added()
            for step in 1...follows {
                let other = (index + step * 3) % accounts
                batch.setData(
                    ["followedAt": .timestamp(base)],
                    forDocument: store.document("users/account\(index)/following/account\(other)"))
                try writes.added()
            }
        }
        for step in 0..<follows {
            batch.setData(
                ["followedAt": .timestamp(base.addingTimeInterval(Double(step)))],
                forDocument: store.document("users/\(viewer)/following/account\(step * 3 % accounts)"))
            try writes.added()
        }
        var reposted: [Int: Int] = [:]
        for index in 0..<accounts {
            for step in 0..<repostsEach { reposted[(index * 7919 + step * 104_729) % posts, default: 0] += 1 }
        }
        for index in 0..<posts {
            batch.setData(
                [
                    "caption": .string("Post number \(index) about nothing in particular"),
                    "timestamp": .timestamp(base.addingTimeInterval(-Double(index))),
                    "uid": .string("account\(index % accounts)"), "likes": .int(0),
                    "reposts": .int(reposted[index] ?? 0),
                ], forDocument: store.collection("tweets").document(String(format: "post%06d", index)))
            try writes.added()
        }
        for index in 0..<accounts {
            for step in 0..<repostsEach {
                let post = (index * 7919 + step * 104_729) % posts
                batch.setData(
                    ["repostedAt": .timestamp(base.addingTimeInterval(-Double(post) + 0.5))],
                    forDocument: store.document(
                        "users/account\(index)/user-reposts/" + String(format: "post%06d", post)))
                try writes.added()
            }
        }
        try writes.finish()
    }
}
