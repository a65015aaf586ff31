import DocStore
import Foundation
import PlaceCatalog

/// A place that can be saved: what `favorites/{uid}/favorites/{placeID}` copies from the
/// catalog, so the Favorites screen draws without loading the catalog.
public struct FavoriteCandidate: Equatable, Sendable, Codable {
    public var placeID: String
    public var placeName: String
    public var address: String
    public var coordinate: Coordinate
    /// What an online place adds, saved with it so it shows without the network.
    public var category: String?
    public var phone: String?
    public var roadAddress: String?
    public var url: String?

    public init(
        placeID: String, placeName: String, address: String, coordinate: Coordinate, category: String? = nil,
        phone: String? = nil, roadAddress: String? = nil, url: String? = nil
    ) {
        self.placeID = placeID
        self.placeName = placeName
        self.address = address
        self.coordinate = coordinate
        self.category = category
        self.phone = phone
        self.roadAddress = roadAddress
        self.url = url
    }
}

/// Where the favorites service looks places up, so it does not depend on the catalog's
/// types (the command line and the app adapt `PlaceCatalog` to it).
public protocol PlaceDirectory {
    /// The place with this id, nil when the catalog has none.
    func favoriteCandidate(placeID: String) -> FavoriteCandidate?
}

/// Saved places in folders: `favorites/{uid}/favorites/{placeID}` (the place, its memo,
/// colour and the ids of its folders) and `favorites/{uid}/folders/{folderID}`, only ever
/// the signed-in user's own (other people's shared folders are read-only).
///
/// Invariant: a saved place is in at least one folder; taking it out of its last folder
/// deletes it. Every write runs in one transaction that first sets up the default folder
/// (and moves favorites saved before folders existed into it) when the user has none.
public final class FavoritesService: @unchecked Sendable {
    // @unchecked: `store` never changes and serialises every call.
    let store: DocumentStore

    public init(store: DocumentStore) {
        self.store = store
    }

    func favorites(of uid: String) -> CollectionReference {
        store.collection("favorites").document(uid).collection("favorites")
    }

    func folders(of uid: String) -> CollectionReference {
        store.collection("favorites").document(uid).collection("folders")
    }

    /// Saves a place from `directory`; `ServiceError.placeNotFound` when it has none.
    @discardableResult
    public func add(
        placeID: String, from directory: PlaceDirectory, folderID: String? = nil, memo: String? = nil,
        session: Session?
    ) throws -> FavoritePlace {
        let session = try SessionProof.writer(session, .saveFavorites, in: store)
        guard let candidate = directory.favoriteCandidate(placeID: placeID) else {
            throw ServiceError.placeNotFound(placeID)
        }
        return try add(candidate, folderID: folderID, memo: memo, session: session)
    }

    /// Saves a place into a folder (the default one when nil). A place already saved keeps
    /// its saved time and joins the folder; `memo`, when given, replaces its memo.
    @discardableResult
    public func add(
        _ place: FavoriteCandidate, folderID: String? = nil, memo: String? = nil,
        session: Session?
    ) throws -> FavoritePlace {
        let session = try SessionProof.writer(session, .saveFavorites, in: store)
        guard Self.isUsableID(place.placeID) else { throw ServiceError.placeNotFound(place.placeID) }
        let memo = try memo.map(FavoriteText.memo)
        return try mutate(session, reading: .one(placeID: place.placeID)) { transaction, snapshot in
            let folder = try Self.existing(folderID ?? FavoriteFolder.defaultID, in: snapshot)
            let reference = favorites(of: session.uid).document(place.placeID)
            if let saved = snapshot.favorite(placeID: place.placeID) {
                var fields: [String: WriteValue] = [:]
                if !saved.folders.contains(folder.id) {
                    fields["folders"] = .value(.array((saved.folders + [folder.id]).map(FieldValue.string)))
                }
                if let memo, memo != saved.memo { fields["memo"] = .value(.string(memo)) }
                if !fields.isEmpty { try transaction.updateData(fields, forDocument: reference) }
            } else {
                try transaction.setData(
                    Self.newFields(place, folders: [folder.id], memo: memo ?? ""), forDocument: reference)
            }
            return try transaction.get(reference).data(as: FavoritePlace.self)
        }
    }

