import DocStore
import Foundation
import PlaceCatalog

/// Up to a window's worth of a folder's places in its order; `isEnd` when they reach its last.
public struct FolderPage: Equatable, Sendable {
    public var favorites: [FavoritePlace]
    public var isEnd: Bool

    public init(favorites: [FavoritePlace], isEnd: Bool) {
        self.favorites = favorites
        self.isEnd = isEnd
    }
}

/// The user's folders (default first, then by name) and how many places each holds.
public struct FolderListing: Equatable, Sendable {
    public var folders: [FavoriteFolder]
    /// Places per folder id (a folder missing here holds none).
    public var counts: [String: Int]

    public init(folders: [FavoriteFolder], counts: [String: Int]) {
        self.folders = FavoritesSnapshot(folders: folders, favorites: []).folders
        self.counts = counts
    }

    public static let empty = FolderListing(folders: [], counts: [:])

    public func count(in folderID: String) -> Int { counts[folderID] ?? 0 }
}

/// One folder's places read a window at a time, never the folder whole.
///
/// Newest first (the default order) is the store's own order: a cursor on (saved time, id)
/// over the favorites whose `folders` array holds the folder (`arrayContains`), each window
/// one indexed range read. Counts come from one grouped count over the `folders` field
/// (`Query.counts(by:)`), which on the embedded store reads an index, not the documents.
/// By name the store sorts too, by the key each favorite holds (`FavoritesService+NameWindow`).
/// The other orders (distance, the person's own) sort by a key the store does not hold (a
/// distance from a home point that can change, a position in the folder's list): see
/// `FavoritesService+SortedWindow`.
extension FavoritesService {
    /// The favorites in `folderID`, in no order yet.
    func inFolder(_ uid: String, _ folderID: String) -> Query {
        favorites(of: uid).whereField("folders", arrayContains: .string(folderID))
    }

    /// The favorites in `folderID`, newest first or oldest first.
    func inFolder(_ uid: String, _ folderID: String, newestFirst: Bool) -> Query {
        StoreOrder.newest.apply(to: inFolder(uid, folderID), reversed: !newestFirst)
    }

    /// The cursor values of `favorite` in the saved-time order.
    static func cursor(_ favorite: FavoritePlace) -> [FieldValue] { StoreOrder.newest.cursor(favorite) }

    /// Sets up the default folder on first use (moving favorites saved before folders into
    /// it), reading the favorites only then.
    func ensureFolders(_ session: Session) throws {
        guard try !folders(of: session.uid).document(FavoriteFolder.defaultID).getDocument().exists else { return }
        _ = try store.runTransaction { transaction in try load(session.uid, in: transaction) }
    }

    /// Places per folder from grouped counts of the `folders` arrays.
    static func folderCounts(_ groups: [FieldValue: Int]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for (value, count) in groups {
            guard case .array(let ids) = value else { continue }
            for id in Set(ids.compactMap(\.stringValue)) { counts[id, default: 0] += count }
        }
        return counts
    }

    /// Calls `onChange` with the user's folders and their counts now and after every change
    /// of either (setting up the default folder first), through the store's executor.
    /// Signed out: one empty listing, no listener.
    public func observeFolderListing(
        session: Session?, onChange: @escaping (FolderListing) -> Void,
        onError: @escaping (Error) -> Void = { _ in }
    ) throws -> FavoritesObservation? {
        guard let session else {
            store.callbackExecutor.execute { onChange(.empty) }
            return nil
        }
        try ensureFolders(session)
        try fillNameKeys(session.uid)
        // Both listeners deliver through the store's executor (on the interface's loop even
        // when this subscription runs on a worker); the listing is told once both were heard.
        var current = FolderListing.empty
        var heardFolders = false
        var heardCounts = false
        let folders = try folders(of: session.uid).addSnapshotListener(
            { snapshot in
                let decoded = DecodedDocuments(snapshot.documents) { try $0.data(as: FavoriteFolder.self) }
                current = FolderListing(folders: decoded.values, counts: current.counts)
                heardFolders = true
                if heardCounts { onChange(current) }
                if let notice = decoded.notice { onError(notice) }
            }, onError: onError)
        let counts = try favorites(of: session.uid).addCountsListener(
            by: "folders",
            { groups in
                current.counts = Self.folderCounts(groups)
                heardCounts = true
                if heardFolders { onChange(current) }
            }, onError: onError)
        return FavoritesObservation([folders, counts])
    }

