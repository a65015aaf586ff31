import DocStore
import Foundation

/// Who reposted a post into a Following view: `repostedBy` in `tern feed --json`.
public struct FeedPerson: Equatable, Sendable {
    public var uid: String
    public var username: String
    public var displayName: String

    public init(uid: String, username: String, displayName: String) {
        self.uid = uid
        self.username = username
        self.displayName = displayName
    }
}

/// The Following view (the home timeline): the posts of the people the viewer follows and
/// the viewer's own, with their reposts, newest first. Nothing is copied when someone
/// posts or reposts: a page is read from two index ranges, `tweets` where `uid` is in the
/// set (one `in` query) and the set's `users/{uid}/user-reposts` (one query over those
/// collections), merged by time on the cursor (time, post id). A post shows once, at its
/// newest appearance: a repost by a followed person lifts it, with `↻ NAME reposted`.
extension TweetService {
    /// The most people whose posts a Following page reads (one `in` filter holds 1000 values).
    public static let followedLimit = 999

    /// The viewer and the people they follow (most recently followed first, at most
    /// `followedLimit`), without those the viewer mutes, whose posts and reposts leave the
    /// view: two queries.
    func followedSet(of uid: String) throws -> [String] {
        try followedSet(of: uid, mutes: MuteFilter(muted: MuteService.mutedIDs(of: uid, in: store)))
    }

    /// The same, with the viewer's mutes already read.
    func followedSet(of uid: String, mutes: MuteFilter) throws -> [String] {
        countQuery()
        let following = try store.collection("users").document(uid).collection("following")
            .order(by: "followedAt", descending: true).limit(to: Self.followedLimit).documentIDs()
        return [uid] + following.filter { $0 != uid && !mutes.hides($0) }
    }

    private func postsOf(_ set: [String]) -> Query {
        tweets.whereField("uid", in: set.map { FieldValue.string($0) })
    }

    private func repostsOf(_ set: [String]) -> Query {
        store.collection("users/\(set[0])/user-reposts")
            .including(collections: set.dropFirst().map { "users/\($0)/user-reposts" })
    }

    /// One entry of the merged order: a post at its time, or a repost at its.
    private struct Entry {
        var key: Date
        var id: String
        var reposter: String?
    }

    /// Up to `limit` rows of the Following view after `position` in its order (newest first
    /// when `newestFirst`, else oldest first), and whether the view ends there. Five queries
    /// whatever the page's size: the set, the two ranges, the reposts among the page's posts
    /// (so that a post shows once), then the rows' posts, authors and the viewer's marks.
    func followingRows(
        viewer: Session?, after position: FeedPosition?, limit: Int, newestFirst: Bool
    ) throws -> (rows: [FeedPost], isEnd: Bool) {
        let session = try SignInRequired.check(viewer, .viewFollowing)
        // Read once a page: it thins the set and, below, the reposts of muted people's posts.
        let mutes = MuteFilter(muted: try MuteService.mutedIDs(of: session.uid, in: store))
        let set = try followedSet(of: session.uid, mutes: mutes)
        let members = Set(set)
        // Built once: a query over 200 collections parses 200 paths.
        let setReposts = repostsOf(set)
        var kept: [Entry] = []
        var tweetsByID: [String: Tweet] = [:]
        var shown = Set<String>()
        var from = position
        var isEnd = false
        // A page that the rule "once, at its newest" thins is read on (a few times at most);
        // reading a quarter more than the page fills most pages at the first read.
        let readSize = limit + limit / 4 + 1
        for _ in 0..<8 where kept.count < limit && !isEnd {
            let read = try entries(
                of: set, reposts: setReposts, after: from, limit: readSize, newestFirst: newestFirst)
            isEnd = read.isEnd
            guard let last = read.page.last else { break }
            from = FeedPosition(key: last.key, id: last.id)
            let chosen = try newestAppearances(read.page, known: read.tweets, reposts: setReposts, members: members)
            tweetsByID.merge(chosen.tweets) { a, _ in a }
            for (index, entry) in read.page.enumerated() {
                if kept.count == limit {
                    isEnd = isEnd && index == read.page.count
                    break
                }
                guard chosen.tweets[entry.id] != nil, let best = chosen.newest[entry.id], best == entry.key,
                    !shown.contains(entry.id)
                else { continue }
                shown.insert(entry.id)
                kept.append(entry)
            }
        }
        var rows = try self.rows(for: kept.compactMap { tweetsByID[$0.id] }.map { ($0, nil) }, viewer: session)
        let reposters = try users.users(ids: kept.compactMap(\.reposter))
        for index in rows.indices {
            rows[index].timelineAt = kept[index].key
            if let uid = kept[index].reposter {
                let user = reposters[uid]
                rows[index].repostedBy = FeedPerson(
                    uid: uid, username: user?.username ?? "", displayName: user?.displayName ?? "")
            }
        }
        // A followed person's repost of a muted person's post leaves the view too.
        return (mutes.apply(rows), isEnd)
    }

