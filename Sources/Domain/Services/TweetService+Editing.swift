import DocStore
import Foundation

extension TweetService {
    /// Replaces the caption of the signed-in user's post `tweetID` (validated as a new post
    /// is); its time, place and likes stay, and it records when (`editedAt`, shown
    /// `(edited)`). Someone else's post is refused with `ServiceError.notYourPost` (on a
    /// team server the server refuses too).
    @discardableResult
    public func edit(tweetID: String, text: String, session: Session?) throws -> FeedPost {
        try writeEdit(tweetID: tweetID, text: text, session: session)
        guard let post = try post(id: tweetID, viewer: session) else { throw ServiceError.postNotFound(tweetID) }
        return post
    }

    /// The edit only, reading nothing back: the write path (`WriteIntent.editPost`), whose
    /// screens hear of the change from their listeners.
    public func writeEdit(tweetID: String, text: String, session: Session?) throws {
        let session = try SessionProof.writer(session, .editPosts, in: store)
        guard Self.isValidID(tweetID) else { throw ServiceError.postNotFound(tweetID) }
        let caption = try Validation.postText(text)
        let reference = tweets.document(tweetID)
        // Nothing on a team server or a replica: there the server's trigger notifies.
        let mentioned = try mentionedHere(in: caption)
        let notifiesHere = !rowsOffThread && NotificationRecord.recordsHere
        try store.runTransaction { transaction in
            let stored = try transaction.get(reference)
            try PostOwnership.check(stored, id: tweetID, uid: session.uid)
            // Saving the same words is no edit: the post is marked `(edited)` only when they change.
            guard stored.get("caption")?.stringValue != caption else { return }
            try transaction.updateData(
                ["caption": .string(caption), "editedAt": .serverTimestamp], forDocument: reference)
            if notifiesHere {
                try recordMentionEdits(of: stored, now: mentioned, author: session.uid, in: transaction)
            }
        }
    }

    /// Deletes the signed-in user's post `tweetID` with every like of it, in one commit, so
    /// every counter and every Liked view stays exact. Returns the post as it was.
    @discardableResult
    public func delete(tweetID: String, session: Session?) throws -> FeedPost {
        let session = try SessionProof.writer(session, .editPosts, in: store)
        guard Self.isValidID(tweetID), let post = try post(id: tweetID, viewer: session) else {
            throw ServiceError.postNotFound(tweetID)
        }
        try postRemover.delete(tweetID: tweetID, uid: session.uid, in: store)
        return post
    }

    /// The deletion only, reading nothing first: the write path (`WriteIntent.deletePost`).
    /// A post already gone is done (a deletion sent again after a crash changes nothing);
    /// another's post is refused (`ServiceError.notYourPost`).
    public func writeDelete(tweetID: String, session: Session?) throws {
        let session = try SessionProof.writer(session, .editPosts, in: store)
        guard Self.isValidID(tweetID) else { throw ServiceError.postNotFound(tweetID) }
        do {
            try postRemover.delete(tweetID: tweetID, uid: session.uid, in: store)
        } catch ServiceError.postNotFound {
            return
        }
    }

    /// Posting needs a finished profile (a display name and a username), so no post is ever
    /// shown without its author's names.
    func checkCanPost(_ session: Session) throws {
        guard let author = try users.user(id: session.uid) else { throw ServiceError.accountMissing(uid: session.uid) }
        if author.displayName.isEmpty || author.username.isEmpty { throw ServiceError.profileNotFinished }
    }
}
