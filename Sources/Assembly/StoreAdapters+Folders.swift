import Domain
import Foundation
import PlaceCatalog
import ViewModels

extension StoreAdapters: FavoriteFoldersPort {
    /// The config's home point (Seoul City Hall when the config cannot be read).
    public var home: Coordinate { services.home }

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

    public func observeFollowedFolders(
        uid: String, _ onChange: @escaping (FollowedFolders) -> Void, onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        let listener = try services.folderFollows.observeFollowedFolders(
            of: uid, home: home, onChange: onChange, onError: onError)
        return AnyCancellable { listener.remove() }
    }

    public func followedFolders(uid: String) throws -> FollowedFolders {
        try services.folderFollows.followedFolders(of: uid, home: home)
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

    /// States `edit` as a `WriteIntent` through the one writer, as every other write.
    public func edit(_ edit: FavoritesEdit, uid: String) throws {
        try write(.editFavorites(edit), uid: uid)
    }
}
