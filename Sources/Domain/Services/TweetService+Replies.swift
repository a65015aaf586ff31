import DocStore
import Foundation

/// A post, the chain of posts it answers and the posts that answer it (`tern thread`, `o`).
public struct PostThread: Sendable {
    /// The posts above, the thread's first post first; a deleted one is a row with
    /// `isDeleted` (and the chain stops there, since its own parent is gone with it).
    public var parents: [FeedPost]
    public var post: FeedPost
    /// The direct replies, oldest first.
    public var replies: [FeedPost]

    public init(parents: [FeedPost], post: FeedPost, replies: [FeedPost]) {
        self.parents = parents
        self.post = post
        self.replies = replies
    }

    /// Every row in reading order: the parents, the post, the replies.
    public var rows: [FeedPost] { parents + [post] + replies }
}

extension TweetService {
    /// How far up a thread reads, and how many replies it lists.
    static let threadParentsMax = 50
    static let threadRepliesMax = 500

    /// Writes `text` as the signed-in user's answer to `parentID`, as `writePost` writes a
    /// post (the same limits; `id` makes a reply sent twice one reply), and counts it in the
    /// parent's `replies` in the same transaction on the embedded store; a team server counts
    /// it itself (`tern_count_replies`, Resources/server/13-replies.sql). A parent that does
    /// not exist (never, or no longer) is `ServiceError.replyToMissing` and nothing is written.
    ///
    /// The one place a reply is written; the parent's author is notified in the same
    /// transaction (`NotificationRecord`), or by the server.
    @discardableResult
    public func writeReply(
        _ text: String, id: String? = nil, to parentID: String, placeID: String? = nil, place: PostPlace? = nil,
        session: Session?
    ) throws -> Tweet {
        let session = try SessionProof.writer(session, .post, in: store)
        let caption = try Validation.postText(text)
        guard Self.isValidID(parentID) else { throw ServiceError.replyToMissing(parentID) }
        try checkCanPost(session)
        if let id, !Self.isValidID(id) { throw ServiceError.postNotFound(id) }
        let reference = id.map { tweets.document($0) } ?? tweets.document()
        let parent = tweets.document(parentID)
        let countsHere = !rowsOffThread
        let mentioned = try mentionedHere(in: caption)
        return try store.runTransaction { transaction -> Tweet in
            if id != nil, case let existing = try transaction.get(reference), existing.exists,
                existing.get("uid") == .string(session.uid)
            {
                return try Tweet(snapshot: existing)
            }
            let answered = try transaction.get(parent)
            guard answered.exists, let parentAuthor = answered.get("uid")?.stringValue else {
                throw ServiceError.replyToMissing(parentID)
            }
            var fields: [String: WriteValue] = [
                "caption": .string(caption), "timestamp": .serverTimestamp, "uid": .string(session.uid),
                "likes": .int(0), "replyTo": .string(parentID), "replyToUid": .string(parentAuthor),
            ]
            if let placeID, !placeID.isEmpty {
                fields["placeID"] = .string(placeID)
                if let place { fields["place"] = place.field }
            }
            try transaction.setData(fields, forDocument: reference)
            if countsHere {
                try transaction.updateData(["replies": .increment(1)], forDocument: parent)
                try NotificationRecord.record(
                    .reply, recipient: parentAuthor, actor: session.uid, postID: reference.documentID,
                    in: transaction, store: store)
            }
            // The parent's author hears of the reply once, as a reply.
            try recordMentions(
                of: mentioned.filter { $0 != parentAuthor }, postID: reference.documentID, author: session.uid,
                in: transaction)
            return try Tweet(snapshot: transaction.get(reference))
        }
    }

    /// Writes the reply and reads it back as the viewer sees it (`tern reply`).
    @discardableResult
    public func reply(
        _ text: String, id: String? = nil, to parentID: String, placeID: String? = nil, place: PostPlace? = nil,
        session: Session?
    ) throws -> FeedPost {
        let tweet = try writeReply(text, id: id, to: parentID, placeID: placeID, place: place, session: session)
        return try rows(for: [(tweet, nil)], viewer: session)[0]
    }

