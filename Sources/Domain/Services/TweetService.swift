import DocStore
import Foundation

/// Posts and likes: `tweets/{id}` and `users/{uid}/user-likes/{tweetId}`.
///
/// Like and unlike are one transaction (the user-like document and `.increment(±1)` on the
/// counter), idempotent: the like's existence is checked inside it. A page's `didLike` and
/// authors are resolved with one `in` query each, never one query per post.
public final class TweetService: @unchecked Sendable {
    // @unchecked: its references never change, the store serialises every call, and `queries`
    // is counted under `counterLock`.
    let store: DocumentStore
    let users: UserService
    let likeWriter: LikeWriter
    let postRemover: PostRemover
    /// On a team server live lists make their rows off the thread that delivers snapshots.
    let rowsOffThread: Bool
    /// Queries this service has run: the tests use it to check that a page costs a fixed
    /// number of queries whatever its size.
    var queryCount: Int { counterLock.withLock { queries } }
    private var queries = 0
    /// Rows this service has made (each post read with its author): the tests use it to
    /// check that a like makes its one row again, not the window's.
    public var rowsMade: Int { counterLock.withLock { rows } }
    private var rows = 0
    private let counterLock = NSLock()

    func countQuery() { counterLock.withLock { queries += 1 } }

    /// `onServer`: the store is a team server, where likes go through its `tern_like`
    /// function instead of a client transaction.
    public init(store: DocumentStore, onServer: Bool = false) {
        self.store = store
        self.users = UserService(store: store)
        self.likeWriter = onServer ? ServerLikeWriter() : TransactionLikeWriter()
        self.postRemover = onServer ? ServerPostRemover() : TransactionPostRemover()
        self.rowsOffThread = onServer
    }

    /// Where a new listener makes its rows (see `RowMaking`).
    func rowMaking() -> RowMaking {
        RowMaking(store: store, offThread: rowsOffThread)
    }

    var tweets: CollectionReference { store.collection("tweets") }

    func likes(of uid: String) -> CollectionReference {
        store.collection("users").document(uid).collection("user-likes")
    }

    func run(_ query: Query) throws -> [DocumentSnapshot] {
        countQuery()
        return try query.getDocuments().documents
    }

    // MARK: Writing

    /// Posts `text` (validated: 1–280 characters after trimming, no controls) as the
    /// signed-in user, whose profile must be finished (`ServiceError.profileNotFinished`);
    /// the timestamp is the commit time. `id` is the post's id when the
    /// client drew it beforehand (a queued post): if the author's post with that id exists
    /// already, this is a no-op that returns it, so a post sent twice is one post.
    @discardableResult
    public func post(
        _ text: String, id: String? = nil, placeID: String? = nil, place: PostPlace? = nil, session: Session?
    ) throws -> FeedPost {
        let tweet = try writePost(text, id: id, placeID: placeID, place: place, session: session)
        return try rows(for: [(tweet, nil)], viewer: session)[0]
    }

    /// The same, without reading the post's row back (the write path, `WriteIntent.apply`).
    @discardableResult
    public func writePost(
        _ text: String, id: String? = nil, placeID: String? = nil, place: PostPlace? = nil, session: Session?
    ) throws -> Tweet {
        let session = try SessionProof.writer(session, .post, in: store)
        let caption = try Validation.postText(text)
        try checkCanPost(session)
        if let id, !Self.isValidID(id) { throw ServiceError.postNotFound(id) }
        let reference = id.map { tweets.document($0) } ?? tweets.document()
        let mentioned = try mentionedHere(in: caption)
        return try store.runTransaction { transaction -> Tweet in
            if id != nil, case let existing = try transaction.get(reference), existing.exists,
                existing.get("uid") == .string(session.uid)
            {
                return try Tweet(snapshot: existing)
            }
            var fields: [String: WriteValue] = [
                "caption": .string(caption), "timestamp": .serverTimestamp, "uid": .string(session.uid),
                "likes": .int(0),
            ]
            if let placeID, !placeID.isEmpty {
                fields["placeID"] = .string(placeID)
                if let place { fields["place"] = place.field }
            }
            try transaction.setData(fields, forDocument: reference)
            try recordMentions(of: mentioned, postID: reference.documentID, author: session.uid, in: transaction)
            return try Tweet(snapshot: transaction.get(reference))
        }
    }