    /// How many places `folderID` holds, counted by the database.
    public func folderCount(_ folderID: String, session: Session?) throws -> Int {
        let session = try SignInRequired.check(session, .listFavorites)
        return Self.folderCounts(try favorites(of: session.uid).counts(by: "folders"))[folderID] ?? 0
    }

    /// Calls `onChange` with how many places `folderID` holds, now and whenever it changes.
    public func observeFolderCount(
        _ folderID: String, session: Session?, onChange: @escaping (Int) -> Void,
        onError: @escaping (Error) -> Void = { _ in }
    ) throws -> ListenerRegistration {
        let session = try SignInRequired.check(session, .listFavorites)
        var last: Int?
        return try favorites(of: session.uid).addCountsListener(
            by: "folders",
            { groups in
                let count = Self.folderCounts(groups)[folderID] ?? 0
                guard count != last else { return }
                last = count
                onChange(count)
            }, onError: onError)
    }

    /// Calls `onChange` with up to `limit` places of `folder` strictly after `anchor` in the
    /// folder's order (nil: from its first) now and whenever they change.
    public func observeFolderWindow(
        _ folder: FavoriteFolder, after anchor: FavoritePlace?, limit: Int, home: Coordinate,
        session: Session?, onChange: @escaping (FolderPage) -> Void,
        onError: @escaping (Error) -> Void = { _ in }
    ) throws -> ListenerRegistration {
        let session = try SignInRequired.check(session, .listFavorites)
        let limit = max(1, limit)
        guard let order = StoreOrder(folder.sort) else {
            return try observeSortedWindow(
                folder, after: anchor, limit: limit, home: home, uid: session.uid,
                onChange: onChange, onError: onError)
        }
        var query = order.apply(to: inFolder(session.uid, folder.id), reversed: false)
        if let anchor { query = query.start(after: order.cursor(anchor), documentID: anchor.placeID) }
        let cache = DecodingCache<FavoritePlace>()
        return try query.limit(to: limit).addSnapshotListener(
            { snapshot in
                let decoded = cache.decode(snapshot.documents) { try $0.data(as: FavoritePlace.self) }
                onChange(FolderPage(favorites: decoded.values, isEnd: snapshot.count < limit))
                if let notice = decoded.notice { onError(notice) }
            }, onError: onError)
    }

    /// Up to `limit` places of `folder` strictly before `place` in its order, nearest first;
    /// with no place, its last places, last first.
    public func folderRows(
        _ folder: FavoriteFolder, before place: FavoritePlace?, limit: Int, home: Coordinate,
        session: Session?
    ) throws -> [FavoritePlace] {
        let session = try SignInRequired.check(session, .listFavorites)
        guard let order = StoreOrder(folder.sort) else {
            return try sortedRows(folder, before: place, limit: max(1, limit), home: home, uid: session.uid)
        }
        var query = order.apply(to: inFolder(session.uid, folder.id), reversed: true)
        if let place { query = query.start(after: order.cursor(place), documentID: place.placeID) }
        return DecodedDocuments(try query.limit(to: max(1, limit)).getDocuments().documents) {
            try $0.data(as: FavoritePlace.self)
        }.values
    }

    /// How many places of `folder` come strictly before `place` in its order.
    public func folderCount(
        _ folder: FavoriteFolder, before place: FavoritePlace, home: Coordinate,
        session: Session?
    ) throws -> Int {
        let session = try SignInRequired.check(session, .listFavorites)
        guard let order = StoreOrder(folder.sort) else {
            return try sortedCount(folder, before: place, home: home, uid: session.uid)
        }
        // Every favorite before the place, grouped by its folders: the range is read, not
        // filtered place by place.
        let before = order.apply(to: favorites(of: session.uid), reversed: true)
            .start(after: order.cursor(place), documentID: place.placeID)
        return Self.folderCounts(try before.counts(by: "folders"))[folder.id] ?? 0
    }
}