    /// The fields of a newly saved place; `savedAt` is the commit time unless given.
    static func newFields(
        _ place: FavoriteCandidate, folders: [String], memo: String, color: FavoriteColor? = nil,
        savedAt: Date? = nil
    ) -> [String: WriteValue] {
        var fields: [String: WriteValue] = [
            "placeName": .string(place.placeName),
            "placeID": .string(place.placeID),
            "address": .string(place.address),
            "coordinate": .map([
                "latitude": .double(place.coordinate.latitude),
                "longitude": .double(place.coordinate.longitude),
            ]),
            "savedAt": savedAt.map { .timestamp($0) } ?? .serverTimestamp,
            FavoriteNameKey.field: .string(FavoriteNameKey.make(place.placeName)),
            "folders": .array(folders.map(FieldValue.string)),
            "memo": .string(memo),
        ]
        if let color { fields["color"] = .string(color.rawValue) }
        for (name, value) in [
            ("category", place.category), ("phone", place.phone),
            ("roadAddress", place.roadAddress), ("url", place.url),
        ] {
            if let value { fields[name] = .string(value) }
        }
        return fields
    }

    /// Removes a saved place from every folder; returns whether it was saved.
    @discardableResult
    public func remove(placeID: String, session: Session?) throws -> Bool {
        let session = try SessionProof.writer(session, .removeFavorites, in: store)
        guard Self.isUsableID(placeID) else { return false }
        let reference = favorites(of: session.uid).document(placeID)
        return try store.runTransaction { transaction in
            guard try transaction.get(reference).exists else { return false }
            try transaction.deleteDocument(reference)
            return true
        }
    }

    /// The signed-in user's favorites, newest first.
    public func list(session: Session?) throws -> [FavoritePlace] {
        try snapshot(session: session).favorites
    }

    /// The signed-in user's folders and favorites (setting up the default folder on first use).
    public func snapshot(session: Session?) throws -> FavoritesSnapshot {
        let session = try SessionProof.writer(session, .listFavorites, in: store)
        if try !folders(of: session.uid).document(FavoriteFolder.defaultID).getDocument().exists {
            return try store.runTransaction { transaction in try load(session.uid, in: transaction) }
        }
        return try read(session.uid)
    }

    /// Whether the signed-in user saved this place (false when signed out).
    public func isFavorite(placeID: String, session: Session?) throws -> Bool {
        guard let session, Self.isUsableID(placeID) else { return false }
        return try favorites(of: session.uid).document(placeID).getDocument().exists
    }

    /// The ids of the signed-in user's favorites (empty when signed out), for the ☆/★ markers.
    public func favoriteIDs(session: Session?) throws -> Set<String> {
        guard let session else { return [] }
        return Set(try favorites(of: session.uid).getDocuments().documents.map(\.documentID))
    }

    /// All the user's favorites, newest first.
    func newestFirst(_ uid: String) -> Query {
        StoreOrder.newest.apply(to: favorites(of: uid), reversed: false)
    }

    /// Which favorites a write reads with the folders: a write about one place reads that
    /// place only, so its cost does not grow with the folder (a folder of 20,000 places).
    enum FavoritesRead {
        case all
        case none
        case one(placeID: String)
    }

    /// Runs `body` in one transaction on the user's snapshot as it is inside it: the folders,
    /// and the favorites `reading` names.
    func mutate<T>(
        _ session: Session, reading: FavoritesRead = .all,
        _ body: (Transaction, FavoritesSnapshot) throws -> T
    ) throws -> T {
        try store.runTransaction { transaction in
            try body(transaction, try load(session.uid, in: transaction, reading: reading))
        }
    }

