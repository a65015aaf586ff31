import DocStore
import Foundation

/// What a person marks a post with besides the heart: a private bookmark
/// (`users/{uid}/bookmarks/{tweetId}`, `{bookmarkedAt}`), or a repost
/// (`users/{uid}/user-reposts/{tweetId}`, `{repostedAt}`), which the post counts in `reposts`
/// exactly as it counts likes.
public enum PostMark: String, CaseIterable, Sendable, Codable {
    case bookmark
    case repost

    /// The collection under `users/{uid}` that holds the marks.
    public var collection: String {
        switch self {
        case .bookmark: "bookmarks"
        case .repost: "user-reposts"
        }
    }

    /// The field that says when.
    public var stampField: String {
        switch self {
        case .bookmark: "bookmarkedAt"
        case .repost: "repostedAt"
        }
    }

    /// The post's counter of these marks (bookmarks are private: not counted).
    public var counter: String? {
        switch self {
        case .bookmark: nil
        case .repost: "reposts"
        }
    }

    /// The team server's function that writes the mark as the signed-in account.
    var serverFunction: String {
        switch self {
        case .bookmark: "tern_bookmark"
        case .repost: "tern_repost"
        }
    }

    var signIn: SignInRequired.Action {
        switch self {
        case .bookmark: .bookmark
        case .repost: .repost
        }
    }
}

/// How a mark is written on one kind of store: the mark document and (for reposts) the
/// post's counter together, idempotently: marking a marked post changes nothing.
public protocol PostMarkWriter: Sendable {
    /// Throws `ServiceError.postNotFound` when there is no such post.
    func setMarked(_ mark: PostMark, _ marked: Bool, tweetID: String, uid: String, in store: DocumentStore) throws
}

/// The embedded store (and a replica): one transaction reads the mark and, only when it
/// changes, writes it and `.increment(±1)`s the counter, as `TransactionLikeWriter` does.
public struct TransactionMarkWriter: PostMarkWriter {
    public init() {}

    public func setMarked(_ mark: PostMark, _ marked: Bool, tweetID: String, uid: String, in store: DocumentStore)
        throws
    {
        let post = store.collection("tweets").document(tweetID)
        let reference = store.document("users/\(uid)/\(mark.collection)/\(tweetID)")
        do {
            try store.runTransaction { transaction in
                let existing = try transaction.get(reference)
                if marked != existing.exists, let counter = mark.counter {
                    try transaction.updateData([counter: .increment(marked ? 1 : -1)], forDocument: post)
                } else if try !transaction.get(post).exists {
                    throw ServiceError.postNotFound(tweetID)
                }
                if marked && !existing.exists {
                    try transaction.setData([mark.stampField: .serverTimestamp], forDocument: reference)
                } else if !marked && existing.exists {
                    try transaction.deleteDocument(reference)
                }
                if mark == .repost, marked != existing.exists, NotificationRecord.recordsHere,
                    let author = try transaction.get(post).get("uid")?.stringValue
                {
                    let record = marked ? NotificationRecord.record : NotificationRecord.takeBack
                    try record(.repost, author, uid, tweetID, transaction, store)
                }
            }
        } catch StoreError.notFound(_) {
            throw ServiceError.postNotFound(tweetID)
        }
    }
}

/// A team server: `tern_bookmark` and `tern_repost` (Resources/server/12-conversations.sql)
/// mark as the login role and keep the counter themselves.
public struct ServerMarkWriter: PostMarkWriter {
    public init() {}

    public func setMarked(_ mark: PostMark, _ marked: Bool, tweetID: String, uid: String, in store: DocumentStore)
        throws
    {
        let touching = [
            store.collection("tweets").document(tweetID), store.document("users/\(uid)/\(mark.collection)/\(tweetID)"),
        ]
        do {
            try store.callServerFunction(
                mark.serverFunction, arguments: [tweetID, marked ? "true" : "false"], touching: touching)
        } catch let error as StoreError where error.code == .sqlState("P0002") {
            throw ServiceError.postNotFound(tweetID)
        }
    }
}

extension TweetService {
    func marks(_ mark: PostMark, of uid: String) -> CollectionReference {
        store.collection("users").document(uid).collection(mark.collection)
    }

    /// Marks (or unmarks) a post as the signed-in user, reading nothing back: the write
    /// path (`WriteIntent.apply`).
    public func writeMark(_ mark: PostMark, _ marked: Bool, tweetID: String, session: Session?) throws {
        let session = try SessionProof.writer(session, mark.signIn, in: store)
        guard Self.isValidID(tweetID) else { throw ServiceError.postNotFound(tweetID) }
        let writer: PostMarkWriter = rowsOffThread ? ServerMarkWriter() : TransactionMarkWriter()
        try writer.setMarked(mark, marked, tweetID: tweetID, uid: session.uid, in: store)
    }

    /// The ids among `tweetIDs` that `uid` marked, with when: one query per 1000 ids.
    public func marked(_ mark: PostMark, among tweetIDs: [String], uid: String) throws -> [String: Date] {
        var result: [String: Date] = [:]
        let ids = Array(Set(tweetIDs.filter(Self.isValidID)))
        for start in stride(from: 0, to: ids.count, by: 1000) {
            let chunk = ids[start..<min(start + 1000, ids.count)].map { FieldValue.string($0) }
            for document in try run(marks(mark, of: uid).whereField(FieldPath.documentID, in: chunk)) {
                result[document.documentID] = document.get(mark.stampField)?.dateValue ?? .distantPast
            }
        }
        return result
    }

    /// `rows` with the viewer's bookmarks and reposts among them filled in (one query each).
    func withMarks(_ rows: [FeedPost], viewer: Session) throws -> [FeedPost] {
        guard !rows.isEmpty else { return rows }
        let ids = rows.map(\.id)
        let bookmarked = try marked(.bookmark, among: ids, uid: viewer.uid)
        let reposted = try marked(.repost, among: ids, uid: viewer.uid)
        return rows.map { row in
            var row = row
            row.bookmarkedAt = bookmarked[row.id]
            row.didBookmark = row.bookmarkedAt != nil
            row.didRepost = reposted[row.id] != nil
            return row
        }
    }
}

extension TweetService {
    /// Rows for the viewer's bookmark documents, in their order: the posts in one query per
    /// 1000, then as any page's rows. Bookmarks of posts that no longer exist are left out.
    func bookmarkedRows(_ documents: [DocumentSnapshot], viewer: Session?, onSkipped: (Error) -> Void = { _ in })
        throws -> [FeedPost]
    {
        guard !documents.isEmpty else { return [] }
        let ids = documents.map(\.documentID)
        var posts: [String: Tweet] = [:]
        for start in stride(from: 0, to: ids.count, by: 1000) {
            let chunk = ids[start..<min(start + 1000, ids.count)].map { FieldValue.string($0) }
            let decoded = DecodedDocuments(try run(tweets.whereField(FieldPath.documentID, in: chunk))) {
                try Tweet(snapshot: $0)
            }
            for post in decoded.values { posts[post.id] = post }
            if let notice = decoded.notice { onSkipped(notice) }
        }
        return try rows(for: documents.compactMap { posts[$0.documentID] }.map { ($0, nil) }, viewer: viewer)
    }
}
