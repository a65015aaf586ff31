import Domain

/// A saved place is known by its place's id.
extension FavoritePlace: Identifiable {
    public var id: String { placeID }
}

/// One folder's places, in the folder's order, as a `PagedList` reads them. The folder is
/// taken as it was when the source was made (its order and, for the person's own order,
/// its positions): a change of either makes a new source.
///
/// A folder followed from someone else (`owner` set) is read from the followed folders
/// (`FavoriteFoldersPort.observeFollowedFolders`), a shared folder being small enough to
/// hold whole.
public final class FavoritePageSource: PageSource {
    public let folder: FavoriteFolder
    /// Whose folder this is when it is followed, not one's own.
    public let owner: FolderOwner?
    private let port: FavoriteFoldersPort
    private let uid: String

    public init(_ folder: FavoriteFolder, owner: FolderOwner? = nil, uid: String, port: FavoriteFoldersPort) {
        self.folder = folder
        self.owner = owner
        self.uid = uid
        self.port = port
    }

    /// The followed folder's places as `followed` holds them.
    func places(in followed: FollowedFolders) -> [FavoritePlace] {
        followed.folders.first { $0.owner.uid == owner?.uid && $0.folder.id == folder.id }?.places ?? []
    }

    public func observeRows(
        after anchor: FavoritePlace?, limit: Int, _ onChange: @escaping (PageSlice<FavoritePlace>) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        if owner != nil {
            return try port.observeFollowedFolders(
                uid: uid,
                { [weak self] followed in
                    guard let self else { return }
                    let places = self.places(in: followed)
                    let start =
                        anchor.flatMap { anchor in places.firstIndex { $0.placeID == anchor.placeID } }
                        .map { $0 + 1 } ?? 0
                    let rows = Array(places.dropFirst(start).prefix(limit))
                    onChange(PageSlice(rows: rows, isEnd: start + rows.count >= places.count))
                }, onError: onError)
        }
        return try port.observeFolderWindow(
            folder, uid: uid, after: anchor, limit: limit,
            {
                onChange(PageSlice(rows: $0.favorites, isEnd: $0.isEnd))
            }, onError: onError)
    }

    public func observeCount(_ onChange: @escaping (Int) -> Void, onError: @escaping (Error) -> Void) throws
        -> Cancellable
    {
        if owner != nil {
            return try port.observeFollowedFolders(
                uid: uid, { [weak self] in onChange(self?.places(in: $0).count ?? 0) }, onError: onError)
        }
        return try port.observeFolderCount(folder.id, uid: uid, onChange, onError: onError)
    }

    public func count() throws -> Int {
        if owner != nil { return places(in: try port.followedFolders(uid: uid)).count }
        return try port.folderCount(folder.id, uid: uid)
    }

    public func rows(before row: FavoritePlace?, limit: Int) throws -> [FavoritePlace] {
        if owner != nil {
            let places = places(in: try port.followedFolders(uid: uid))
            let end = row.flatMap { row in places.firstIndex { $0.placeID == row.placeID } } ?? places.count
            return Array(places.prefix(end).reversed().prefix(limit))
        }
        return try port.folderRows(folder, uid: uid, before: row, limit: limit)
    }

    public var readsPassWholeList: Bool { owner != nil || !folder.sort.isStoreSorted }

    /// The folder's count is a grouped count of the user's favorites, heard after every write.
    public var countFollowsEveryChange: Bool { true }

    public func count(before row: FavoritePlace) throws -> Int {
        if owner != nil {
            let places = places(in: try port.followedFolders(uid: uid))
            return places.firstIndex { $0.placeID == row.placeID } ?? places.count
        }
        return try port.folderCount(folder, uid: uid, before: row)
    }
}
