import Domain
import PlaceCatalog

/// The favorites in folders, for the Favorites screen: the folders with their counts, and
/// one folder's places read a window at a time in the folder's order (never the folder
/// whole; see `FavoritePageSource`).
public protocol FavoriteFoldersPort: AnyObject {
    /// The home point the distance order measures from.
    var home: Coordinate { get }
    /// Calls `onChange` with the user's folders and how many places each holds, now and
    /// whenever either changes, `onError` when a later read fails; throws when the
    /// subscription cannot start.
    func observeFolders(
        uid: String, _ onChange: @escaping (FolderListing) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable
    /// Calls `onChange` with up to `limit` places of `folder` strictly after `anchor` in its
    /// order (nil: from its first) now and whenever they change.
    func observeFolderWindow(
        _ folder: FavoriteFolder, uid: String, after anchor: FavoritePlace?, limit: Int,
        _ onChange: @escaping (FolderPage) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable
    /// Calls `onChange` with how many places `folderID` holds, now and whenever it changes.
    func observeFolderCount(
        _ folderID: String, uid: String, _ onChange: @escaping (Int) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable
    func folderCount(_ folderID: String, uid: String) throws -> Int
    /// Up to `limit` places strictly before `place` in the folder's order, nearest first;
    /// with no place, the last places, last first.
    func folderRows(_ folder: FavoriteFolder, uid: String, before place: FavoritePlace?, limit: Int) throws
        -> [FavoritePlace]
    /// How many places come strictly before `place` in the folder's order.
    func folderCount(_ folder: FavoriteFolder, uid: String, before place: FavoritePlace) throws -> Int
    func edit(_ edit: FavoritesEdit, uid: String) throws
    /// Calls `onChange` with the other people's shared folders `uid` follows, their places in
    /// each folder's order (and the follows of folders gone or made private), now and
    /// whenever they change; throws when the subscription cannot start.
    func observeFollowedFolders(
        uid: String, _ onChange: @escaping (FollowedFolders) -> Void, onError: @escaping (Error) -> Void
    ) throws -> Cancellable
    /// The folders `uid` follows, read once.
    func followedFolders(uid: String) throws -> FollowedFolders
}

extension FavoriteFoldersPort {
    /// A store without other people's folders has none followed.
    public func observeFollowedFolders(
        uid: String, _ onChange: @escaping (FollowedFolders) -> Void, onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        onChange(FollowedFolders())
        return AnyCancellable {}
    }

    public func followedFolders(uid: String) throws -> FollowedFolders { FollowedFolders() }
}

extension PlaceInfo {
    /// What saving this place into a folder copies.
    public var favoriteCandidate: FavoriteCandidate {
        FavoriteCandidate(
            placeID: placeID, placeName: name, address: address,
            coordinate: Coordinate(latitude: latitude, longitude: longitude), category: category,
            phone: phone, roadAddress: roadAddress, url: url)
    }
}
