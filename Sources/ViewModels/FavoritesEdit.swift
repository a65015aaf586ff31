import Domain
import PlaceCatalog

/// A change the Favorites screen asks of the store, by folder and place ids.
public enum FavoritesEdit: Equatable, Sendable {
    case createFolder(name: String)
    case renameFolder(id: String, name: String)
    case deleteFolder(id: String, deletion: FolderDeletion)
    case setSort(folderID: String, sort: FavoriteSort)
    case moveManually(placeID: String, folderID: String, by: Int)
    case setMemo(placeID: String, memo: String)
    case copy(placeID: String, folderID: String)
    case move(placeID: String, fromFolderID: String, toFolderID: String)
    case removeFromFolder(placeID: String, folderID: String)
    /// A place saved into a folder from Places.
    case save(FavoriteCandidate, folderID: String)
    /// A removed favorite brought back as it was (undo).
    case restore(FavoritePlace)
}

/// The favorites in folders, for the Favorites screen.
public protocol FavoriteFoldersPort: AnyObject {
    /// The home point the distance order measures from.
    var home: Coordinate { get }
    /// Calls `onChange` with the user's folders and favorites now and whenever they change,
    /// `onError` when a later read fails; throws when the subscription cannot start.
    func observeFolders(uid: String, _ onChange: @escaping (FavoritesSnapshot) -> Void,
                        onError: @escaping (Error) -> Void) throws -> Cancellable
    func edit(_ edit: FavoritesEdit, uid: String) throws
}

extension PlaceInfo {
    /// What saving this place into a folder copies.
    public var favoriteCandidate: FavoriteCandidate {
        FavoriteCandidate(placeID: placeID, placeName: name, address: address,
                          coordinate: Coordinate(latitude: latitude, longitude: longitude), category: category,
                          phone: phone, roadAddress: roadAddress, url: url)
    }
}
