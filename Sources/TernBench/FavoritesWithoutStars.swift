import Assembly
import Domain
import PlaceCatalog
import ViewModels

/// The store's favorites with the Places screen's listener on every favorite (its stars
/// and map) left out: what the Favorites screen costs alone, to tell the two apart in the
/// `lists` figures. Only the bench uses it; the interface always has both.
final class FavoritesWithoutStars: FavoritesPort {
    private let base: StoreAdapters

    init(_ base: StoreAdapters) { self.base = base }

    var home: Coordinate { base.home }

    /// Never delivers: Places shows no stars.
    func observeFavorites(uid: String, _ onChange: @escaping ([FavoritePlace]) -> Void,
                          onError: @escaping (Error) -> Void) throws -> Cancellable {
        AnyCancellable {}
    }

    func saveFavorite(_ favorite: FavoritePlace, uid: String) throws { try base.saveFavorite(favorite, uid: uid) }
    func removeFavorite(placeID: String, uid: String) throws { try base.removeFavorite(placeID: placeID, uid: uid) }

    func observeFolders(uid: String, _ onChange: @escaping (FolderListing) -> Void,
                        onError: @escaping (Error) -> Void) throws -> Cancellable {
        try base.observeFolders(uid: uid, onChange, onError: onError)
    }

    func observeFolderWindow(_ folder: FavoriteFolder, uid: String, after anchor: FavoritePlace?, limit: Int,
                             _ onChange: @escaping (FolderPage) -> Void,
                             onError: @escaping (Error) -> Void) throws -> Cancellable {
        try base.observeFolderWindow(folder, uid: uid, after: anchor, limit: limit, onChange, onError: onError)
    }

    func observeFolderCount(_ folderID: String, uid: String, _ onChange: @escaping (Int) -> Void,
                            onError: @escaping (Error) -> Void) throws -> Cancellable {
        try base.observeFolderCount(folderID, uid: uid, onChange, onError: onError)
    }

    func folderCount(_ folderID: String, uid: String) throws -> Int { try base.folderCount(folderID, uid: uid) }

    func folderRows(_ folder: FavoriteFolder, uid: String, before place: FavoritePlace?, limit: Int) throws -> [FavoritePlace] {
        try base.folderRows(folder, uid: uid, before: place, limit: limit)
    }

    func folderCount(_ folder: FavoriteFolder, uid: String, before place: FavoritePlace) throws -> Int {
        try base.folderCount(folder, uid: uid, before: place)
    }

    func edit(_ edit: FavoritesEdit, uid: String) throws { try base.edit(edit, uid: uid) }
}
