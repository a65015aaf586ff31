import Foundation
import Localization
import PlaceCatalog

/// One write a person makes, stated once by a view model or a command: the intent (like,
/// post, save a place…), not the documents it changes. `IntentWriter.send` applies it; on a
/// team server the outbox keeps it until the server confirms it, so replaying it goes
/// through the same service call, and the server's rules, as a write made online.
///
/// Every kind is idempotent in effect, so a write sent again after a crash between sending
/// and confirming changes nothing more: a like or an unlike sets a state, a saved or removed
/// place too, a profile edit and a post's edit set fields, a post's deletion finds it gone
/// and is done, and a post carries the id this client drew for it (a second insert of that
/// id is a no-op, see `TweetService.post`), as a new folder does. A favorites edit sets
/// folders, a name or a memo, except a manual move, which steps once more when sent twice.
public enum WriteIntent: Equatable, Sendable, Codable {
    case like(postID: String)
    case unlike(postID: String)
    case post(postID: String, text: String, placeID: String?, place: PostPlace? = nil)
    /// The signed-in user's own post, its text replaced.
    case editPost(postID: String, text: String)
    /// The signed-in user's own post, deleted with its likes.
    case deletePost(postID: String)
    case saveFavorite(QueuedPlace)
    case removeFavorite(placeID: String)
    case editProfile(displayName: String?, username: String?, bio: String?, avatar: String? = nil)
    // Conversations (issue 28): follows, by the followed account's uid.
    case follow(uid: String)
    case unfollow(uid: String)
    // Conversations: a private bookmark, or a repost, of a post (`PostMark`), set or taken back.
    case mark(PostMark, postID: String, marked: Bool)
    /// A folder made, renamed, sorted or deleted, or a saved place's memo or folders changed.
    case editFavorites(FavoritesEdit)
    // Replies: a post that answers `replyTo`, with the id this client drew for it.
    case reply(postID: String, text: String, replyTo: String, placeID: String? = nil, place: PostPlace? = nil)
    // People: a mute of the account with this uid, or its end.
    case mute(uid: String)
    case unmute(uid: String)
    // notify: every notification of the signed-in account marked read.
    case readNotifications
    // A follow of another person's shared folder, or its end.
    case followFolder(ownerUID: String, folderID: String)
    case unfollowFolder(ownerUID: String, folderID: String)

    /// A place saved from a candidate.
    public static func saveFavorite(_ place: FavoriteCandidate, folderID: String? = nil, memo: String? = nil)
        -> WriteIntent
    {
        .saveFavorite(
            QueuedPlace(
                placeID: place.placeID, placeName: place.placeName, address: place.address,
                latitude: place.coordinate.latitude, longitude: place.coordinate.longitude,
                category: place.category, phone: place.phone, roadAddress: place.roadAddress, url: place.url,
                folderID: folderID, memo: memo))
    }

    /// A profile edit.
    public static func editProfile(_ edit: ProfileEdit) -> WriteIntent {
        .editProfile(displayName: edit.displayName, username: edit.username, bio: edit.bio, avatar: edit.avatar)
    }

    /// What `tern sync` calls it: the kind and the id it acts on (`like POST_ID`).
    public var description: String {
        switch self {
        case .like(let id): tr(.writeLike, ["id": id])
        case .unlike(let id): tr(.writeUnlike, ["id": id])
        case .post(let id, _, _, _): tr(.writePost, ["id": id])
        case .editPost(let id, _): tr(.writeEditPost, ["id": id])
        case .deletePost(let id): tr(.writeDeletePost, ["id": id])
        case .saveFavorite(let place): tr(.writeSave, ["id": place.placeID])
        case .removeFavorite(let id): tr(.writeRemove, ["id": id])
        case .editProfile: tr(.writeProfile)
        // Conversations
        case .follow(let uid): tr(.writeFollow, ["id": uid])
        case .unfollow(let uid): tr(.writeUnfollow, ["id": uid])
        case .mark(.bookmark, let id, let marked): tr(marked ? .writeBookmark : .writeUnbookmark, ["id": id])
        case .mark(.repost, let id, let marked): tr(marked ? .writeRepost : .writeUnrepost, ["id": id])
        case .editFavorites(let edit): tr(.writeFavorites, ["id": edit.placeID ?? edit.folderID ?? ""])
        // Replies
        case .reply(let id, _, let parent, _, _): tr(.writeReply, ["id": id, "parent": parent])
        // People
        case .mute(let uid): tr(.writeMute, ["id": uid])
        case .unmute(let uid): tr(.writeUnmute, ["id": uid])
        // notify
        case .readNotifications: tr(.writeReadNotifications)
        case .followFolder(let owner, let folder): tr(.writeFollowFolder, ["id": owner + ":" + folder])
        case .unfollowFolder(let owner, let folder): tr(.writeUnfollowFolder, ["id": owner + ":" + folder])
        }
    }

