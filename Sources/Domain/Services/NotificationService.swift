import DocStore
import Foundation

/// What a notification tells its recipient: someone liked, answered or reposted one of their
/// posts, followed them, or mentioned them.
public enum NotificationKind: String, CaseIterable, Sendable, Codable {
    case like
    case reply
    case repost
    case follow
    case mention

    /// Whether several of these about one post read as one line (`@mina and 3 others liked
    /// your post`): likes, reposts and follows do; each reply and mention is its own text.
    public var groups: Bool { self == .like || self == .repost || self == .follow }
}

/// The person who caused a notification, as the screens and `--json` show them.
public struct NotificationActor: Equatable, Sendable, Codable {
    public var uid: String
    public var username: String
    public var displayName: String

    public init(uid: String, username: String, displayName: String) {
        self.uid = uid
        self.username = username
        self.displayName = displayName
    }
}

/// One notification, `users/{recipient}/notifications/{id}`:
/// `{kind, actorUid, postID?, folderID?, folderName?, createdAt, read}`.
public struct ActivityNotification: Equatable, Sendable, Identifiable {
    public var id: String
    public var kind: NotificationKind
    public var actor: NotificationActor
    /// The post it is about (for a reply or a mention, the new post); nil for a follow.
    public var postID: String?
    /// The recipient's folder a `follow` is about, with its name when followed; nil for a
    /// follow of the recipient.
    public var folder: NotifiedFolder?
    public var createdAt: Date
    public var read: Bool

    public init(
        id: String, kind: NotificationKind, actor: NotificationActor, postID: String?, folder: NotifiedFolder? = nil,
        createdAt: Date, read: Bool
    ) {
        self.id = id
        self.kind = kind
        self.actor = actor
        self.postID = postID
        self.folder = folder
        self.createdAt = createdAt
        self.read = read
    }
}

/// The folder of a folder's follow notification (`folder-follow-{actor}-{folderID}`): its id
/// and the name it had when followed.
public struct NotifiedFolder: Equatable, Sendable, Codable {
    public var id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// Notifications of one kind about one post, as a person reads them: the newest actor first.
public struct NotificationGroup: Equatable, Sendable, Identifiable {
    public var kind: NotificationKind
    public var postID: String?
    /// The folder followed, for the follows of one of the recipient's folders.
    public var folder: NotifiedFolder?
    /// Newest first, each person once.
    public var actors: [NotificationActor]
    public var newest: Date
    /// False while any of the group is unread.
    public var read: Bool
    public var ids: [String]

    public var id: String { ids.first ?? "" }

    /// `notifications` (newest first) folded where a person would fold them: likes,
    /// reposts and follows of one post (follows: of oneself, or of one folder) into one
    /// group, at the place of the newest; replies and mentions one by one.
    public static func grouped(_ notifications: [ActivityNotification]) -> [NotificationGroup] {
        var groups: [NotificationGroup] = []
        var index: [String: Int] = [:]
        for notification in notifications.sorted(by: { $0.createdAt > $1.createdAt }) {
            let key =
                notification.kind.groups
                ? notification.kind.rawValue + "/" + (notification.postID ?? "") + "/"
                    + (notification.folder?.id ?? "")
                : "one/" + notification.id
            if let at = index[key] {
                if !groups[at].actors.contains(where: { $0.uid == notification.actor.uid }) {
                    groups[at].actors.append(notification.actor)
                }
                groups[at].read = groups[at].read && notification.read
                groups[at].ids.append(notification.id)
            } else {
                index[key] = groups.count
                groups.append(
                    NotificationGroup(
                        kind: notification.kind, postID: notification.postID, folder: notification.folder,
                        actors: [notification.actor],
                        newest: notification.createdAt, read: notification.read, ids: [notification.id]))
            }
        }
        return groups
    }
}

/// How notifications are recorded: inside the transaction of the write that causes them, so
/// a like and its notification are one commit (and a like taken back before it was read
/// takes its notification with it). Nobody is notified of their own doing. On a team server
/// the server writes them itself (Resources/server/15-notifications.sql) and a replica
/// records none (`LocalReplica.isApplyingQueuedWrite`).
///
/// The one hook for every kind: a mention is recorded with `record(.mention, …)` from the
/// post's own transaction, as a reply is.
public enum NotificationRecord {
    /// The notification's id: one per actor, kind and post, so liking again finds the same
    /// one, and one per reply or mention post; a follow of a folder, one per actor and folder.
    public static func id(_ kind: NotificationKind, actor: String, postID: String?, folderID: String? = nil) -> String {
        if kind == .follow, let folderID { return "folder-follow-\(actor)-\(folderID)" }
        return switch kind {
        case .like, .repost: "\(kind.rawValue)-\(postID ?? "")-\(actor)"
        case .follow: "follow-\(actor)"
        case .reply, .mention: "\(kind.rawValue)-\(postID ?? "")"
        }
    }

