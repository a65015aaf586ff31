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
    /// The favorites in `folderID` by name, or in the reverse order.
    func byName(_ uid: String, _ folderID: String, reversed: Bool) -> Query {
        favorites(of: uid).whereField("folders", arrayContains: .string(folderID))
            .order(by: FavoriteNameKey.field, descending: reversed).order(by: "savedAt", descending: !reversed)
    }

    /// The cursor values of `favorite` in the name order.
    static func nameCursor(_ favorite: FavoritePlace) -> [FieldValue] {
        [.string(FavoriteNameKey.make(favorite.placeName)), .timestamp(favorite.savedAt)]
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
            batch.updateData([FavoriteNameKey.field: .string(FavoriteNameKey.make(passed.key.placeName))],
                             forDocument: passed.document.reference)
            pending += 1
            guard pending == Self.scanBatch else { return }
            try batch.commit()
            batch = store.batch()
            pending = 0
        }
        if pending > 0 { try batch.commit() }
    }

    /// A live window of the folder by name: up to `limit` places strictly after `anchor`.
    func observeNameWindow(_ folder: FavoriteFolder, after anchor: FavoritePlace?, limit: Int, uid: String,
                           onChange: @escaping (FolderPage) -> Void,
                           onError: @escaping (Error) -> Void) throws -> ListenerRegistration {
        var query = byName(uid, folder.id, reversed: false)
        if let anchor { query = query.start(after: Self.nameCursor(anchor), documentID: anchor.placeID) }
        return try query.limit(to: limit).addSnapshotListener({ snapshot in
            let decoded = DecodedDocuments(snapshot.documents) { try $0.data(as: FavoritePlace.self) }
            onChange(FolderPage(favorites: decoded.values, isEnd: snapshot.count < limit))
            if let notice = decoded.notice { onError(notice) }
        }, onError: onError)
    }

    /// Up to `limit` places strictly before `place` by name (nil: the last), nearest first.
    func nameRows(_ folder: FavoriteFolder, before place: FavoritePlace?, limit: Int, uid: String) throws -> [FavoritePlace] {
        var query = byName(uid, folder.id, reversed: true)
        if let place { query = query.start(after: Self.nameCursor(place), documentID: place.placeID) }
        return DecodedDocuments(try query.limit(to: limit).getDocuments().documents) {
            try $0.data(as: FavoritePlace.self)
        }.values
    }

    /// How many places of the folder come strictly before `place` by name: the favorites
    /// before it in the order, grouped by their folders.
    func nameCount(_ folder: FavoriteFolder, before place: FavoritePlace, uid: String) throws -> Int {
        let before = favorites(of: uid).order(by: FavoriteNameKey.field, descending: true).order(by: "savedAt", descending: false)
            .start(after: Self.nameCursor(place), documentID: place.placeID)
        return Self.folderCounts(try before.counts(by: "folders"))[folder.id] ?? 0
    }
}
