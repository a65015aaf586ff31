import DocStore
import Foundation

/// Mutes: `users/{uid}/mutes/{mutedUid}`, each `{mutedAt}`, read by their owner only (on a
/// team server the rules refuse anyone else, Resources/server/16-people.sql). A muted
/// person's posts and reposts leave the muter's feeds (`MuteFilter`); they are not told.
/// Muting twice, or unmuting someone not muted, changes nothing; nobody mutes themselves.
public final class MuteService: @unchecked Sendable {
    // @unchecked: `store` and `onServer` never change; the store serialises every call.
    let store: DocumentStore
    let onServer: Bool

    /// `onServer`: the store is a team server, where mutes go through its `tern_mute`.
    public init(store: DocumentStore, onServer: Bool = false) {
        self.store = store
        self.onServer = onServer
    }

    static func mutes(of uid: String, in store: DocumentStore) -> CollectionReference {
        store.collection("users").document(uid).collection("mutes")
    }

    /// Makes the signed-in user mute (or unmute) `uid`, reading nothing back: the write path
    /// (`WriteIntent.apply`). Throws `ServiceError.cannotMuteSelf` for one's own uid and
    /// `ServiceError.userNotFound` when nobody has it.
    public func writeMute(_ muted: Bool, uid: String, session: Session?) throws {
        let session = try SessionProof.writer(session, .mute, in: store)
        guard TweetService.isValidID(uid) else { throw ServiceError.userNotFound(uid) }
        guard uid != session.uid else { throw ServiceError.cannotMuteSelf }
        if onServer {
            try setOnServer(muted, mutedUID: uid, uid: session.uid)
        } else {
            try setInTransaction(muted, mutedUID: uid, uid: session.uid)
        }
    }

    private func setInTransaction(_ muted: Bool, mutedUID: String, uid: String) throws {
        let mute = Self.mutes(of: uid, in: store).document(mutedUID)
        let other = store.collection("users").document(mutedUID)
        try store.runTransaction { transaction in
            guard try transaction.get(other).exists else { throw ServiceError.userNotFound(mutedUID) }
            let existing = try transaction.get(mute).exists
            if muted && !existing {
                try transaction.setData(["mutedAt": .serverTimestamp], forDocument: mute)
            } else if !muted && existing {
                try transaction.deleteDocument(mute)
            }
        }
    }

    private func setOnServer(_ muted: Bool, mutedUID: String, uid: String) throws {
        do {
            try store.callServerFunction(
                "tern_mute", arguments: [mutedUID, muted ? "true" : "false"],
                touching: [store.document("users/\(uid)/mutes/\(mutedUID)")])
        } catch let error as StoreError where error.code == .sqlState("P0002") {
            throw ServiceError.userNotFound(mutedUID)
        }
    }

    /// The uids `uid` mutes.
    public func mutedIDs(of uid: String) throws -> Set<String> {
        try Self.mutedIDs(of: uid, in: store)
    }

    static func mutedIDs(of uid: String, in store: DocumentStore) throws -> Set<String> {
        guard TweetService.isValidID(uid) else { return [] }
        return Set(try mutes(of: uid, in: store).getDocuments().documents.map(\.documentID))
    }

    /// Whether `uid` mutes `other`.
    public func isMuted(_ other: String, by uid: String) throws -> Bool {
        guard TweetService.isValidID(other), TweetService.isValidID(uid) else { return false }
        return try Self.mutes(of: uid, in: store).document(other).getDocument().exists
    }

    /// Calls `onChange` with whether `uid` mutes `other`, now and after every change.
    public func observeMuted(
        _ other: String, by uid: String, onChange: @escaping (Bool) -> Void,
        onError: @escaping (Error) -> Void = { _ in }
    ) throws -> ListenerRegistration {
        try Self.mutes(of: uid, in: store).document(other).addSnapshotListener(
            { onChange($0.exists) }, onError: onError)
    }

    /// The people `uid` mutes, most recently muted first. Profiles that no longer exist are
    /// left out.
    public func muted(by uid: String) throws -> [User] {
        let documents = try Self.mutes(of: uid, in: store).getDocuments().documents
        let stamps = Dictionary(
            documents.map { ($0.documentID, $0.get("mutedAt")?.dateValue ?? .distantPast) },
            uniquingKeysWith: { first, _ in first })
        let profiles = try UserService(store: store).users(ids: documents.map(\.documentID))
        return profiles.values.sorted { left, right in
            let (early, late) = (stamps[left.id] ?? .distantPast, stamps[right.id] ?? .distantPast)
            return early != late ? early > late : left.id < right.id
        }
    }
}

/// The one filter of muted people: applied where the feed's pages are read
/// (`TweetService.observeWindow` and `rows(_:before:)`), and for any other list of things
/// people did (reposts, notifications) through `apply(_:people:)`.
public struct MuteFilter: Equatable, Sendable {
    /// The uids whose posts and doings are hidden.
    public var muted: Set<String>

    public init(muted: Set<String> = []) {
        self.muted = muted
    }

    /// Nothing hidden.
    public static let none = MuteFilter()

    /// The filter of `viewer`'s mutes for the feed `kind`: nothing for signed out, and
    /// nothing on an author's own page (opening a muted person's profile shows their posts).
    static func of(_ viewer: Session?, for kind: FeedKind, in store: DocumentStore) throws -> MuteFilter {
        guard let viewer else { return .none }
        if case .author = kind { return .none }
        return MuteFilter(muted: try MuteService.mutedIDs(of: viewer.uid, in: store))
    }

    /// Whether something done by `uid` is hidden.
    public func hides(_ uid: String?) -> Bool {
        guard let uid, !muted.isEmpty else { return false }
        return muted.contains(uid)
    }

    /// `rows` without the posts of muted people.
    public func apply(_ rows: [FeedPost]) -> [FeedPost] {
        apply(rows) { [$0.uid] }
    }

    /// `items` without those any of whose `people` (author, reposter, actor) is muted.
    public func apply<Item>(_ items: [Item], people: (Item) -> [String?]) -> [Item] {
        guard !muted.isEmpty else { return items }
        return items.filter { !people($0).contains(where: hides) }
    }
}

extension TweetService {
    /// `rows` of the feed `kind` without the posts of people `viewer` mutes: one read of the
    /// viewer's mutes, none signed out, on an author's page or for no rows.
    func unmuted(_ rows: [FeedPost], _ kind: FeedKind, _ viewer: Session?) throws -> [FeedPost] {
        guard !rows.isEmpty else { return rows }
        return try MuteFilter.of(viewer, for: kind, in: store).apply(rows)
    }
}
