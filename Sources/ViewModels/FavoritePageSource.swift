import Domain

/// A saved place is known by its place's id.
extension FavoritePlace: Identifiable {
    public var id: String { placeID }
}

/// One folder's places, in the folder's order, as a `PagedList` reads them. The folder is
/// taken as it was when the source was made (its order and, for the person's own order,
/// its positions): a change of either makes a new source.
public final class FavoritePageSource: PageSource {
    public let folder: FavoriteFolder
    private let port: FavoriteFoldersPort
    private let uid: String

    public init(_ folder: FavoriteFolder, uid: String, port: FavoriteFoldersPort) {
        self.folder = folder
        self.uid = uid
        self.port = port
    }

    public func observeRows(
        after anchor: FavoritePlace?, limit: Int, _ onChange: @escaping (PageSlice<FavoritePlace>) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        try port.observeFolderWindow(
            folder, uid: uid, after: anchor, limit: limit,
            {
                onChange(PageSlice(rows: $0.favorites, isEnd: $0.isEnd))
            }, onError: onError)
    }

    public func observeCount(_ onChange: @escaping (Int) -> Void, onError: @escaping (Error) -> Void) throws
        -> Cancellable
    {
        try port.observeFolderCount(folder.id, uid: uid, onChange, onError: onError)
    }

    public func count() throws -> Int {
        try port.folderCount(folder.id, uid: uid)
    }

    public func rows(before row: FavoritePlace?, limit: Int) throws -> [FavoritePlace] {
        try port.folderRows(folder, uid: uid, before: row, limit: limit)
    }

    public var readsPassWholeList: Bool { !folder.sort.isStoreSorted }

    /// The folder's count is a grouped count of the user's favorites, heard after every write.
    public var countFollowsEveryChange: Bool { true }

    public func count(before row: FavoritePlace) throws -> Int {
        try port.folderCount(folder, uid: uid, before: row)
    }
}
