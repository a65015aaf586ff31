import Domain
import Foundation
import PlaceCatalog

@testable import ViewModels

/// A test port's folder paging over places it holds in memory, all in the default folder,
/// newest first: what the fakes that are not about paging need to show a few favorites.
protocol InMemoryFolders: FavoriteFoldersPort {
    /// The places of the default folder, newest first.
    var folderPlaces: [FavoritePlace] { get }
}

extension InMemoryFolders {
    func observeFolderWindow(
        _ folder: FavoriteFolder, uid: String, after anchor: FavoritePlace?, limit: Int,
        _ onChange: @escaping (FolderPage) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        let start =
            anchor.flatMap { anchor in folderPlaces.firstIndex { $0.placeID == anchor.placeID }.map { $0 + 1 } } ?? 0
        let rows = Array(folderPlaces.dropFirst(start).prefix(limit))
        onChange(FolderPage(favorites: rows, isEnd: start + limit >= folderPlaces.count))
        return AnyCancellable {}
    }

    func observeFolderCount(
        _ folderID: String, uid: String, _ onChange: @escaping (Int) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        onChange(folderPlaces.count)
        return AnyCancellable {}
    }

    func folderCount(_ folderID: String, uid: String) throws -> Int { folderPlaces.count }

    func folderRows(_ folder: FavoriteFolder, uid: String, before place: FavoritePlace?, limit: Int) throws
        -> [FavoritePlace]
    {
        let end =
            place.flatMap { place in folderPlaces.firstIndex { $0.placeID == place.placeID } } ?? folderPlaces.count
        return Array(folderPlaces.prefix(end).suffix(limit).reversed())
    }

    func folderCount(_ folder: FavoriteFolder, uid: String, before place: FavoritePlace) throws -> Int {
        folderPlaces.firstIndex { $0.placeID == place.placeID } ?? 0
    }
}
