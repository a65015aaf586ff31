import DocStore
import Foundation

/// How a like is written on one kind of store. Both keep the like document
/// (`users/{uid}/user-likes/{tweetId}`) and the post's `likes` counter moving together by
/// exactly one, and both are idempotent: liking a liked post changes nothing.
public protocol LikeWriter: Sendable {
    /// Makes `uid`'s like of `tweetID` be `liked` (nil: the opposite of what it is now);
    /// a new like is stamped `likedAt` when given (an undone unlike), else now.
    /// Throws `ServiceError.postNotFound` when there is no such post.
    func setLiked(_ liked: Bool?, tweetID: String, uid: String, likedAt: Date?, in store: DocumentStore) throws
}

extension LikeWriter {
    /// A like stamped now, or an unlike.
    public func setLiked(_ liked: Bool?, tweetID: String, uid: String, in store: DocumentStore) throws {
        try setLiked(liked, tweetID: tweetID, uid: uid, likedAt: nil, in: store)
    }
}

/// The embedded store: one transaction reads the like and writes it with `.increment(±1)`
/// on the counter, so concurrent processes never count a like twice or lose one. The post
/// is not read first: the counter's update finds it missing (`notFound`).
public struct TransactionLikeWriter: LikeWriter {
    public init() {}

    public func setLiked(_ liked: Bool?, tweetID: String, uid: String, likedAt: Date?, in store: DocumentStore) throws {
        let tweetReference = store.collection("tweets").document(tweetID)
        let likeReference = store.document("users/\(uid)/user-likes/\(tweetID)")
        let stamp: WriteValue = likedAt.map { .value(.timestamp($0)) } ?? .serverTimestamp
        do {
            try store.runTransaction { transaction in
                let existing = try transaction.get(likeReference)
                let wanted = liked ?? !existing.exists
                if wanted && !existing.exists {
                    try transaction.updateData(["likes": .increment(1)], forDocument: tweetReference)
                    try transaction.setData(["likedAt": stamp], forDocument: likeReference)
                    try notify(true, tweetReference, uid: uid, in: transaction, store: store)
                } else if !wanted && existing.exists {
                    try transaction.updateData(["likes": .increment(-1)], forDocument: tweetReference)
                    try transaction.deleteDocument(likeReference)
                    try notify(false, tweetReference, uid: uid, in: transaction, store: store)
                } else if try !transaction.get(tweetReference).exists {
                    throw ServiceError.postNotFound(tweetID)
                }
            }
        } catch StoreError.notFound(_) {
            throw ServiceError.postNotFound(tweetID)
        }
    }
}

extension TransactionLikeWriter {
    /// The post's author is told of the like (or its notification taken back while unread),
    /// in the like's own transaction; a replica leaves it to the server.
    func notify(
        _ liked: Bool, _ post: DocumentReference, uid: String, in transaction: Transaction,
        store: DocumentStore
    ) throws {
        guard NotificationRecord.recordsHere, let author = try transaction.get(post).get("uid")?.stringValue else {
            return
        }
        let record = liked ? NotificationRecord.record : NotificationRecord.takeBack
        try record(.like, author, uid, post.documentID, transaction, store)
    }
}

/// A team server: the server function `tern_like` (see `ServerRules`) writes the like as
/// the signed-in role and computes the post's new counter itself; nothing the client sends
/// becomes part of the post, not even `likedAt` (the server stamps every like itself).
public struct ServerLikeWriter: LikeWriter {
    public init() {}

    public func setLiked(_ liked: Bool?, tweetID: String, uid: String, likedAt: Date?, in store: DocumentStore) throws {
        let tweetReference = store.collection("tweets").document(tweetID)
        let likeReference = store.document("users/\(uid)/user-likes/\(tweetID)")
        let wanted = try liked ?? !likeReference.getDocument().exists
        do {
            try store.callServerFunction(
                "tern_like", arguments: [tweetID, wanted ? "true" : "false"],
                touching: [tweetReference, likeReference])
        } catch let error as StoreError where error.code == .sqlState("P0002") {
            throw ServiceError.postNotFound(tweetID)
        }
    }
}