    /// The query of the direct replies to `postID`, oldest first.
    func repliesQuery(to postID: String) -> Query {
        tweets.whereField("replyTo", isEqualTo: .string(postID)).order(by: "timestamp")
            .limit(to: Self.threadRepliesMax)
    }

    /// The thread of `postID` as `viewer` sees it: the post's parents read one by one up the
    /// chain, its replies in one query, then the rows (authors, likes, marks) in one pass.
    /// Throws `ServiceError.postNotFound` when the post itself does not exist.
    public func thread(of postID: String, viewer: Session?) throws -> PostThread {
        guard Self.isValidID(postID) else { throw ServiceError.postNotFound(postID) }
        let snapshot = try tweets.document(postID).getDocument()
        guard snapshot.exists else { throw ServiceError.postNotFound(postID) }
        let post = try Tweet(snapshot: snapshot)
        var parents: [Tweet] = []
        var deletedParent: String?
        var seen: Set<String> = [postID]
        var next = post.replyTo
        while let id = next, parents.count < Self.threadParentsMax, Self.isValidID(id), !seen.contains(id) {
            seen.insert(id)
            let parent = try tweets.document(id).getDocument()
            guard parent.exists, let tweet = try? Tweet(snapshot: parent) else {
                deletedParent = id
                break
            }
            parents.insert(tweet, at: 0)
            next = tweet.replyTo
        }
        let replies = DecodedDocuments(try run(repliesQuery(to: postID))) { try Tweet(snapshot: $0) }.values
        let rows = try self.rows(for: (parents + [post] + replies).map { ($0, nil) }, viewer: viewer)
        var parentRows = Array(rows.prefix(parents.count))
        if let deletedParent {
            var gone = FeedPost(
                id: deletedParent, caption: "", timestamp: .distantPast, uid: "", username: "", displayName: "",
                likes: 0, didLike: false)
            gone.isDeleted = true
            parentRows.insert(gone, at: 0)
        }
        return PostThread(
            parents: parentRows, post: rows[parents.count], replies: Array(rows.dropFirst(parents.count + 1)))
    }

    /// Calls `onChange` with the thread of `postID` now and whenever a reply to it comes or
    /// goes, or a post on it changes (its counters, its text); `onError` when a read fails.
    public func observeThread(
        of postID: String, viewer: Session?, onChange: @escaping (PostThread) -> Void,
        onError: @escaping (Error) -> Void = { _ in }
    ) throws -> ThreadListeners {
        let first = try thread(of: postID, viewer: viewer)
        onChange(first)
        let ids = first.rows.filter { !$0.isDeleted }.map { FieldValue.string($0.id) }
        let reread: () -> Void = { [weak self] in
            guard let self else { return }
            do { onChange(try self.thread(of: postID, viewer: viewer)) } catch { onError(error) }
        }
        // The replies' query covers a new reply; the posts' query covers a like or an edit of any row shown.
        let replies = try repliesQuery(to: postID).addSnapshotListener(
            Self.afterFirst { _ in reread() }, onError: onError)
        let posts = try tweets.whereField(FieldPath.documentID, in: Array(ids.prefix(1000)))
            .addSnapshotListener(Self.afterFirst { _ in reread() }, onError: onError)
        return ThreadListeners(parts: [replies, posts])
    }

    /// `listener` for every snapshot but the first, which the caller has already read.
    static func afterFirst(_ listener: @escaping (QuerySnapshot) -> Void) -> (QuerySnapshot) -> Void {
        var isFirst = true
        return { snapshot in
            if isFirst {
                isFirst = false
                return
            }
            listener(snapshot)
        }
    }
}

/// The two listeners of a thread, removed together.
public struct ThreadListeners: Sendable {
    let parts: [ListenerRegistration]

    public func remove() {
        parts.forEach { $0.remove() }
    }
}
