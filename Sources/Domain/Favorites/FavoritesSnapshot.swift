import Foundation
import PlaceCatalog

/// A user's folders and favorites as read at one moment: what the command line, the
/// exports and the Favorites screen work from.
public struct FavoritesSnapshot: Equatable, Sendable {
    /// The default folder first, then the others by name (`KoreanCollation`, numbers as numbers).
    public var folders: [FavoriteFolder]
    /// Every favorite, newest first.
    public var favorites: [FavoritePlace]
    /// What was left out because it cannot be read (see `DecodedDocuments`), one line per
    /// collection; empty when nothing was.
    public var leftOut: [String] = []

    public init(folders: [FavoriteFolder], favorites: [FavoritePlace]) {
        self.folders = folders.sorted { a, b in
            a.isDefault != b.isDefault ? a.isDefault : KoreanCollation.precedesNumbering(a.name, b.name)
        }
        self.favorites = FavoriteOrder.sorted(favorites, by: .newest, home: Coordinate(latitude: 0, longitude: 0))
    }

    public static let empty = FavoritesSnapshot(folders: [], favorites: [])

    /// The folder called `name` (as stored, or as shown in the run's language), ignoring case.
    public func folder(named name: String) -> FavoriteFolder? {
        let key = FavoriteText.nameKey(name.trimmingCharacters(in: .whitespacesAndNewlines))
        return folders.first { FavoriteText.nameKey($0.name) == key }
            ?? folders.first { FavoriteText.nameKey($0.shownName) == key }
    }

    /// The folder called `name`, or `FavoritesError.folderNotFound`.
    public func requireFolder(named name: String) throws -> FavoriteFolder {
        guard let folder = folder(named: name) else { throw FavoritesError.folderNotFound(name) }
        return folder
    }

    public func folder(id: String) -> FavoriteFolder? {
        folders.first { $0.id == id }
    }

    /// The places in `folder`, in its kept order unless `sort` overrides it.
    public func places(in folder: FavoriteFolder, sort: FavoriteSort? = nil, home: Coordinate) -> [FavoritePlace] {
        FavoriteOrder.sorted(
            favorites.filter { $0.folders.contains(folder.id) }, by: sort ?? folder.sort,
            home: home, manualOrder: folder.manualOrder)
    }

    /// How many places `folder` holds.
    public func count(in folder: FavoriteFolder) -> Int {
        favorites.reduce(0) { $0 + ($1.folders.contains(folder.id) ? 1 : 0) }
    }

    /// The names of the folders holding `favorite` that this snapshot knows, in folder order,
    /// as stored (JSON) or as a person reads them (`shown`).
    public func folderNames(of favorite: FavoritePlace, shown: Bool = false) -> [String] {
        folders.filter { favorite.folders.contains($0.id) }.map { shown ? $0.shownName : $0.name }
    }

    public func favorite(placeID: String) -> FavoritePlace? {
        favorites.first { $0.placeID == placeID }
    }
}
