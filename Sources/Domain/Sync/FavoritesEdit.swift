import Foundation
import PlaceCatalog

/// A change to the signed-in user's folders or to a saved place's folders and memo, by
/// folder and place ids: what the Favorites screen (and Places' undo) asks, carried to the
/// store by `WriteIntent.editFavorites` through the one writer.
public enum FavoritesEdit: Equatable, Sendable, Codable {
    /// A new folder; `id` is drawn by the writer when nil, so the folder sent twice is one
    /// folder. Colour and visibility are optional so that an outbox written before they were
    /// carried still reads (nil: blue, private).
    case createFolder(name: String, id: String? = nil, color: FavoriteColor? = nil, visibility: FolderVisibility? = nil)
    case renameFolder(id: String, name: String)
    /// A folder's colour, visibility or kept order set (nil leaves one as it is).
    case setFolder(id: String, color: FavoriteColor?, visibility: FolderVisibility?, sort: FavoriteSort?)
    case deleteFolder(id: String, deletion: FolderDeletion)
    case setSort(folderID: String, sort: FavoriteSort)
    /// One step in the folder's order as it is shown from `home` (nil: the writer's config's home point).
    case moveManually(placeID: String, folderID: String, by: Int, home: Coordinate? = nil)
    case setMemo(placeID: String, memo: String)
    case copy(placeID: String, folderID: String)
    case move(placeID: String, fromFolderID: String, toFolderID: String)
    case removeFromFolder(placeID: String, folderID: String)
    /// A place saved into a folder from Places.
    case save(FavoriteCandidate, folderID: String)
    /// A removed favorite brought back as it was (undo).
    case restore(FavoritePlace)
    /// A folder deleted while empty brought back as it was (undo).
    case restoreFolder(FavoriteFolder)

    /// The place the edit changes, nil for an edit of a folder.
    public var placeID: String? {
        switch self {
        case .moveManually, .createFolder, .renameFolder, .setFolder, .deleteFolder, .setSort, .restoreFolder: nil
        case .setMemo(let id, _), .copy(let id, _), .move(let id, _, _), .removeFromFolder(let id, _): id
        case .save(let place, _): place.placeID
        case .restore(let favorite): favorite.placeID
        }
    }

    /// The folder the edit changes, nil for an edit of a place.
    public var folderID: String? {
        switch self {
        case .createFolder(_, let id, _, _): id
        case .renameFolder(let id, _), .deleteFolder(let id, _), .setSort(let id, _), .setFolder(let id, _, _, _): id
        case .moveManually(_, let id, _, _): id
        case .restoreFolder(let folder): folder.id
        case .setMemo, .copy, .move, .removeFromFolder, .save, .restore: nil
        }
    }

    /// Whether it removes places or takes them out of folders (what a signed-out person is told).
    var removes: Bool {
        switch self {
        case .deleteFolder, .removeFromFolder: true
        default: false
        }
    }

    /// Whether it may change any number of saved places (a folder's deletion moves or deletes
    /// its places), so that a replica reads all of them back once it is sent.
    public var changesManyPlaces: Bool {
        if case .deleteFolder = self { return true }
        return false
    }

    /// The documents it changes, as storage names them (see `WriteIntent.changedDocuments`).
    func changedDocuments(uid: String) -> [String] {
        var paths: [String] = []
        if let placeID { paths.append("favorites/\(uid)/favorites/\(placeID)") }
        if let folderID { paths.append("favorites/\(uid)/folders/\(folderID)") }
        return paths
    }

    /// The row a screen marks pending: the place's, or the folder's.
    func pendingPath(uid: String) -> String {
        if let placeID { return "users/\(uid)/favorites/\(placeID)" }
        return "users/\(uid)/folders/\(folderID ?? "")"
    }

    /// Throws what the store would refuse of the edit's own text, before it is queued.
    func validate() throws {
        switch self {
        case .createFolder(let name, _, _, _), .renameFolder(_, let name): _ = try FavoriteText.folderName(name)
        case .setMemo(_, let memo): _ = try FavoriteText.memo(memo)
        case .restoreFolder(let folder): _ = try FavoriteText.folderName(folder.name)
        default: break
        }
    }

    /// Makes the edit through `favorites` as `session`; `home` when the edit names none.
    func apply(to favorites: FavoritesService, home: Coordinate, session: Session) throws {
        switch self {
        case .createFolder(let name, let id, let color, let visibility):
            try favorites.createFolder(
                name: name, id: id, color: color ?? .blue, visibility: visibility ?? .private, session: session)
        case .renameFolder(let id, let name):
            try favorites.updateFolder(id: id, name: name, session: session)
        case .setFolder(let id, let color, let visibility, let sort):
            try favorites.updateFolder(id: id, color: color, visibility: visibility, sort: sort, session: session)
        case .deleteFolder(let id, let deletion):
            try favorites.deleteFolder(id: id, deletion: deletion, session: session)
        case .setSort(let folderID, let sort):
            try favorites.updateFolder(id: folderID, sort: sort, session: session)
        case .moveManually(let placeID, let folderID, let offset, let named):
            try favorites.moveManually(
                placeID: placeID, in: folderID, by: offset, home: named ?? home, session: session)
        case .setMemo(let placeID, let memo):
            try favorites.setMemo(placeID: placeID, memo: memo, session: session)
        case .copy(let placeID, let folderID):
            try favorites.copy(placeID: placeID, to: folderID, session: session)
        case .move(let placeID, let source, let target):
            try favorites.move(placeID: placeID, from: source, to: target, session: session)
        case .removeFromFolder(let placeID, let folderID):
            try favorites.removeFromFolder(placeID: placeID, folderID: folderID, session: session)
        case .save(let candidate, let folderID):
            try favorites.add(candidate, folderID: folderID, session: session)
        case .restore(let favorite):
            try favorites.restore(favorite, session: session)
        case .restoreFolder(let folder):
            try favorites.restoreFolder(folder, session: session)
        }
    }
}