    /// Up to `limit` entries after `position`: the two ranges merged in the view's order.
    private func entries(
        of set: [String], reposts setReposts: Query, after position: FeedPosition?, limit: Int, newestFirst: Bool
    ) throws -> (page: [Entry], tweets: [String: Tweet], isEnd: Bool) {
        var posts = postsOf(set).order(by: "timestamp", descending: newestFirst)
        var reposts = setReposts.order(by: PostMark.repost.stampField, descending: newestFirst)
        if let position {
            posts = posts.start(after: [.timestamp(position.key)], documentID: position.id)
            reposts = reposts.start(after: [.timestamp(position.key)], documentID: position.id)
        }
        let postDocuments = try run(posts.limit(to: limit))
        let repostDocuments = try run(reposts.limit(to: limit))
        var entries =
            postDocuments.compactMap { document in
                document.get("timestamp")?.dateValue.map { Entry(key: $0, id: document.documentID, reposter: nil) }
            }
            + repostDocuments.compactMap { document in
                document.get(PostMark.repost.stampField)?.dateValue.map {
                    Entry(key: $0, id: document.documentID, reposter: Self.owner(of: document))
                }
            }
        entries.sort { a, b in
            a.key != b.key ? (a.key > b.key) == newestFirst : (a.id > b.id) == newestFirst
        }
        var tweetsByID: [String: Tweet] = [:]
        for document in postDocuments {
            if let tweet = try? Tweet(snapshot: document) { tweetsByID[tweet.id] = tweet }
        }
        return (
            Array(entries.prefix(limit)), tweetsByID, postDocuments.count < limit && repostDocuments.count < limit
        )
    }

    /// The page's posts (`known` already read, the reposted others read here), and when each
    /// appears newest on the timeline (posted by the set, or reposted by it, wherever on the
    /// timeline that is): two queries.
    private func newestAppearances(
        _ page: [Entry], known: [String: Tweet], reposts setReposts: Query, members: Set<String>
    ) throws -> (tweets: [String: Tweet], newest: [String: Date]) {
        var tweetsByID: [String: Tweet] = [:]
        for id in Set(page.map(\.id)) { tweetsByID[id] = known[id] }
        let ids = Set(page.map(\.id)).filter { known[$0] == nil }.map { FieldValue.string($0) }
        if !ids.isEmpty {
            for document in try run(tweets.whereField(FieldPath.documentID, in: ids)) {
                if let tweet = try? Tweet(snapshot: document) { tweetsByID[tweet.id] = tweet }
            }
        }
        var newest: [String: Date] = [:]
        for tweet in tweetsByID.values where members.contains(tweet.uid) { newest[tweet.id] = tweet.timestamp }
        // Only a post someone reposted (its counter, or a repost on this page) can have a
        // newer appearance: the others cost no look-up over the set's collections.
        let reposted = Set(page.filter { $0.reposter != nil }.map(\.id))
            .union(tweetsByID.values.filter { $0.reposts > 0 }.map(\.id))
        guard !reposted.isEmpty else { return (tweetsByID, newest) }
        let lookups = reposted.map { FieldValue.string($0) }
        for document in try run(setReposts.whereField(FieldPath.documentID, in: lookups)) {
            guard let at = document.get(PostMark.repost.stampField)?.dateValue else { continue }
            newest[document.documentID] = max(at, newest[document.documentID] ?? .distantPast)
        }
        return (tweetsByID, newest)
    }