    /// Likes a post as the signed-in user and returns it as it is now (for a caller that
    /// shows it, as `tern like` does). Liking a liked post changes nothing.
    @discardableResult
    public func like(tweetID: String, session: Session?) throws -> FeedPost {
        try setLiked(true, tweetID: tweetID, session: session)
    }

    /// Takes the signed-in user's like back and returns the post as it is now. Unliking a
    /// post not liked changes nothing.
    @discardableResult
    public func unlike(tweetID: String, session: Session?) throws -> FeedPost {
        try setLiked(false, tweetID: tweetID, session: session)
    }

    /// Likes a post again as it was liked at `likedAt` (an unlike undone), so it goes back
    /// to its place in the Liked view; a team server stamps the like itself (now).
    public func restoreLike(tweetID: String, likedAt: Date, session: Session?) throws {
        let session = try SessionProof.writer(session, .likePosts, in: store)
        guard Self.isValidID(tweetID) else { throw ServiceError.postNotFound(tweetID) }
        try likeWriter.setLiked(true, tweetID: tweetID, uid: session.uid, likedAt: likedAt, in: store)
    }

    /// Toggles the heart: likes when not liked, unlikes when liked, in one transaction.
    @discardableResult
    public func toggleLike(tweetID: String, session: Session?) throws -> FeedPost {
        try setLiked(nil, tweetID: tweetID, session: session)
    }

    /// Writes the like only (`liked == nil` toggles), reading nothing back: the write path
    /// (`WriteIntent.apply`), whose screens hear of the change from their listeners.
    public func writeLike(_ liked: Bool?, tweetID: String, session: Session?) throws {
        let session = try SessionProof.writer(session, .likePosts, in: store)
        guard Self.isValidID(tweetID) else { throw ServiceError.postNotFound(tweetID) }
        try likeWriter.setLiked(liked, tweetID: tweetID, uid: session.uid, in: store)
    }

    /// The like written, then the post read as the viewer now sees it.
    func setLiked(_ liked: Bool?, tweetID: String, session: Session?) throws -> FeedPost {
        try writeLike(liked, tweetID: tweetID, session: session)
        guard let row = try post(id: tweetID, viewer: session) else { throw ServiceError.postNotFound(tweetID) }
        return row
    }

    // MARK: Reading

    /// One post as `viewer` sees it, nil when there is none.
    public func post(id: String, viewer: Session?) throws -> FeedPost? {
        guard Self.isValidID(id) else { return nil }
        let snapshot = try tweets.document(id).getDocument()
        guard snapshot.exists else { return nil }
        return try rows(for: [(Tweet(snapshot: snapshot), nil)], viewer: viewer).first
    }

