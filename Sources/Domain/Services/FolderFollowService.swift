import DocStore
import Foundation
import PlaceCatalog

/// Follows of folders (issue 29, point 4): `users/{uid}/folder-follows/{ownerUid}:{folderID}`,
/// each `{ownerUid, folderID, followedAt}`, and the folder's `followers` count.
///
/// Only another person's shared folder is followed. A follow is one atomic change on each
/// store (`FolderFollowWriter`): the follow document and the folder's counter move together
/// by exactly one, so a folder's `followers` equals the number of follow documents that name
/// it, under any number of processes. Writing the same state twice changes nothing (a write
/// sent again from the outbox); the commands refuse it first with one line
/// (`FavoritesError.alreadyFollowingFolder`, `.notFollowingFolder`).
public final class FolderFollowService: @unchecked Sendable {
    // @unchecked: `store` and `writer` never change; the store serialises every call.
    let store: DocumentStore
    let users: UserService
    let writer: FolderFollowWriter

    /// `onServer`: the store is a team server, where follows go through its `tern_follow_folder`.
    public init(store: DocumentStore, onServer: Bool = false) {
        self.store = store
        self.users = UserService(store: store)
        self.writer = onServer ? ServerFolderFollowWriter() : TransactionFolderFollowWriter()
    }

    /// The id of the follow document of `folderID` of `ownerUID`.
    public static func followID(ownerUID: String, folderID: String) -> String { ownerUID + ":" + folderID }

    func follows(of uid: String) -> CollectionReference {
        store.collection("users").document(uid).collection("folder-follows")
    }

    /// Makes the signed-in user follow (or stop following) the folder, reading nothing back:
    /// the write path (`WriteIntent.apply`).
    public func writeFollow(_ followed: Bool, ownerUID: String, folderID: String, session: Session?) throws {
        let session = try SessionProof.writer(session, .follow, in: store)
        guard TweetService.isValidID(ownerUID), TweetService.isValidID(folderID) else {
            throw FavoritesError.folderNotFound(folderID)
        }
        guard ownerUID != session.uid else { throw FavoritesError.ownFolder(folderID) }
        try writer.setFollowing(followed, ownerUID: ownerUID, folderID: folderID, uid: session.uid, in: store)
    }

    /// The folder `name` (any case) of `@owner`, checked for a follow (`follow` true) or an
    /// unfollow by the signed-in user, as the intent to send: one clear error for an unknown
    /// person or folder, one's own folder, a private folder, a folder already followed (or,
    /// unfollowing, not followed).
    public func intent(
        _ follow: Bool, owner ownerName: String, folder name: String, session: Session?
    ) throws -> WriteIntent {
        let session = try SessionProof.writer(session, .follow, in: store)
        let handle = ownerName.hasPrefix("@") ? String(ownerName.dropFirst()) : ownerName
        guard
            let owner = try store.collection("users").whereField("username", isEqualTo: .string(handle.lowercased()))
                .limit(to: 1).getDocuments().documents.first?.documentID
        else { throw FavoritesError.unknownUser(handle) }
        let key = name.lowercased()
        let followed = try follows(of: session.uid).whereField("ownerUid", isEqualTo: .string(owner))
            .getDocuments().documents.compactMap { $0.get("folderID")?.stringValue }
        let folders = DecodedDocuments(
            try store.collection("favorites").document(owner).collection("folders").getDocuments().documents
        ) { try $0.data(as: FavoriteFolder.self) }.values
        let folder = folders.first { $0.name.lowercased() == key || $0.shownName.lowercased() == key }
        if !follow {
            // A folder gone or made private can still be unfollowed, by the name it had.
            guard let id = folder?.id ?? (followed.count == 1 && folders.isEmpty ? followed.first : nil),
                followed.contains(id)
            else { throw FavoritesError.notFollowingFolder(name) }
            return .unfollowFolder(ownerUID: owner, folderID: id)
        }
        guard let folder else { throw FavoritesError.folderNotFound(name) }
        guard owner != session.uid else { throw FavoritesError.ownFolder(folder.shownName) }
        guard folder.visibility == .shared else { throw FavoritesError.folderNotShared(folder.shownName) }
        guard !followed.contains(folder.id) else { throw FavoritesError.alreadyFollowingFolder(folder.shownName) }
        return .followFolder(ownerUID: owner, folderID: folder.id)
    }

    /// The folders `uid` follows, oldest follow first, each with its owner and places (in the
    /// folder's kept order); a followed folder that is gone or no longer shared is left out,
    /// and named in `left` (by its follow's id), so a screen can say it left.
    public func followedFolders(of uid: String, home: Coordinate) throws -> FollowedFolders {
        let documents = try follows(of: uid).order(by: "followedAt").getDocuments().documents
        var result = FollowedFolders()
        for document in documents {
            guard let owner = document.get("ownerUid")?.stringValue, let id = document.get("folderID")?.stringValue
            else { continue }
            let ownerFolders = store.collection("favorites").document(owner)
            let reference = ownerFolders.collection("folders").document(id)
            guard let folder = try? reference.getDocument().data(as: FavoriteFolder.self),
                folder.visibility == .shared,
                let user = (try? users.user(id: owner)) ?? nil
            else {
                result.left.append(document.documentID)
                continue
            }
            let places = DecodedDocuments(
                try ownerFolders.collection("favorites").whereField("folders", arrayContains: .string(id))
                    .getDocuments().documents
            ) { try $0.data(as: FavoritePlace.self) }.values
            let snapshot = FavoritesSnapshot(folders: [folder], favorites: places)
            result.folders.append(
                FollowedFolder(
                    owner: FolderOwner(uid: owner, username: user.username), folder: folder,
                    places: snapshot.places(in: folder, home: home)))
        }
        return result
    }
}

