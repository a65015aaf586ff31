import DocStore
import Foundation
import PlaceCatalog

/// A place that can be saved: what `favorites/{uid}/favorites/{placeID}` copies from the
/// catalog, so the Favorites screen draws without loading the catalog.
public struct FavoriteCandidate: Equatable, Sendable {
    public var placeID: String
    public var placeName: String
    public var address: String
    public var coordinate: Coordinate

    public init(placeID: String, placeName: String, address: String, coordinate: Coordinate) {
        self.placeID = placeID
        self.placeName = placeName
        self.address = address
        self.coordinate = coordinate
    }
}

/// Where the favorites service looks places up, so it does not depend on the catalog's
/// types (the command line and the app adapt `PlaceCatalog` to it).
public protocol PlaceDirectory {
    /// The place with this id, nil when the catalog has none.
    func favoriteCandidate(placeID: String) -> FavoriteCandidate?
}

/// Saved places: `favorites/{uid}/favorites/{placeID}`, only ever the signed-in user's own.
public final class FavoritesService: @unchecked Sendable {
    // @unchecked: `store` never changes and serialises every call.
    let store: DocumentStore

    public init(store: DocumentStore) {
        self.store = store
    }

    func favorites(of uid: String) -> CollectionReference {
        store.collection("favorites").document(uid).collection("favorites")
    }

    /// Saves a place from `directory`; `ServiceError.placeNotFound` when it has none.
    @discardableResult
    public func add(placeID: String, from directory: PlaceDirectory, session: Session?) throws -> FavoritePlace {
        let session = try SignInRequired.check(session, .saveFavorites)
        guard let candidate = directory.favoriteCandidate(placeID: placeID) else {
            throw ServiceError.placeNotFound(placeID)
        }
        return try add(candidate, session: session)
    }

    /// Saves a place. Saving one already saved keeps it as it was (its place in the
    /// newest-first order included). `savedAt` is the commit time.
    @discardableResult
    public func add(_ place: FavoriteCandidate, session: Session?) throws -> FavoritePlace {
        let session = try SessionProof.writer(session, .saveFavorites, in: store)
        guard !place.placeID.isEmpty, !place.placeID.contains("/") else { throw ServiceError.placeNotFound(place.placeID) }
        let reference = favorites(of: session.uid).document(place.placeID)
        return try store.runTransaction { transaction in
            let existing = try transaction.get(reference)
            if !existing.exists {
                try transaction.setData([
                    "placeName": .string(place.placeName),
                    "placeID": .string(place.placeID),
                    "address": .string(place.address),
                    "coordinate": .map(["latitude": .double(place.coordinate.latitude),
                                        "longitude": .double(place.coordinate.longitude)]),
                    "savedAt": .serverTimestamp,
                ], forDocument: reference)
            }
            return try transaction.get(reference).data(as: FavoritePlace.self)
        }
    }

    /// Removes a saved place of the signed-in user; returns whether it was saved.
    @discardableResult
    public func remove(placeID: String, session: Session?) throws -> Bool {
        let session = try SessionProof.writer(session, .removeFavorites, in: store)
        guard !placeID.isEmpty, !placeID.contains("/") else { return false }
        let reference = favorites(of: session.uid).document(placeID)
        return try store.runTransaction { transaction in
            guard try transaction.get(reference).exists else { return false }
            try transaction.deleteDocument(reference)
            return true
        }
    }

    /// The signed-in user's favorites, newest first.
    public func list(session: Session?) throws -> [FavoritePlace] {
        let session = try SessionProof.writer(session, .listFavorites, in: store)
        return try newestFirst(session.uid).getDocuments().documents.map { try $0.data(as: FavoritePlace.self) }
    }

    /// Whether the signed-in user saved this place (false when signed out).
    public func isFavorite(placeID: String, session: Session?) throws -> Bool {
        guard let session, !placeID.isEmpty, !placeID.contains("/") else { return false }
        return try favorites(of: session.uid).document(placeID).getDocument().exists
    }

    /// The ids of the signed-in user's favorites (empty when signed out), for the ☆/★ markers.
    public func favoriteIDs(session: Session?) throws -> Set<String> {
        guard let session else { return [] }
        return Set(try favorites(of: session.uid).getDocuments().documents.map(\.documentID))
    }

    /// Calls `onChange` with the signed-in user's favorites (newest first) now and after
    /// every change, from this process or another. Signed out: one empty list, no listener.
    /// A failed re-read, or favorites that cannot be decoded (left out of the list), are
    /// reported to `onError`.
    public func observe(session: Session?, onChange: @escaping ([FavoritePlace]) -> Void,
                        onError: @escaping (Error) -> Void = { _ in }) throws -> ListenerRegistration? {
        guard let session else {
            onChange([])
            return nil
        }
        return try newestFirst(session.uid).addSnapshotListener({ snapshot in
            let decoded = DecodedDocuments(snapshot.documents) { try $0.data(as: FavoritePlace.self) }
            onChange(decoded.values)
            if let notice = decoded.notice { onError(notice) }
        }, onError: onError)
    }

    func newestFirst(_ uid: String) -> Query {
        favorites(of: uid).order(by: "savedAt", descending: true)
    }
}