    /// A page of `kind` for `viewer`, `limit` rows after `cursor`. A page costs three
    /// queries whatever its size: the posts, their authors, the viewer's likes among them.
    public func page(_ kind: FeedKind, limit: Int = 50, after cursor: FeedCursor? = nil, viewer: Session?) throws
        -> FeedPage
    {
        let limit = max(1, limit)
        switch kind {
        case .following:
            let session = try SessionProof.writer(viewer, .viewFollowing, in: store)
            let page = try followingRows(viewer: session, after: nil, limit: limit, newestFirst: true)
            return FeedPage(posts: page.rows, next: nil, isEnd: page.isEnd)
        case .liked:
            let session = try SessionProof.writer(viewer, .viewLikedPosts, in: store)
            var query = likes(of: session.uid).order(by: "likedAt", descending: true).limit(to: limit)
            if let cursor { query = query.start(afterDocument: cursor.snapshot) }
            let likeDocuments = try run(query)
            var notice: String?
            let rows = try unmuted(likedRows(likeDocuments, viewer: session) { notice = "\($0)" }, kind, viewer)
            return FeedPage(
                posts: rows, next: likeDocuments.count == limit ? likeDocuments.last.map(FeedCursor.init) : nil,
                notice: notice)
        case .bookmarks:
            let session = try SessionProof.writer(viewer, .viewBookmarks, in: store)
            var query = marks(.bookmark, of: session.uid).order(by: "bookmarkedAt", descending: true).limit(to: limit)
            if let cursor { query = query.start(afterDocument: cursor.snapshot) }
            let documents = try run(query)
            var notice: String?
            let rows = try unmuted(bookmarkedRows(documents, viewer: session) { notice = "\($0)" }, kind, viewer)
            return FeedPage(
                posts: rows, next: documents.count == limit ? documents.last.map(FeedCursor.init) : nil, notice: notice)
        case .all, .author, .place:
            let documents = try run(postsQuery(kind, limit: limit, after: cursor))
            let posts = DecodedDocuments(documents) { try Tweet(snapshot: $0) }
            let rows = try unmuted(rows(for: posts.values.map { ($0, nil) }, viewer: viewer), kind, viewer)
            return FeedPage(
                posts: rows, next: documents.count == limit ? documents.last.map(FeedCursor.init) : nil,
                notice: posts.notice.map { "\($0)" })
        }
    }

    /// Calls `onChange` with the first page of `kind` now and whenever it changes: a post
    /// added, a counter moved (by anyone, in any process once `pollExternalChanges` runs), or
    /// in the Liked view a like given or taken back. Remove the registration to stop. A
    /// failed re-read calls `onError` (the listener retries on the next change); posts that
    /// cannot be decoded are left out of the page and reported to `onError` too.
    public func observe(
        _ kind: FeedKind, limit: Int = 50, viewer: Session?,
        onChange: @escaping (FeedPage) -> Void,
        onError: @escaping (Error) -> Void = { _ in }
    ) throws -> ListenerRegistration {
        switch kind {
        case .following:
            return try observeFollowingWindow(
                after: nil, limit: max(1, limit), viewer: viewer, onChange: onChange, onError: onError)
        case .liked, .bookmarks:
            let query = try orderedQuery(kind, viewer: viewer, newestFirst: true).limit(to: limit)
            let making = rowMaking()
            return try query.addSnapshotListener(
                { [weak self] snapshot in
                    making.deliver(
                        { notice in
                            guard let self else { return nil }
                            let rows = try self.rows(of: snapshot.documents, kind, viewer: viewer, onSkipped: notice)
                            return FeedPage(
                                posts: rows,
                                next: snapshot.count == limit ? snapshot.documents.last.map(FeedCursor.init) : nil)
                        }, onChange: onChange, onError: onError)
                }, onError: onError)
        case .all, .author, .place:
            let making = rowMaking()
            return try postsQuery(kind, limit: limit, after: nil).addSnapshotListener(
                { [weak self] snapshot in
                    making.deliver(
                        { notice in
                            guard let self else { return nil }
                            let posts = DecodedDocuments(snapshot.documents) { try Tweet(snapshot: $0) }
                            let rows = try self.rows(for: posts.values.map { ($0, nil) }, viewer: viewer)
                            if let skipped = posts.notice { notice(skipped) }
                            return FeedPage(
                                posts: rows,
                                next: snapshot.count == limit ? snapshot.documents.last.map(FeedCursor.init) : nil)
                        }, onChange: onChange, onError: onError)
                }, onError: onError)
        }
    }

    /// The ids among `tweetIDs` that `uid` liked, with when: ONE query
    /// (`user-likes` where documentID in the ids), at most 1000 ids per query.
    public func likedAt(among tweetIDs: [String], uid: String) throws -> [String: Date] {
        var result: [String: Date] = [:]
        let ids = Array(Set(tweetIDs.filter(Self.isValidID)))
        for start in stride(from: 0, to: ids.count, by: 1000) {
            let chunk = ids[start..<min(start + 1000, ids.count)].map { FieldValue.string($0) }
            for document in try run(likes(of: uid).whereField(FieldPath.documentID, in: chunk)) {
                result[document.documentID] = document.get("likedAt")?.dateValue ?? .distantPast
            }
        }
        return result
    }

