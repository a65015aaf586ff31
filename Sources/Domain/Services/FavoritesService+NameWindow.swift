import DocStore
import Foundation

/// A folder by name, read by the store's cursor like newest first: each favorite holds its
/// `FavoriteNameKey` (written when it is saved), and the folder's favorites are ordered by
/// (name key, saved time newest first, id), which is `FavoriteOrder.precedes(.name)`. A page
/// deep in the folder costs what the first does; no pass over the folder.
///
/// Favorites saved without a key (by an older Tern, or written whole) are left out of an
/// order by it, so the folder listing, as it starts (the Favorites screen's start, a sign-in),
/// gives every favorite of the user that lacks one its key (`fillNameKeys`): once, and after
/// that two counts. One saved meanwhile by an older Tern gets its key at the next start.
extension FavoritesService {
    /// An order of a folder the store sorts itself, by a cursor: newest first (saved time,
    /// then id) or by name (the name key, then newest first, then id). The other orders are
    /// passes (`FavoritesService+SortedWindow`).
    enum StoreOrder {
        case newest, name

        /// The store's order for `sort`; nil when the store cannot sort by it.
        init?(_ sort: FavoriteSort) {
            switch sort {
            case .newest: self = .newest
            case .name: self = .name
            case .distance, .manual: return nil
            }
        }

        /// Orders `query` this way, or the reverse way (the rows before a place, nearest first).
        func apply(to query: Query, reversed: Bool) -> Query {
            switch self {
            case .newest: query.order(by: "savedAt", descending: !reversed)
            case .name:
                query.order(by: FavoriteNameKey.field, descending: reversed).order(by: "savedAt", descending: !reversed)
            }
        }

        /// A favorite's cursor values in this order (the document id breaks ties).
        func cursor(_ favorite: FavoritePlace) -> [FieldValue] {
            switch self {
            case .newest: [.timestamp(favorite.savedAt)]
            case .name: [.string(FavoriteNameKey.make(favorite.placeName)), .timestamp(favorite.savedAt)]
            }
        }
    }

    /// Gives the user's favorites without a name key theirs, `scanBatch` to a commit. The
    /// check is two counts of the user's favorites (all of them, and those holding a key).
    func fillNameKeys(_ uid: String) throws {
        let all = favorites(of: uid)
        guard try all.order(by: FavoriteNameKey.field).count() < all.count() else { return }
        var batch = store.batch()
        var pending = 0
        try scan(newestFirst(uid)) { passed in
            guard passed.document.get(FavoriteNameKey.field) == nil else { return }
            batch.updateData(
                [FavoriteNameKey.field: .string(FavoriteNameKey.make(passed.key.placeName))],
                forDocument: passed.document.reference)
            pending += 1
            guard pending == Self.scanBatch else { return }
            try batch.commit()
            batch = store.batch()
            pending = 0
        }
        if pending > 0 { try batch.commit() }
    }
}
