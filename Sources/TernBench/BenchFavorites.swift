import Assembly
import Domain
import PlaceCatalog
import ViewModels

/// The store's favorites with the Places screen's listeners changed, to tell apart in the
/// `favorites` figures what Places costs: `.none` leaves them out (what the Favorites screen
/// costs alone), `.everyFavorite` makes them what they were before Places followed a bounded
/// selection (one listener on every favorite, its stars picked from all of them). Only the
/// bench uses it; the interface always follows the selection.
final class BenchFavorites: FavoritesPort {
    enum PlacesListeners {
        case none
        case everyFavorite
    }

    private let base: StoreAdapters
    private let places: PlacesListeners

    init(_ base: StoreAdapters, places: PlacesListeners) {
        self.base = base
        self.places = places
    }

    var home: Coordinate { base.home }

    func observeFavorites(
        _ selection: FavoritesSelection, uid: String, _ onChange: @escaping ([FavoritePlace]) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        guard places == .everyFavorite, case .places(let ids) = selection else { return AnyCancellable {} }
        let wanted = Set(ids)
        return try base.observeFavorites(
            .newest(limit: Int(Int32.max)), uid: uid,
            { every in
                onChange(every.filter { wanted.contains($0.placeID) })
            }, onError: onError)
    }

    func write(_ intent: WriteIntent, uid: String) throws { try base.write(intent, uid: uid) }

    func observeFolders(
        uid: String, _ onChange: @escaping (FolderListing) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        try base.observeFolders(uid: uid, onChange, onError: onError)
    }

    func observeFolderWindow(
        _ folder: FavoriteFolder, uid: String, after anchor: FavoritePlace?, limit: Int,
        _ onChange: @escaping (FolderPage) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        try base.observeFolderWindow(folder, uid: uid, after: anchor, limit: limit, onChange, onError: onError)
    }

    func observeFolderCount(
        _ folderID: String, uid: String, _ onChange: @escaping (Int) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        try base.observeFolderCount(folderID, uid: uid, onChange, onError: onError)
    }

    func folderCount(_ folderID: String, uid: String) throws -> Int { try base.folderCount(folderID, uid: uid) }

    func folderRows(_ folder: FavoriteFolder, uid: String, before place: FavoritePlace?, limit: Int) throws
        -> [FavoritePlace]
    {
        try base.folderRows(folder, uid: uid, before: place, limit: limit)
    }

    func folderCount(_ folder: FavoriteFolder, uid: String, before place: FavoritePlace) throws -> Int {
        try base.folderCount(folder, uid: uid, before: place)
    }

    func edit(_ edit: FavoritesEdit, uid: String) throws { try base.edit(edit, uid: uid) }
}
