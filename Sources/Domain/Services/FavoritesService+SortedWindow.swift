import DocStore
import Foundation
import PlaceCatalog

/// A folder's places in an order the store cannot sort by: by name (`KoreanCollation`), by
/// distance from the home point (which the config can move), or in the person's own order
/// (positions kept in the folder document).
///
/// Decision: such a window is a bounded top-K over a streaming pass of the folder, not a
/// store cursor. The pass reads the folder newest first in batches of `scanBatch` (100) by the
/// store's own cursor and keeps only the `limit` best places after the anchor in a heap
/// (`BoundedSelection`), so memory is bounded by the window, never by the folder; a
/// passed place is compared by the few fields the orders need, and only the places kept
/// are decoded whole. Paging
/// by saved time in the store and sorting only within a page was rejected: a page boundary
/// would cut the order (the nearest place can be the folder's oldest). Storing the keys was
/// rejected too: a distance depends on the home point, a name's collation on Tern's code,
/// and both would need every document rewritten when either changes. The cost is a pass
/// over the folder per window read and per change, in time, not memory; newest first (the
/// default) stays one indexed range read.
extension FavoritesService {
    /// Documents read per step of a pass: each step holds the store, so on the embedded
    /// store a write on the interface's thread waits at most one step (a few milliseconds).
    static let scanBatch = 100

    /// A place's document during a pass: only what the orders compare (name, id, saved
    /// time, coordinate) is read, and the rest is decoded only for the places a window keeps.
    struct PassedPlace {
        var key: FavoritePlace
        var document: DocumentSnapshot

        init?(_ document: DocumentSnapshot) {
            guard let name = document.get("placeName")?.stringValue, let id = document.get("placeID")?.stringValue,
                let savedAt = document.get("savedAt")?.dateValue,
                let latitude = document.get("coordinate.latitude")?.doubleValue,
                let longitude = document.get("coordinate.longitude")?.doubleValue
            else { return nil }
            key = FavoritePlace(
                placeName: name, placeID: id, address: "",
                coordinate: Coordinate(latitude: latitude, longitude: longitude), savedAt: savedAt)
            self.document = document
        }

        /// The whole favorite; nil when the document does not decode.
        var favorite: FavoritePlace? { try? document.data(as: FavoritePlace.self) }
    }

    /// Calls `body` with every place of the folder, newest first, `scanBatch` at a time.
    func scanFolder(_ uid: String, _ folderID: String, _ body: (PassedPlace) throws -> Void) throws {
        try scan(inFolder(uid, folderID, newestFirst: true), body)
    }

    /// Calls `body` with every place `ordered` (an order by saved time, newest first)
    /// returns, `scanBatch` at a time by the store's cursor.
    func scan(_ ordered: Query, _ body: (PassedPlace) throws -> Void) throws {
        var last: PassedPlace?
        while true {
            var query = ordered
            if let last { query = query.start(after: Self.cursor(last.key), documentID: last.key.placeID) }
            let documents = try query.limit(to: Self.scanBatch).getDocuments().documents
            for document in documents {
                guard let place = PassedPlace(document) else { continue }
                try body(place)
                last = place
            }
            guard documents.count == Self.scanBatch, last != nil else { return }
        }
    }

    /// Up to `limit` places strictly after `anchor` in the folder's order, and whether they
    /// reach its last place.
    func sortedPage(
        _ folder: FavoriteFolder, after anchor: FavoritePlace?, limit: Int, home: Coordinate,
        uid: String
    ) throws -> FolderPage {
        let precedes = FavoriteOrder.precedes(folder.sort, home: home, manualOrder: folder.manualOrder)
        var selection = BoundedSelection<PassedPlace>(capacity: limit, by: { precedes($0.key, $1.key) })
        var after = 0
        try scanFolder(uid, folder.id) { place in
            if let anchor, !precedes(anchor, place.key) { return }
            after += 1
            selection.insert(place)
        }
        return FolderPage(favorites: selection.sorted().compactMap(\.favorite), isEnd: after <= limit)
    }

    /// A live sorted window: passes the folder again after every write to the user's
    /// favorites, and calls `onChange` when the window differs.
    func observeSortedWindow(
        _ folder: FavoriteFolder, after anchor: FavoritePlace?, limit: Int, home: Coordinate,
        uid: String, onChange: @escaping (FolderPage) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> ListenerRegistration {
        try favorites(of: uid).addComputedListener(
            {
                try self.sortedPage(folder, after: anchor, limit: limit, home: home, uid: uid)
            }, onChange, onError: onError)
    }

    /// Up to `limit` places strictly before `place` (nil: the last), nearest first.
    func sortedRows(
        _ folder: FavoriteFolder, before place: FavoritePlace?, limit: Int, home: Coordinate,
        uid: String
    ) throws -> [FavoritePlace] {
        let precedes = FavoriteOrder.precedes(folder.sort, home: home, manualOrder: folder.manualOrder)
        var selection = BoundedSelection<PassedPlace>(capacity: limit, by: { precedes($1.key, $0.key) })
        try scanFolder(uid, folder.id) { passed in
            if let place, !precedes(passed.key, place) { return }
            selection.insert(passed)
        }
        return selection.sorted().compactMap(\.favorite)
    }

    /// How many places come strictly before `place` in the folder's order.
    func sortedCount(_ folder: FavoriteFolder, before place: FavoritePlace, home: Coordinate, uid: String) throws -> Int
    {
        let precedes = FavoriteOrder.precedes(folder.sort, home: home, manualOrder: folder.manualOrder)
        var count = 0
        try scanFolder(uid, folder.id) { passed in
            if precedes(passed.key, place) { count += 1 }
        }
        return count
    }
}