    /// The user's folders and favorites read inside `transaction`; on first use it creates
    /// the default folder and puts every favorite saved before folders existed into it,
    /// touching no other field.
    func load(_ uid: String, in transaction: Transaction, reading: FavoritesRead = .all) throws -> FavoritesSnapshot {
        let defaultFolder = folders(of: uid).document(FavoriteFolder.defaultID)
        guard try !transaction.get(defaultFolder).exists else {
            return try read(uid, reading: reading, in: transaction)
        }
        try transaction.setData(from: FavoriteFolder.makeDefault(createdAt: Date()), forDocument: defaultFolder)
        for document in try favorites(of: uid).getDocuments().documents where document.data?["folders"] == nil {
            try transaction.updateData(
                ["folders": .array([.string(FavoriteFolder.defaultID)])], forDocument: document.reference)
        }
        return try read(uid)
    }

    func read(_ uid: String, reading: FavoritesRead = .all, in transaction: Transaction? = nil) throws
        -> FavoritesSnapshot
    {
        let folders = DecodedDocuments(try folders(of: uid).getDocuments().documents) {
            try $0.data(as: FavoriteFolder.self)
        }
        var snapshot: FavoritesSnapshot
        switch reading {
        case .all:
            let favorites = DecodedDocuments(try favorites(of: uid).getDocuments().documents) {
                try $0.data(as: FavoritePlace.self)
            }
            snapshot = FavoritesSnapshot(folders: folders.values, favorites: favorites.values)
            snapshot.leftOut = [favorites.notice].compactMap { $0.map { "\($0)" } }
        case .none:
            snapshot = FavoritesSnapshot(folders: folders.values, favorites: [])
        case .one(let placeID):
            let reference = favorites(of: uid).document(placeID)
            let document = try transaction.map { try $0.get(reference) } ?? reference.getDocument()
            snapshot = FavoritesSnapshot(
                folders: folders.values, favorites: document.exists ? [try document.data(as: FavoritePlace.self)] : [])
        }
        if let notice = folders.notice { snapshot.leftOut.insert("\(notice)", at: 0) }
        return snapshot
    }

    static func existing(_ folderID: String, in snapshot: FavoritesSnapshot) throws -> FavoriteFolder {
        guard let folder = snapshot.folder(id: folderID) else { throw FavoritesError.folderNotFound(folderID) }
        return folder
    }

    /// A place id usable as a document id.
    static func isUsableID(_ id: String) -> Bool {
        !id.isEmpty && !id.contains("/")
    }
}

/// The listeners behind `FavoritesService.observeSnapshot`; `remove()` stops them all and
/// may be called twice.
public final class FavoritesObservation {
    private var registrations: [ListenerRegistration]

    init(_ registrations: [ListenerRegistration]) { self.registrations = registrations }

    public func remove() {
        registrations.forEach { $0.remove() }
        registrations = []
    }
}

extension FavoritesService {
    /// Calls `onChange` with the signed-in user's folders and favorites now and after every
    /// change of either, from this process or another (setting up the default folder first).
    /// Signed out: one empty snapshot, no listener. A failed re-read, or documents that
    /// cannot be decoded (left out), are reported to `onError`.
    public func observeSnapshot(
        session: Session?, onChange: @escaping (FavoritesSnapshot) -> Void,
        onError: @escaping (Error) -> Void = { _ in }
    ) throws -> FavoritesObservation? {
        guard let session else {
            onChange(.empty)
            return nil
        }
        var current = try snapshot(session: session)
        current.leftOut = []  // the listeners report it, each from its first read
        var started = false
        let folders = try folders(of: session.uid).addSnapshotListener(
            { snapshot in
                let decoded = DecodedDocuments(snapshot.documents) { try $0.data(as: FavoriteFolder.self) }
                current.folders = FavoritesSnapshot(folders: decoded.values, favorites: []).folders
                if started { onChange(current) }
                if let notice = decoded.notice { onError(notice) }
            }, onError: onError)
        let favorites = try favorites(of: session.uid).addSnapshotListener(
            { snapshot in
                let decoded = DecodedDocuments(snapshot.documents) { try $0.data(as: FavoritePlace.self) }
                current.favorites = FavoritesSnapshot(folders: [], favorites: decoded.values).favorites
                if started { onChange(current) }
                if let notice = decoded.notice { onError(notice) }
            }, onError: onError)
        started = true
        onChange(current)
        return FavoritesObservation([folders, favorites])
    }
}