    /// The name of the row a screen marks as pending while this write is unconfirmed, in the
    /// sync port's own naming (`SyncPaths` in ViewModels), which is the screens', not storage's.
    public func pendingPath(uid: String) -> String {
        switch self {
        case .like(let id), .unlike(let id): "posts/\(id)/likes/\(uid)"
        case .post(let id, _, _, _), .editPost(let id, _), .deletePost(let id): "posts/\(id)"
        case .saveFavorite(let place): "users/\(uid)/favorites/\(place.placeID)"
        case .removeFavorite(let id): "users/\(uid)/favorites/\(id)"
        case .editProfile: "users/\(uid)"
        // Conversations
        case .follow(let other), .unfollow(let other): "users/\(uid)/following/\(other)"
        case .mark(.bookmark, let id, _): "posts/\(id)/bookmarks/\(uid)"
        case .mark(.repost, let id, _): "posts/\(id)/reposts/\(uid)"
        case .editFavorites(let edit): edit.pendingPath(uid: uid)
        // Replies
        case .reply(let id, _, _, _, _): "posts/\(id)"
        // People
        case .mute(let other), .unmute(let other): "users/\(uid)/mutes/\(other)"
        // notify
        case .readNotifications: "users/\(uid)/notifications"
        case .followFolder(let owner, let folder), .unfollowFolder(let owner, let folder):
            "users/\(uid)/folder-follows/\(FolderFollowService.followID(ownerUID: owner, folderID: folder))"
        }
    }

    /// The documents the write changes, as storage names them: what a replica reads back
    /// from the server once the write is sent (`ReplicaRefresh.refresh(after:)`).
    public func changedDocuments(uid: String) -> [String] {
        switch self {
        case .like(let id), .unlike(let id): ["tweets/\(id)", "users/\(uid)/user-likes/\(id)"]
        case .post(let id, _, _, _), .editPost(let id, _): ["tweets/\(id)"]
        case .deletePost(let id): ["tweets/\(id)", "users/\(uid)/user-likes/\(id)"]
        case .saveFavorite(let place): ["favorites/\(uid)/favorites/\(place.placeID)"]
        case .removeFavorite(let id): ["favorites/\(uid)/favorites/\(id)"]
        case .editProfile: ["users/\(uid)"]
        // Conversations
        case .follow(let other), .unfollow(let other):
            ["users/\(uid)", "users/\(other)", "users/\(uid)/following/\(other)", "users/\(other)/followers/\(uid)"]
        case .mark(let mark, let id, _): ["tweets/\(id)", "users/\(uid)/\(mark.collection)/\(id)"]
        case .editFavorites(let edit): edit.changedDocuments(uid: uid)
        // Replies: the reply and the parent whose counter it moved.
        case .reply(let id, _, let parent, _, _): ["tweets/\(id)", "tweets/\(parent)"]
        // People
        case .mute(let other), .unmute(let other): ["users/\(uid)/mutes/\(other)"]
        // notify: the next full refresh copies the account's notifications back.
        case .readNotifications: []
        case .followFolder(let owner, let folder), .unfollowFolder(let owner, let folder):
            [
                "favorites/\(owner)/folders/\(folder)",
                "users/\(uid)/folder-follows/\(FolderFollowService.followID(ownerUID: owner, folderID: folder))",
            ]
        }
    }

    /// Throws the `ValidationError` the write would meet when sent, so that a write no
    /// server would take is refused now rather than queued.
    public func validate() throws {
        switch self {
        case .post(_, let text, _, _), .editPost(_, let text), .reply(_, let text, _, _, _):
            _ = try Validation.postText(text)
        case .saveFavorite(let place): _ = try place.memo.map(FavoriteText.memo)
        case .editProfile(let displayName, let username, let bio, let avatar):
            _ = try ProfileEdit(displayName: displayName, username: username, bio: bio).normalisedUsername()
            _ = try displayName.map(Validation.displayName)
            _ = try bio.map(Validation.bio)
            _ = try avatar.map { $0.isEmpty ? $0 : try Validation.avatar($0) }
        case .like, .unlike, .deletePost, .removeFavorite: break
        // Conversations
        case .follow, .unfollow, .mark: break
        // People
        case .mute, .unmute: break
        case .readNotifications: break
        case .followFolder, .unfollowFolder: break
        case .editFavorites(let edit): try edit.validate()
        }
    }

