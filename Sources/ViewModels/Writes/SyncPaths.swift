import Domain

/// The document paths a sync status lists for unconfirmed writes, so that a screen marks
/// exactly the rows they touch.
public enum SyncPaths {
    /// A like (or unlike) of `postID` by `uid`.
    public static func like(postID: String, uid: String) -> String { "posts/\(postID)/likes/\(uid)" }
    /// A post not yet on the server.
    public static func post(_ postID: String) -> String { "posts/\(postID)" }
    /// A saved (or removed) favorite.
    public static func favorite(placeID: String, uid: String) -> String { "users/\(uid)/favorites/\(placeID)" }
    /// A profile edit.
    public static func user(_ uid: String) -> String { "users/\(uid)" }
    /// A bookmark or repost (or its undoing) of `postID` by `uid`.
    public static func mark(_ mark: PostMark, postID: String, uid: String) -> String {
        mark == .bookmark ? "posts/\(postID)/bookmarks/\(uid)" : "posts/\(postID)/reposts/\(uid)"
    }
    /// A follow (or unfollow) of `other` by `uid`.
    public static func following(_ other: String, uid: String) -> String { "users/\(uid)/following/\(other)" }
    /// A follow (or unfollow) of a folder (`ownerUid:folderID`) by `uid`.
    public static func folderFollow(followID: String, uid: String) -> String {
        "users/\(uid)/folder-follows/\(followID)"
    }
}