    static func reference(in store: DocumentStore, recipient: String, id: String) -> DocumentReference {
        store.collection("users").document(recipient).collection("notifications").document(id)
    }

    /// Whether this store records notifications itself: not a replica (the server records
    /// the sent write's).
    static var recordsHere: Bool { !LocalReplica.isApplyingQueuedWrite }

    /// Records that `actor` did `kind` to `recipient` (about `postID`), unread, in `transaction`.
    public static func record(
        _ kind: NotificationKind, recipient: String, actor: String, postID: String?, in transaction: Transaction,
        store: DocumentStore
    ) throws {
        try record(kind, recipient: recipient, actor: actor, postID: postID, folder: nil, in: transaction, store: store)
    }

    /// Records that `actor` followed `recipient`'s folder `folder`, unread, in `transaction`.
    public static func recordFolderFollow(
        recipient: String, actor: String, folder: NotifiedFolder, in transaction: Transaction, store: DocumentStore
    ) throws {
        try record(
            .follow, recipient: recipient, actor: actor, postID: nil, folder: folder, in: transaction, store: store)
    }

    static func record(
        _ kind: NotificationKind, recipient: String, actor: String, postID: String?, folder: NotifiedFolder?,
        in transaction: Transaction, store: DocumentStore
    ) throws {
        guard recordsHere, recipient != actor, !recipient.isEmpty else { return }
        var fields: [String: WriteValue] = [
            "kind": .string(kind.rawValue), "actorUid": .string(actor), "createdAt": .serverTimestamp,
            "read": .bool(false),
        ]
        if let postID { fields["postID"] = .string(postID) }
        if let folder {
            fields["folderID"] = .string(folder.id)
            fields["folderName"] = .string(folder.name)
        }
        let id = id(kind, actor: actor, postID: postID, folderID: folder?.id)
        try transaction.setData(fields, forDocument: reference(in: store, recipient: recipient, id: id))
    }

    /// Takes back the notification of `actor`'s `kind` when its recipient has not read it yet.
    public static func takeBack(
        _ kind: NotificationKind, recipient: String, actor: String, postID: String?, in transaction: Transaction,
        store: DocumentStore
    ) throws {
        try takeBack(
            kind, recipient: recipient, actor: actor, postID: postID, folderID: nil, in: transaction, store: store)
    }

    /// Takes back the notification of `actor`'s follow of `recipient`'s folder `folderID`
    /// when its recipient has not read it yet.
    public static func takeBackFolderFollow(
        recipient: String, actor: String, folderID: String, in transaction: Transaction, store: DocumentStore
    ) throws {
        try takeBack(
            .follow, recipient: recipient, actor: actor, postID: nil, folderID: folderID, in: transaction, store: store)
    }

    static func takeBack(
        _ kind: NotificationKind, recipient: String, actor: String, postID: String?, folderID: String?,
        in transaction: Transaction, store: DocumentStore
    ) throws {
        guard recordsHere, recipient != actor, !recipient.isEmpty else { return }
        let id = id(kind, actor: actor, postID: postID, folderID: folderID)
        let reference = reference(in: store, recipient: recipient, id: id)
        let existing = try transaction.get(reference)
        if existing.exists, existing.get("read")?.boolValue != true {
            try transaction.deleteDocument(reference)
        }
    }
}

extension NotificationRecord {
    /// Takes back, in the transaction deleting the post `postID` (stored as `post`), the
    /// notifications about it, as the server's `tern_notify` trigger does: every one in its
    /// author's list that names it (likes, reposts), and when it is a reply the unread
    /// reply notification of the post it answers.
    static func takeBack(
        deleted post: DocumentSnapshot, id postID: String, author: String, in transaction: Transaction,
        store: DocumentStore
    ) throws {
        guard recordsHere else { return }
        if post.get("replyTo")?.stringValue != nil, let answered = post.get("replyToUid")?.stringValue {
            try takeBack(.reply, recipient: answered, actor: author, postID: postID, in: transaction, store: store)
        }
        // The accounts it mentioned, who heard of it, as the reply's parent did (unread ones only).
        if let caption = post.get("caption")?.stringValue {
            for user in try PeopleService(store: store).mentionedAccounts(in: caption) {
                try takeBack(.mention, recipient: user.id, actor: author, postID: postID, in: transaction, store: store)
            }
        }
        // Queries inside the body run in the write transaction: no notification lands meanwhile.
        let about = store.collection("users").document(author).collection("notifications")
            .whereField("postID", isEqualTo: .string(postID))
        for document in try about.getDocuments().documents { try transaction.deleteDocument(document.reference) }
    }
}

/// The signed-in account's notifications: listing, counting the unread, marking them read.
public final class NotificationService: @unchecked Sendable {
    // @unchecked: `store`, `users` and `onServer` never change; the store serialises every call.
    let store: DocumentStore
    let users: UserService
    let onServer: Bool