/// Whose a followed folder is.
public struct FolderOwner: Equatable, Sendable, Codable {
    public var uid: String
    public var username: String

    public init(uid: String, username: String) {
        self.uid = uid
        self.username = username
    }
}

/// A folder the signed-in user follows: read-only, its owner's.
public struct FollowedFolder: Equatable, Sendable {
    public var owner: FolderOwner
    public var folder: FavoriteFolder
    public var places: [FavoritePlace]

    public init(owner: FolderOwner, folder: FavoriteFolder, places: [FavoritePlace]) {
        self.owner = owner
        self.folder = folder
        self.places = places
    }

    /// `@mina/카페`: how a followed folder is named where it could clash with one's own.
    public var qualifiedName: String { "@" + owner.username + "/" + folder.shownName }
}

/// `FolderFollowService.followedFolders`: what is readable, and the follows that are not.
public struct FollowedFolders: Equatable, Sendable {
    public var folders: [FollowedFolder] = []
    /// Follow ids (`ownerUid:folderID`) of folders gone or made private.
    public var left: [String] = []

    public init(folders: [FollowedFolder] = [], left: [String] = []) {
        self.folders = folders
        self.left = left
    }

    /// The followed folder `name` names: `@owner/folder`, or a folder's bare name when only
    /// one followed folder has it.
    public func folder(named name: String) -> FollowedFolder? {
        let key = name.lowercased()
        if let exact = folders.first(where: { $0.qualifiedName.lowercased() == key }) { return exact }
        let bare = folders.filter { $0.folder.name.lowercased() == key || $0.folder.shownName.lowercased() == key }
        return bare.count == 1 ? bare[0] : nil
    }
}

/// How a folder follow is written on one kind of store: the follow and the folder's counter
/// together, idempotently.
public protocol FolderFollowWriter: Sendable {
    func setFollowing(_ followed: Bool, ownerUID: String, folderID: String, uid: String, in store: DocumentStore)
        throws
}

/// The embedded store (and a replica): one transaction reads the folder and the follow and,
/// only when the follow changes, writes it, `.increment(±1)`s the folder's `followers` and
/// records the owner's notification (`folder-follow-{uid}-{folderID}`), or takes it back
/// while unread.
public struct TransactionFolderFollowWriter: FolderFollowWriter {
    public init() {}

    public func setFollowing(
        _ followed: Bool, ownerUID: String, folderID: String, uid: String, in store: DocumentStore
    ) throws {
        let folder = store.collection("favorites").document(ownerUID).collection("folders").document(folderID)
        let follow = store.collection("users").document(uid).collection("folder-follows")
            .document(FolderFollowService.followID(ownerUID: ownerUID, folderID: folderID))
        try store.runTransaction { transaction in
            let shown = try transaction.get(folder)
            let existing = try transaction.get(follow)
            if followed {
                // A replica holds another person's folder only once it copied it back: the
                // server judges a follow the replica cannot (its refusal comes back).
                if shown.exists || !LocalReplica.isApplyingQueuedWrite {
                    guard shown.exists else { throw FavoritesError.folderNotFound(folderID) }
                    guard shown.get("visibility")?.stringValue == FolderVisibility.shared.rawValue else {
                        throw FavoritesError.folderNotShared(shown.get("name")?.stringValue ?? folderID)
                    }
                }
                guard !existing.exists else { return }
                try transaction.setData(
                    ["ownerUid": .string(ownerUID), "folderID": .string(folderID), "followedAt": .serverTimestamp],
                    forDocument: follow)
                guard shown.exists else { return }
                try transaction.updateData(["followers": .increment(1)], forDocument: folder)
                let notified = NotifiedFolder(id: folderID, name: shown.get("name")?.stringValue ?? folderID)
                try NotificationRecord.recordFolderFollow(
                    recipient: ownerUID, actor: uid, folder: notified, in: transaction, store: store)
            } else if existing.exists {
                try transaction.deleteDocument(follow)
                if shown.exists { try transaction.updateData(["followers": .increment(-1)], forDocument: folder) }
                try NotificationRecord.takeBackFolderFollow(
                    recipient: ownerUID, actor: uid, folderID: folderID, in: transaction, store: store)
            }
        }
    }
}

/// A team server: `tern_follow_folder` (Resources/server/19-folder-follows.sql) follows as
/// the login role, refuses a private folder and one's own, and keeps the counter itself.
public struct ServerFolderFollowWriter: FolderFollowWriter {
    public init() {}

    public func setFollowing(
        _ followed: Bool, ownerUID: String, folderID: String, uid: String, in store: DocumentStore
    ) throws {
        let touching = [
            store.document("favorites/\(ownerUID)/folders/\(folderID)"),
            store.document(
                "users/\(uid)/folder-follows/\(FolderFollowService.followID(ownerUID: ownerUID, folderID: folderID))"),
        ]
        do {
            try store.callServerFunction(
                "tern_follow_folder", arguments: [ownerUID, folderID, followed ? "true" : "false"],
                touching: touching)
        } catch let error as StoreError where error.code == .sqlState("P0002") {
            throw FavoritesError.folderNotFound(folderID)
        } catch let error as StoreError where error.code == .sqlState("42501") && followed {
            throw FavoritesError.folderNotShared(folderID)
        } catch let error as StoreError where error.code == .sqlState("22023") {
            throw FavoritesError.ownFolder(folderID)
        }
    }
}
