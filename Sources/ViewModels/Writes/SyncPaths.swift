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
}
