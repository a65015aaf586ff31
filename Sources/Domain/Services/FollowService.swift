import DocStore
import Foundation

/// Follows: `users/{uid}/following/{followedUid}` and its mirror
/// `users/{followedUid}/followers/{uid}`, each `{followedAt}`, with the two profiles'
/// `followingCount` and `followersCount`.
///
/// A follow is one atomic change on each store (`FollowWriter`): both documents and both
/// counters move together by exactly one, so for every account `followersCount` equals the
/// number of its `followers` documents and `followingCount` the number of its `following`
/// ones, under any number of processes. Following twice, or unfollowing someone not
/// followed, changes nothing; nobody follows themselves.
public final class FollowService: @unchecked Sendable {
    // @unchecked: `store`, `users` and `writer` never change; the store serialises every call.
    let store: DocumentStore
    let users: UserService
    let writer: FollowWriter

    /// `onServer`: the store is a team server, where follows go through its `tern_follow`.
    public init(store: DocumentStore, onServer: Bool = false) {
        self.store = store
        self.users = UserService(store: store)
        self.writer = onServer ? ServerFollowWriter() : TransactionFollowWriter()
    }

    func following(of uid: String) -> CollectionReference {
        store.collection("users").document(uid).collection("following")
    }

    func followers(of uid: String) -> CollectionReference {
        store.collection("users").document(uid).collection("followers")
    }

    /// Makes the signed-in user follow (or stop following) `uid`, reading nothing back: the
    /// write path (`WriteIntent.apply`). Throws `ServiceError.cannotFollowSelf` for one's own
    /// uid and `ServiceError.userNotFound` when nobody has it.
    public func writeFollow(_ followed: Bool, uid: String, session: Session?) throws {
        let session = try SessionProof.writer(session, .follow, in: store)
        guard TweetService.isValidID(uid) else { throw ServiceError.userNotFound(uid) }
        guard uid != session.uid else { throw ServiceError.cannotFollowSelf }
        try writer.setFollowing(followed, followedUID: uid, uid: session.uid, in: store)
    }

    /// The account with `name` (`@name` or `name`, any case), or `ServiceError.userNotFound`.
    public func person(named name: String) throws -> User {
        try users.person(named: name)
    }

    /// Whether `uid` follows `other`.
    public func isFollowing(_ other: String, by uid: String) throws -> Bool {
        guard TweetService.isValidID(other), TweetService.isValidID(uid) else { return false }
        return try following(of: uid).document(other).getDocument().exists
    }

    /// Calls `onChange` with whether `uid` follows `other`, now and after every change.
    public func observeFollowing(
        _ other: String, by uid: String, onChange: @escaping (Bool) -> Void,
        onError: @escaping (Error) -> Void = { _ in }
    ) throws -> ListenerRegistration {
        try following(of: uid).document(other).addSnapshotListener({ onChange($0.exists) }, onError: onError)
    }

    /// The people `uid` follows (`.following`) or who follow `uid` (`.followers`), most
    /// recent first, at most `limit`: two queries whatever their number (the follow
    /// documents, then the profiles). People whose profile no longer exists are left out.
    public func people(_ list: FollowList, of uid: String, limit: Int = 200) throws -> [FollowedPerson] {
        let collection = list == .following ? following(of: uid) : followers(of: uid)
        let documents = try collection.order(by: "followedAt", descending: true).limit(to: max(1, limit))
            .getDocuments().documents
        let profiles = try users.users(ids: documents.map(\.documentID))
        return documents.compactMap { document in
            profiles[document.documentID].map { user in
                FollowedPerson(
                    uid: user.id, username: user.username, displayName: user.displayName,
                    followedAt: document.get("followedAt")?.dateValue ?? .distantPast)
            }
        }
    }
}

/// Which of an account's two lists of people.
public enum FollowList: Sendable {
    case following
    case followers
}

/// One person in a list of follows, and since when.
public struct FollowedPerson: Equatable, Sendable {
    public var uid: String
    public var username: String
    public var displayName: String
    public var followedAt: Date

    public init(uid: String, username: String, displayName: String, followedAt: Date) {
        self.uid = uid
        self.username = username
        self.displayName = displayName
        self.followedAt = followedAt
    }
}

/// How a follow is written on one kind of store: the two documents and the two counters
/// together, idempotently.
public protocol FollowWriter: Sendable {
    /// Makes `uid` follow `followedUID` or not. Throws `ServiceError.userNotFound` when there
    /// is no such account.
    func setFollowing(_ followed: Bool, followedUID: String, uid: String, in store: DocumentStore) throws
}

/// The embedded store (and a replica): one transaction reads the follow and, only when it
/// changes, writes both documents and `.increment(±1)`s both counters.
public struct TransactionFollowWriter: FollowWriter {
    public init() {}

    public func setFollowing(_ followed: Bool, followedUID: String, uid: String, in store: DocumentStore) throws {
        let me = store.collection("users").document(uid)
        let other = store.collection("users").document(followedUID)
        let following = me.collection("following").document(followedUID)
        let follower = other.collection("followers").document(uid)
        do {
            try store.runTransaction { transaction in
                let existing = try transaction.get(following)
                if followed && !existing.exists {
                    guard try transaction.get(other).exists else { throw ServiceError.userNotFound(followedUID) }
                    try transaction.setData(["followedAt": .serverTimestamp], forDocument: following)
                    try transaction.setData(["followedAt": .serverTimestamp], forDocument: follower)
                    try transaction.updateData(["followingCount": .increment(1)], forDocument: me)
                    try transaction.updateData(["followersCount": .increment(1)], forDocument: other)
                    try NotificationRecord.record(
                        .follow, recipient: followedUID, actor: uid, postID: nil, in: transaction, store: store)
                } else if !followed && existing.exists {
                    try transaction.deleteDocument(following)
                    try transaction.deleteDocument(follower)
                    try transaction.updateData(["followingCount": .increment(-1)], forDocument: me)
                    try transaction.updateData(["followersCount": .increment(-1)], forDocument: other)
                    try NotificationRecord.takeBack(
                        .follow, recipient: followedUID, actor: uid, postID: nil, in: transaction, store: store)
                } else if !existing.exists, try !transaction.get(other).exists {
                    throw ServiceError.userNotFound(followedUID)
                }
            }
        } catch StoreError.notFound(_) {
            throw ServiceError.userNotFound(followedUID)
        }
    }
}

/// A team server: `tern_follow` (Resources/server/12-conversations.sql) follows as the
/// login role and keeps both counters itself.
public struct ServerFollowWriter: FollowWriter {
    public init() {}

    public func setFollowing(_ followed: Bool, followedUID: String, uid: String, in store: DocumentStore) throws {
        let touching = [
            store.document("users/\(uid)"), store.document("users/\(followedUID)"),
            store.document("users/\(uid)/following/\(followedUID)"),
            store.document("users/\(followedUID)/followers/\(uid)"),
        ]
        do {
            try store.callServerFunction(
                "tern_follow", arguments: [followedUID, followed ? "true" : "false"], touching: touching)
        } catch let error as StoreError where error.code == .sqlState("P0002") {
            throw ServiceError.userNotFound(followedUID)
        }
    }
}