    // MARK: Rows

    func postsQuery(_ kind: FeedKind, limit: Int, after cursor: FeedCursor?) -> Query {
        var query: Query = tweets
        if case .author(let uid) = kind { query = query.whereField("uid", isEqualTo: .string(uid)) }
        if case .place(let id) = kind { query = query.whereField("placeID", isEqualTo: .string(id)) }
        query = query.order(by: "timestamp", descending: true).limit(to: limit)
        if let cursor { query = query.start(afterDocument: cursor.snapshot) }
        return query
    }

    /// Rows for posts, with authors (one query) and the viewer's likes (one query).
    func rows(for tweets: [(Tweet, Date?)], viewer: Session?) throws -> [FeedPost] {
        var rows = try withMentions(authored(tweets.map(\.0)))
        guard let viewer, !rows.isEmpty else { return rows }
        let liked = try likedAt(among: rows.map(\.id), uid: viewer.uid)
        for index in rows.indices {
            rows[index].likedAt = liked[rows[index].id]
            rows[index].didLike = rows[index].likedAt != nil
        }
        return try withMarks(rows, viewer: viewer)
    }

    /// Rows for the viewer's like documents, in their order: the posts in one query, the
    /// authors in another. Likes of posts that no longer exist are left out.
    func likedRows(
        _ likeDocuments: [DocumentSnapshot], viewer: Session? = nil, onSkipped: (Error) -> Void = { _ in }
    ) throws -> [FeedPost] {
        guard !likeDocuments.isEmpty else { return [] }
        let ids = likeDocuments.map(\.documentID)
        var posts: [String: Tweet] = [:]
        for start in stride(from: 0, to: ids.count, by: 1000) {
            let chunk = ids[start..<min(start + 1000, ids.count)].map { FieldValue.string($0) }
            let decoded = DecodedDocuments(try run(tweets.whereField(FieldPath.documentID, in: chunk))) {
                try Tweet(snapshot: $0)
            }
            for post in decoded.values { posts[post.id] = post }
            if let notice = decoded.notice { onSkipped(notice) }
        }
        let ordered = likeDocuments.compactMap { like in
            posts[like.documentID].map { ($0, like.get("likedAt")?.dateValue) }
        }
        var rows = try authored(ordered.map(\.0))
        for index in rows.indices {
            rows[index].didLike = true
            rows[index].likedAt = ordered[index].1
        }
        return try viewer.map { try withMarks(rows, viewer: $0) } ?? rows
    }

    /// Rows with the authors' names filled in by one `in` query on `users`.
    func authored(_ tweets: [Tweet]) throws -> [FeedPost] {
        guard !tweets.isEmpty else { return [] }
        countQuery()
        counterLock.withLock { rows += tweets.count }
        let authors = try users.users(ids: tweets.map(\.uid) + tweets.compactMap(\.replyToUid))
        return tweets.map { tweet in
            let author = authors[tweet.uid]
            var post = FeedPost(
                id: tweet.id, caption: tweet.caption, timestamp: tweet.timestamp, uid: tweet.uid,
                username: author?.username ?? "", displayName: author?.displayName ?? "",
                likes: tweet.likes, didLike: false, placeID: tweet.placeID)
            post.avatar = author?.avatar
            post.editedAt = tweet.editedAt
            post.reposts = tweet.reposts
            post.replyTo = tweet.replyTo
            post.replyToUsername = tweet.replyToUid.map { authors[$0]?.username ?? "" }
            post.replies = tweet.replies
            post.place = tweet.place
            return post
        }
    }

    /// Looks at bytes: a live list checks every post's author id on each delivery.
    static func isValidID(_ id: String) -> Bool {
        !id.isEmpty && !id.utf8.contains(UInt8(ascii: "/")) && id != "." && id != ".."
    }
}