    /// The uid whose `user-reposts` holds `document`.
    private static func owner(of document: DocumentSnapshot) -> String {
        let segments = document.reference.path.split(separator: "/")
        return segments.count >= 2 ? String(segments[1]) : ""
    }

    /// How many entries the Following view has after `position` (all, without one): the
    /// posts and reposts of the set counted by the database; a post reposted by several of
    /// the set counts once for each, so this is an upper bound.
    func followingCount(viewer: Session?, after position: FeedPosition? = nil, newestFirst: Bool) throws -> Int {
        let session = try SignInRequired.check(viewer, .viewFollowing)
        let set = try followedSet(of: session.uid)
        var posts = postsOf(set).order(by: "timestamp", descending: newestFirst)
        var reposts = repostsOf(set).order(by: PostMark.repost.stampField, descending: newestFirst)
        if let position {
            posts = posts.start(after: [.timestamp(position.key)], documentID: position.id)
            reposts = reposts.start(after: [.timestamp(position.key)], documentID: position.id)
        }
        return try posts.count() + reposts.count()
    }

    /// Calls `onChange` with the Following window after `position` now and whenever a post,
    /// a repost of the set or the viewer's follows change.
    func observeFollowingWindow(
        after position: FeedPosition?, limit: Int, viewer: Session?,
        onChange: @escaping (FeedPage) -> Void, onError: @escaping (Error) -> Void
    ) throws -> ListenerRegistration {
        let session = try SignInRequired.check(viewer, .viewFollowing)
        let set = try followedSet(of: session.uid)
        let compute: () throws -> FollowingWindow = { [weak self] in
            guard let self else { return FollowingWindow(rows: [], isEnd: true) }
            let page = try self.followingRows(viewer: viewer, after: position, limit: limit, newestFirst: true)
            return FollowingWindow(rows: page.rows, isEnd: page.isEnd)
        }
        let deliver: (FollowingWindow) -> Void = { window in
            onChange(FeedPage(posts: window.rows, next: nil, isEnd: window.isEnd))
        }
        let failed: (StoreError) -> Void = { onError($0) }
        let listened: [Query] = [
            tweets, repostsOf(set), store.collection("users/\(session.uid)/following"), store.collection("users"),
            likes(of: session.uid), marks(.bookmark, of: session.uid),
        ]
        let registrations = try listened.map { try $0.addComputedListener(compute, deliver, onError: failed) }
        return ListenerRegistration(combining: registrations)
    }

    /// Calls `onChange` with the Following view's count now and whenever posts, reposts or
    /// follows change.
    func observeFollowingCount(
        viewer: Session?, onChange: @escaping (Int) -> Void, onError: @escaping (Error) -> Void
    ) throws -> ListenerRegistration {
        let session = try SignInRequired.check(viewer, .viewFollowing)
        let set = try followedSet(of: session.uid)
        let compute: () throws -> Int = { [weak self] in
            try self?.followingCount(viewer: viewer, newestFirst: true) ?? 0
        }
        let failed: (StoreError) -> Void = { onError($0) }
        let listened: [Query] = [tweets, repostsOf(set), store.collection("users/\(session.uid)/following")]
        let registrations = try listened.map { try $0.addComputedListener(compute, onChange, onError: failed) }
        return ListenerRegistration(combining: registrations)
    }
}

/// A Following window as its listener compares it.
struct FollowingWindow: Equatable {
    var rows: [FeedPost]
    var isEnd: Bool
}