    public static let defaultLimit = 50

    public init(store: DocumentStore, onServer: Bool = false) {
        self.store = store
        self.users = UserService(store: store)
        self.onServer = onServer
    }

    func collection(of uid: String) -> CollectionReference {
        store.collection("users").document(uid).collection("notifications")
    }

    /// The query of `uid`'s notifications, newest first.
    func query(of uid: String, unreadOnly: Bool, limit: Int) -> Query {
        let base = unreadOnly ? collection(of: uid).whereField("read", isEqualTo: .bool(false)) : collection(of: uid)
        return base.order(by: "createdAt", descending: true).limit(to: max(1, limit))
    }

    /// The signed-in account's notifications, newest first, at most `limit`: three queries
    /// (the notifications, the account's mutes, the actors' profiles). Actors whose profile
    /// is gone, and people the account mutes, are left out.
    public func notifications(session: Session?, unreadOnly: Bool = false, limit: Int = defaultLimit) throws
        -> [ActivityNotification]
    {
        let session = try SignInRequired.check(session, .notifications)
        return try decoded(
            query(of: session.uid, unreadOnly: unreadOnly, limit: limit).getDocuments().documents, of: session.uid)
    }

    /// Up to `limit` of `uid`'s notifications older than `last` in the list's order (newest
    /// first), without those of people `uid` mutes; and whether none are older. One read of
    /// the notifications (from the cursor, along the index), then the mutes and the actors.
    public func page(of uid: String, after last: ActivityNotification, limit: Int) throws -> (
        notifications: [ActivityNotification], isEnd: Bool
    ) {
        let documents = try query(of: uid, unreadOnly: false, limit: limit)
            .start(after: [.timestamp(last.createdAt)], documentID: last.id).getDocuments().documents
        return (try decoded(documents, of: uid), documents.count < max(1, limit))
    }

    /// The notifications of `uid` in `documents`, without those of people `uid` mutes.
    func decoded(_ documents: [DocumentSnapshot], of uid: String) throws -> [ActivityNotification] {
        let mutes = MuteFilter(muted: try MuteService.mutedIDs(of: uid, in: store))
        let documents = mutes.apply(documents) { [$0.get("actorUid")?.stringValue] }
        let actors = try users.users(ids: documents.compactMap { $0.get("actorUid")?.stringValue })
        return documents.compactMap { document in
            guard let kind = document.get("kind")?.stringValue.flatMap(NotificationKind.init(rawValue:)),
                let actor = document.get("actorUid")?.stringValue.flatMap({ actors[$0] })
            else { return nil }
            return ActivityNotification(
                id: document.documentID, kind: kind,
                actor: NotificationActor(uid: actor.id, username: actor.username, displayName: actor.displayName),
                postID: document.get("postID")?.stringValue,
                folder: document.get("folderID")?.stringValue.map {
                    NotifiedFolder(id: $0, name: document.get("folderName")?.stringValue ?? "")
                },
                createdAt: document.get("createdAt")?.dateValue ?? .distantPast,
                read: document.get("read")?.boolValue ?? false)
        }
    }

    /// Calls `onChange` with the newest `limit` notifications of `uid` now and after every
    /// change to them (from this process, another, or the server) or to `uid`'s mutes, so a
    /// mute takes the muted person's notifications away at once.
    public func observe(
        uid: String, limit: Int = defaultLimit, onChange: @escaping ([ActivityNotification]) -> Void,
        onError: @escaping (Error) -> Void = { _ in }
    ) throws -> ListenerRegistration {
        let newest = query(of: uid, unreadOnly: false, limit: limit)
        let compute: () throws -> [ActivityNotification] = { [weak self] in
            guard let self else { return [] }
            return try self.decoded(newest.getDocuments().documents, of: uid)
        }
        let failed: (StoreError) -> Void = { onError($0) }
        let listened: [Query] = [newest, MuteService.mutes(of: uid, in: store)]
        let registrations = try listened.map { try $0.addComputedListener(compute, onChange, onError: failed) }
        return ListenerRegistration(combining: registrations)
    }

    /// Marks every notification of the signed-in account read, reading nothing back: the
    /// write path (`WriteIntent.readNotifications`). On a team server, `tern_read_notifications`.
    public func writeRead(session: Session?) throws {
        let session = try SessionProof.writer(session, .notifications, in: store)
        if onServer {
            _ = try store.callServerFunction("tern_read_notifications", arguments: [])
            return
        }
        let unread = try collection(of: session.uid).whereField("read", isEqualTo: .bool(false)).getDocuments()
            .documents
        guard !unread.isEmpty else { return }
        let batch = store.batch()
        for document in unread { batch.updateData(["read": .bool(true)], forDocument: document.reference) }
        try batch.commit()
    }
}
