import DocStore
import Domain
import Foundation

/// The `feed` section of `make bench`: a feed page of 50 posts with `didLike` resolved, for
/// a user who liked 10,000 of 100,000 posts, the one-query way (`user-likes` where
/// documentID in the page's ids) against one read per post (the seeds' way), on the same
/// pages in the same run; a notifications page against the All page
/// (`FeedBench+Notifications`); and the time to sign in (deliberately slow scrypt).
enum FeedBench {
    static let postCount = 100_000
    static let likeEvery = 10
    static let authorCount = 100
    static let pageSize = 50
    static let pages = 200

    static func run() throws {
        let root = NSTemporaryDirectory() + "tern-feedbench-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let paths = AppPaths(
            dataDirectory: root + "/data", sessionFile: root + "/state/session",
            configFile: root + "/config", resourcesDirectory: root + "/none")
        let services = try AppServices.open(paths: paths, seedSample: false)

        var session: Session!
        let registerTime = try measure {
            session = try services.auth.register(email: "bench@example.com", password: "correct horse battery")
        }
        var signIns: [Double] = []
        for _ in 0..<5 {
            signIns.append(
                try measure {
                    _ = try services.auth.signIn(email: "bench@example.com", password: "correct horse battery")
                })
        }
        let wrong = measure { _ = try? services.auth.signIn(email: "bench@example.com", password: "wrong password!") }
        let unknown = measure {
            _ = try? services.auth.signIn(email: "nobody@example.com", password: "correct horse battery")
        }

        let buildTime = try measure { try build(services.store, liker: session.uid) }
        print(
            "feed: \(postCount) posts by \(authorCount) authors, \(postCount / likeEvery) liked by the viewer; "
                + "built in \(String(format: "%.1f s", buildTime))"
        )

        var oneQuery: [Double] = []
        var perPost: [Double] = []
        var resolveOne: [Double] = []
        var resolvePerPost: [Double] = []
        var cursor: FeedCursor?
        var checked = 0
        let likes = services.store.collection("users").document(session.uid).collection("user-likes")
        for _ in 0..<pages {
            var page: FeedPage!
            oneQuery.append(
                try measure { page = try services.tweets.page(.all, limit: pageSize, after: cursor, viewer: session) })
            var seeds: [FeedPost] = []
            perPost.append(
                try measure {
                    seeds = try services.tweets.page(.all, limit: pageSize, after: cursor, viewer: nil).posts
                    for index in seeds.indices {
                        seeds[index].didLike = try likes.document(seeds[index].id).getDocument().exists
                    }
                })
            let ids = page.posts.map(\.id)
            resolveOne.append(try measure { _ = try services.tweets.likedAt(among: ids, uid: session.uid) })
            resolvePerPost.append(try measure { for id in ids { _ = try likes.document(id).getDocument().exists } })
            guard page.posts.map(\.didLike) == seeds.map(\.didLike),
                page.posts.filter(\.didLike).count == pageSize / likeEvery
            else {
                throw FeedBenchFailure("the two ways disagree on a page")
            }
            checked += page.posts.count
            cursor = page.next
        }
        let full = (Timings(oneQuery), Timings(perPost))
        let resolve = (Timings(resolveOne), Timings(resolvePerPost))
        print("feed: \(pages) consecutive pages of \(pageSize) (\(checked) posts, both ways agree on every didLike)")
        print("  page with didLike, one query      median \(ms(full.0.p50))  p99 \(ms(full.0.p99))")
        print("  page with didLike, one per post   median \(ms(full.1.p50))  p99 \(ms(full.1.p99))")
        print(
            "  ratio (per post / one query)      median \(ratio(full.1.p50, full.0.p50))  p99 "
                + "\(ratio(full.1.p99, full.0.p99))"
        )
        print("  didLike only, one query           median \(ms(resolve.0.p50))  p99 \(ms(resolve.0.p99))")
        print("  didLike only, one per post        median \(ms(resolve.1.p50))  p99 \(ms(resolve.1.p99))")
        print(
            "  ratio (per post / one query)      median \(ratio(resolve.1.p50, resolve.0.p50))  p99 "
                + "\(ratio(resolve.1.p99, resolve.0.p99))"
        )
        try runNotifications(services, session: session)
        let signIn = Timings(signIns)
        print(
            "feed: register (scrypt N=2^17 r=8 p=1) \(ms(registerTime)); sign in median \(ms(signIn.p50)) max "
                + "\(ms(signIn.max)) of \(signIns.count); wrong password \(ms(wrong)); unknown email \(ms(unknown))"
        )
    }

    /// 100,000 posts (newest is `post 0`) by 100 authors; the viewer liked every tenth one,
    /// with the counter already 1: in batches of 10,000.
    static func build(_ store: DocumentStore, liker: String) throws {
        let base = Date(timeIntervalSince1970: 1_790_000_000)
        let authors = store.collection("users")
        var batch = store.batch()
        for index in 0..<authorCount {
            let user = User(
                id: "author\(index)", email: "author\(index)@example.com", displayName: "Author \(index)",
                username: "author\(index)", createdOn: base, isUserOnboarded: true)
            try batch.setData(from: user, forDocument: authors.document(user.id))
        }
        for index in 0..<postCount {
            let id = String(format: "post%06d", index)
            let liked = index % likeEvery == 0
            batch.setData(
                [
                    "caption": .string("Post number \(index) about nothing in particular"),
                    "timestamp": .timestamp(base.addingTimeInterval(-Double(index))),
                    "uid": .string("author\(index % authorCount)"),
                    "likes": .int(liked ? 1 : 0),
                ], forDocument: store.collection("tweets").document(id))
            if liked {
                batch.setData(
                    ["likedAt": .timestamp(base.addingTimeInterval(Double(index)))],
                    forDocument: store.document("users/\(liker)/user-likes/\(id)"))
            }
            if index % 10_000 == 9_999 {
                try batch.commit()
                batch = store.batch()
            }
        }
        try batch.commit()
    }

    static func ratio(_ a: Double, _ b: Double) -> String {
        b > 0 ? String(format: "%.1f×", a / b) : "n/a"
    }
}

struct FeedBenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
