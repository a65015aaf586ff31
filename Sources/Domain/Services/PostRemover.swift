import DocStore
import Foundation

/// How a post is deleted on one kind of store. Both take the post's likes with it in the
/// same commit, so no `user-likes` document ever names a post that is gone and a post made
/// again under the same id starts at zero.
public protocol PostRemover: Sendable {
    /// Deletes `tweetID`, which the caller has checked is `uid`'s, with every like of it.
    func delete(tweetID: String, uid: String, in store: DocumentStore) throws
}

/// The embedded store: one transaction checks the author, deletes every user's like of the
/// post, the notifications about it and the post itself.
public struct TransactionPostRemover: PostRemover {
    public init() {}

    public func delete(tweetID: String, uid: String, in store: DocumentStore) throws {
        let post = store.collection("tweets").document(tweetID)
        try store.runTransaction { transaction in
            let stored = try transaction.get(post)
            try PostOwnership.check(stored, id: tweetID, uid: uid)
            // A reply leaves its parent's count (the parent's own replies stay, answering a deleted post).
            if let parentID = stored.get("replyTo")?.stringValue, TweetService.isValidID(parentID) {
                let parent = store.collection("tweets").document(parentID)
                if try transaction.get(parent).exists {
                    try transaction.updateData(["replies": .increment(-1)], forDocument: parent)
                }
            }
            // Queries inside the body run in this write transaction: no like can land meanwhile.
            for user in try store.collection("users").getDocuments().documents {
                let like = store.document("users/\(user.documentID)/user-likes/\(tweetID)")
                if try transaction.get(like).exists { try transaction.deleteDocument(like) }
            }
            try NotificationRecord.takeBack(deleted: stored, id: tweetID, author: uid, in: transaction, store: store)
            try transaction.deleteDocument(post)
        }
    }
}

/// A team server: deleting the post through its write function is enough, since the
/// server's `tern_post_deleted` trigger deletes its likes in the same transaction (an
/// account could not delete other accounts' like documents itself).
public struct ServerPostRemover: PostRemover {
    public init() {}

    public func delete(tweetID: String, uid: String, in store: DocumentStore) throws {
        let post = store.collection("tweets").document(tweetID)
        try store.runTransaction { transaction in
            try PostOwnership.check(try transaction.get(post), id: tweetID, uid: uid)
            try transaction.deleteDocument(post)
        }
    }
}

/// The one check that a post exists and is `uid`'s, before it is edited or deleted.
enum PostOwnership {
    static func check(_ snapshot: DocumentSnapshot, id: String, uid: String) throws {
        guard snapshot.exists else { throw ServiceError.postNotFound(id) }
        guard snapshot.get("uid")?.stringValue == uid else { throw ServiceError.notYourPost(id) }
    }
}