    /// What a person signed out is told they must sign in to do (`SignInRequired`).
    public var signInAction: SignInRequired.Action {
        switch self {
        case .like, .unlike: .likePosts
        case .post, .reply: .post
        case .editPost, .deletePost: .editPosts
        case .saveFavorite: .saveFavorites
        case .removeFavorite: .removeFavorites
        case .editProfile: .editProfile
        // Conversations
        case .follow, .unfollow: .follow
        case .mark(.bookmark, _, _): .bookmark
        case .mark(.repost, _, _): .repost
        case .editFavorites(let edit): edit.removes ? .removeFavorites : .saveFavorites
        // People
        case .mute, .unmute: .mute
        // notify
        case .readNotifications: .notifications
        case .followFolder, .unfollowFolder: .follow
        }
    }

    /// Makes the write through `services` as `session`: on the server when sending, on the
    /// local replica when queuing (so what the screens read from it shows the write at once).
    public func apply(to services: AppServices, session: Session) throws {
        switch self {
        case .like(let id):
            try services.tweets.writeLike(true, tweetID: id, session: session)
        case .unlike(let id):
            try services.tweets.writeLike(false, tweetID: id, session: session)
        case .post(let id, let text, let placeID, let place):
            try services.tweets.writePost(text, id: id, placeID: placeID, place: place, session: session)
        case .editPost(let id, let text):
            try services.tweets.writeEdit(tweetID: id, text: text, session: session)
        case .deletePost(let id):
            try services.tweets.writeDelete(tweetID: id, session: session)
        case .saveFavorite(let place):
            try services.favorites.add(place.candidate, folderID: place.folderID, memo: place.memo, session: session)
        case .removeFavorite(let id):
            try services.favorites.remove(placeID: id, session: session)
        case .editProfile(let displayName, let username, let bio, let avatar):
            try services.users.updateProfile(
                ProfileEdit(displayName: displayName, username: username, bio: bio, avatar: avatar), session: session)
        // Conversations
        case .follow(let uid):
            try services.follows.writeFollow(true, uid: uid, session: session)
        case .unfollow(let uid):
            try services.follows.writeFollow(false, uid: uid, session: session)
        case .mark(let mark, let id, let marked):
            try services.tweets.writeMark(mark, marked, tweetID: id, session: session)
        case .editFavorites(let edit):
            try edit.apply(to: services.favorites, home: services.home, session: session)
        // Replies
        case .reply(let id, let text, let parent, let placeID, let place):
            try services.tweets.writeReply(text, id: id, to: parent, placeID: placeID, place: place, session: session)
        // People
        case .mute(let uid):
            try services.mutes.writeMute(true, uid: uid, session: session)
        case .unmute(let uid):
            try services.mutes.writeMute(false, uid: uid, session: session)
        // notify
        case .readNotifications:
            try services.notifications.writeRead(session: session)
        case .followFolder(let owner, let folder):
            try services.folderFollows.writeFollow(true, ownerUID: owner, folderID: folder, session: session)
        case .unfollowFolder(let owner, let folder):
            try services.folderFollows.writeFollow(false, ownerUID: owner, folderID: folder, session: session)
        }
    }

    /// Whether a replica reads all of the account's favorites back once this is sent,
    /// rather than only `changedDocuments` (a folder's deletion moves any number of places).
    public var changesManyDocuments: Bool {
        if case .editFavorites(let edit) = self { return edit.changesManyPlaces }
        return false
    }

    /// The intent with what it leaves to the writer filled in, so that the queued write and
    /// the one made locally are the same: a new folder's id, a manual move's home point.
    public func resolved(in services: AppServices) -> WriteIntent {
        switch self {
        case .editFavorites(.createFolder(let name, nil, let color, let visibility)):
            .editFavorites(
                .createFolder(
                    name: name, id: services.store.collection("folders").document().documentID, color: color,
                    visibility: visibility))
        case .editFavorites(.moveManually(let placeID, let folderID, let offset, nil)):
            .editFavorites(.moveManually(placeID: placeID, folderID: folderID, by: offset, home: services.home))
        default: self
        }
    }
}

/// A place to save, as the outbox keeps it: the candidate's fields, the folder and the memo.
public struct QueuedPlace: Equatable, Sendable, Codable {
    public var placeID: String
    public var placeName: String
    public var address: String
    public var latitude: Double
    public var longitude: Double
    public var category: String?
    public var phone: String?
    public var roadAddress: String?
    public var url: String?
    public var folderID: String?
    public var memo: String?

    var candidate: FavoriteCandidate {
        FavoriteCandidate(
            placeID: placeID, placeName: placeName, address: address,
            coordinate: Coordinate(latitude: latitude, longitude: longitude),
            category: category, phone: phone, roadAddress: roadAddress, url: url)
    }
}
