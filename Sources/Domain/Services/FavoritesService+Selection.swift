import DocStore

/// Which of the user's favorites a screen follows, bounded whatever the user saved: the
/// Places screen needs the saved state of the places it holds (its ☆ marks) and a few
/// favorites for its map, never every favorite (a user may keep 20,000, and a listener on
/// all of them reads all of them again after every write).
public enum FavoritesSelection: Equatable, Sendable {
    /// The favorites among these place ids: an `in` filter on the document ids (a favorite's
    /// id is its place's), at most `FavoritesService.maxSelectedPlaces` of them.
    case places([String])
    /// The `limit` most recently saved: one indexed range read.
    case newest(limit: Int)
}

extension FavoritesService {
    /// The most ids one `in` filter takes (the store's limit).
    public static let maxSelectedPlaces = 1000

    /// Calls `onChange` with the signed-in user's favorites that `selection` names now and
    /// after every change, from this process or another. Signed out, or no usable place id:
    /// one empty list, no listener. Favorites that cannot be decoded are left out and
    /// reported to `onError`, as a failed re-read is.
    public func observe(
        _ selection: FavoritesSelection, session: Session?, onChange: @escaping ([FavoritePlace]) -> Void,
        onError: @escaping (Error) -> Void = { _ in }
    ) throws -> ListenerRegistration? {
        guard let session, let query = query(selection, uid: session.uid) else {
            onChange([])
            return nil
        }
        return try query.addSnapshotListener(
            { snapshot in
                let decoded = DecodedDocuments(snapshot.documents) { try $0.data(as: FavoritePlace.self) }
                onChange(decoded.values)
                if let notice = decoded.notice { onError(notice) }
            }, onError: onError)
    }

    /// The query of `selection`; nil when it names no place a document could have.
    func query(_ selection: FavoritesSelection, uid: String) -> Query? {
        switch selection {
        case .places(let placeIDs):
            var seen = Set<String>()
            let ids = placeIDs.filter { Self.isUsableID($0) && seen.insert($0).inserted }.prefix(Self.maxSelectedPlaces)
            guard !ids.isEmpty else { return nil }
            return favorites(of: uid).whereField(FieldPath.documentID, in: ids.map(FieldValue.string))
        case .newest(let limit):
            return newestFirst(uid).limit(to: max(1, limit))
        }
    }
}
