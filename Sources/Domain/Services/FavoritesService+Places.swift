import DocStore
import Foundation
import PlaceCatalog

extension FavoritesService {
    /// Replaces a saved place's memo (empty removes it); its saved time, and so its place
    /// in the newest-first order, stays.
    @discardableResult
    public func setMemo(placeID: String, memo: String, session: Session?) throws -> FavoritePlace {
        let memo = try FavoriteText.memo(memo)
        return try update(placeID, session) { _, _ in ["memo": .string(memo)] }
    }

    /// Sets a saved place's own colour (nil: its folder's).
    @discardableResult
    public func setColor(placeID: String, color: FavoriteColor?, session: Session?) throws -> FavoritePlace {
        try update(placeID, session) { _, _ in ["color": color.map { .string($0.rawValue) } ?? .delete] }
    }

    /// Puts a saved place in one more folder too.
    @discardableResult
    public func copy(placeID: String, to folderID: String, session: Session?) throws -> FavoritePlace {
        try update(placeID, session) { favorite, snapshot in
            let folder = try Self.existing(folderID, in: snapshot)
            return ["folders": .array(Self.adding(folder.id, to: favorite.folders).map(FieldValue.string))]
        }
    }

    /// Moves a saved place from one folder to another.
    @discardableResult
    public func move(placeID: String, from sourceID: String, to folderID: String, session: Session?) throws
        -> FavoritePlace
    {
        try update(placeID, session) { favorite, snapshot in
            let folder = try Self.existing(folderID, in: snapshot)
            let kept = sourceID == folder.id ? favorite.folders : favorite.folders.filter { $0 != sourceID }
            return ["folders": .array(Self.adding(folder.id, to: kept).map(FieldValue.string))]
        }
    }

    /// Takes a saved place out of one folder; out of its last one, it is no longer saved.
    /// Returns whether it is still saved.
    @discardableResult
    public func removeFromFolder(placeID: String, folderID: String, session: Session?) throws -> Bool {
        let session = try SessionProof.writer(session, .removeFavorites, in: store)
        guard Self.isUsableID(placeID) else { throw FavoritesError.notSaved(placeID: placeID) }
        return try mutate(session, reading: .one(placeID: placeID)) { transaction, snapshot in
            _ = try Self.existing(folderID, in: snapshot)
            guard let favorite = snapshot.favorite(placeID: placeID), favorite.folders.contains(folderID) else {
                throw FavoritesError.notSaved(placeID: placeID)
            }
            let reference = favorites(of: session.uid).document(placeID)
            let rest = favorite.folders.filter { $0 != folderID }
            if rest.isEmpty {
                try transaction.deleteDocument(reference)
                return false
            }
            try transaction.updateData(["folders": .array(rest.map(FieldValue.string))], forDocument: reference)
            return true
        }
    }

    /// Brings back a favorite as it was before a removal (its folders that still exist,
    /// memo, colour and saved time); a place still saved just rejoins those folders.
    public func restore(_ favorite: FavoritePlace, session: Session?) throws {
        let session = try SessionProof.writer(session, .saveFavorites, in: store)
        guard Self.isUsableID(favorite.placeID) else { throw ServiceError.placeNotFound(favorite.placeID) }
        try mutate(session, reading: .one(placeID: favorite.placeID)) { transaction, snapshot in
            let existing = favorite.folders.filter { snapshot.folder(id: $0) != nil }
            let reference = favorites(of: session.uid).document(favorite.placeID)
            if let saved = snapshot.favorite(placeID: favorite.placeID) {
                let joined = existing.reduce(saved.folders) { Self.adding($1, to: $0) }
                try transaction.updateData(["folders": .array(joined.map(FieldValue.string))], forDocument: reference)
                return
            }
            let candidate = FavoriteCandidate(
                placeID: favorite.placeID, placeName: favorite.placeName,
                address: favorite.address, coordinate: favorite.coordinate,
                category: favorite.category, phone: favorite.phone,
                roadAddress: favorite.roadAddress, url: favorite.url)
            try transaction.setData(
                Self.newFields(
                    candidate, folders: existing.isEmpty ? [FavoriteFolder.defaultID] : existing,
                    memo: favorite.memo, color: favorite.color, savedAt: favorite.savedAt),
                forDocument: reference)
        }
    }

    /// Applies the fields `change` computes to a saved place, in one transaction.
    private func update(
        _ placeID: String, _ session: Session?,
        _ change: (FavoritePlace, FavoritesSnapshot) throws -> [String: WriteValue]
    ) throws -> FavoritePlace {
        let session = try SessionProof.writer(session, .saveFavorites, in: store)
        guard Self.isUsableID(placeID) else { throw FavoritesError.notSaved(placeID: placeID) }
        return try mutate(session, reading: .one(placeID: placeID)) { transaction, snapshot in
            guard let favorite = snapshot.favorite(placeID: placeID) else {
                throw FavoritesError.notSaved(placeID: placeID)
            }
            let reference = favorites(of: session.uid).document(placeID)
            try transaction.updateData(try change(favorite, snapshot), forDocument: reference)
            return try transaction.get(reference).data(as: FavoritePlace.self)
        }
    }

    static func adding(_ folderID: String, to folders: [String]) -> [String] {
        folders.contains(folderID) ? folders : folders + [folderID]
    }
}
