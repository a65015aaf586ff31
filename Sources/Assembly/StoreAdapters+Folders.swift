import Domain
import Foundation
import PlaceCatalog
import ViewModels

extension StoreAdapters: FavoriteFoldersPort {
    /// The config's home point (Seoul City Hall when the config cannot be read).
    public var home: Coordinate {
        (try? Config.load(paths: services.paths).home) ?? Config.defaultHome
    }

    public func observeFolders(
        uid: String, _ onChange: @escaping (FolderListing) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        guard
            let observation = try services.favorites.observeFolderListing(
                session: session(for: uid), onChange: onChange,
                onError: onError)
        else {
            return AnyCancellable {}
        }
        return AnyCancellable { observation.remove() }
    }

    public func observeFolderWindow(
        _ folder: FavoriteFolder, uid: String, after anchor: FavoritePlace?, limit: Int,
        _ onChange: @escaping (FolderPage) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        let registration = try services.favorites.observeFolderWindow(
            folder, after: anchor, limit: limit, home: home,
            session: session(for: uid), onChange: onChange,
            onError: onError)
        return AnyCancellable { registration.remove() }
    }

    public func observeFolderCount(
        _ folderID: String, uid: String, _ onChange: @escaping (Int) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        let registration = try services.favorites.observeFolderCount(
            folderID, session: session(for: uid), onChange: onChange,
            onError: onError)
        return AnyCancellable { registration.remove() }
    }

    public func folderCount(_ folderID: String, uid: String) throws -> Int {
        try services.favorites.folderCount(folderID, session: session(for: uid))
    }

    public func folderRows(_ folder: FavoriteFolder, uid: String, before place: FavoritePlace?, limit: Int) throws
        -> [FavoritePlace]
    {
        try services.favorites.folderRows(folder, before: place, limit: limit, home: home, session: session(for: uid))
    }

    public func folderCount(_ folder: FavoriteFolder, uid: String, before place: FavoritePlace) throws -> Int {
        try services.favorites.folderCount(folder, before: place, home: home, session: session(for: uid))
    }

    public func edit(_ edit: FavoritesEdit, uid: String) throws {
        let favorites = services.favorites
        switch edit {
        case .createFolder(let name):
            try favorites.createFolder(name: name, session: try writeSession(for: uid, to: .saveFavorites))
        case .renameFolder(let id, let name):
            try favorites.updateFolder(id: id, name: name, session: try writeSession(for: uid, to: .saveFavorites))
        case .deleteFolder(let id, let deletion):
            try favorites.deleteFolder(
                id: id, deletion: deletion, session: try writeSession(for: uid, to: .removeFavorites))
        case .setSort(let folderID, let sort):
            try favorites.updateFolder(
                id: folderID, sort: sort, session: try writeSession(for: uid, to: .saveFavorites))
        case .moveManually(let placeID, let folderID, let offset):
            try favorites.moveManually(
                placeID: placeID, in: folderID, by: offset, home: home,
                session: try writeSession(for: uid, to: .saveFavorites))
        case .setMemo(let placeID, let memo):
            try favorites.setMemo(placeID: placeID, memo: memo, session: try writeSession(for: uid, to: .saveFavorites))
        case .copy(let placeID, let folderID):
            try favorites.copy(placeID: placeID, to: folderID, session: try writeSession(for: uid, to: .saveFavorites))
        case .move(let placeID, let source, let target):
            try favorites.move(
                placeID: placeID, from: source, to: target, session: try writeSession(for: uid, to: .saveFavorites))
        case .removeFromFolder(let placeID, let folderID):
            try favorites.removeFromFolder(
                placeID: placeID, folderID: folderID, session: try writeSession(for: uid, to: .removeFavorites))
        case .save(let candidate, let folderID):
            try favorites.add(candidate, folderID: folderID, session: try writeSession(for: uid, to: .saveFavorites))
        case .restore(let favorite):
            try favorites.restore(favorite, session: try writeSession(for: uid, to: .saveFavorites))
        case .restoreFolder(let folder):
            try favorites.restoreFolder(folder, session: try writeSession(for: uid, to: .saveFavorites))
        }
    }
}
