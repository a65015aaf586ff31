import DocStore
import Foundation
import PlaceCatalog

/// What deleting a folder does with its places.
public enum FolderDeletion: Equatable, Sendable, Codable {
    /// Places only in this folder move to the default folder (nothing is lost).
    case movePlacesToDefault
    /// Places only in this folder are deleted with it (asked for after a confirmation).
    case deletePlaces
}

extension FavoritesService {
    /// Creates a folder; its name is 1 to 30 characters, unique ignoring case. With `id`
    /// (drawn by the writer of a queued intent) a folder that already has it is the one asked
    /// for, so creating it again changes nothing.
    @discardableResult
    public func createFolder(
        name: String, id: String? = nil, color: FavoriteColor = .blue, visibility: FolderVisibility = .private,
        session: Session?
    ) throws -> FavoriteFolder {
        let session = try SessionProof.writer(session, .saveFavorites, in: store)
        let name = try FavoriteText.folderName(name)
        if let id, !Self.isUsableID(id) || id == FavoriteFolder.defaultID { throw FavoritesError.folderNotFound(id) }
        return try mutate(session, reading: .none) { transaction, snapshot in
            if let id, let made = snapshot.folder(id: id) { return made }
            if let other = snapshot.folder(named: name) { throw FavoritesError.folderNameTaken(other.name) }
            let collection = folders(of: session.uid)
            let reference = id.map { collection.document($0) } ?? collection.document()
            let folder = FavoriteFolder(
                id: reference.documentID, name: name, color: color, visibility: visibility,
                createdAt: Date())
            try transaction.setData(from: folder, forDocument: reference)
            return folder
        }
    }

    /// Brings back a folder deleted while empty, as it was (its id, name, colour, visibility,
    /// order and creation time); refused when another folder has taken its name since.
    public func restoreFolder(_ folder: FavoriteFolder, session: Session?) throws {
        let session = try SessionProof.writer(session, .saveFavorites, in: store)
        guard !folder.isDefault, Self.isUsableID(folder.id) else { throw FavoritesError.folderNotFound(folder.id) }
        let name = try FavoriteText.folderName(folder.name)
        try mutate(session, reading: .none) { transaction, snapshot in
            if let other = snapshot.folder(named: name), other.id != folder.id {
                throw FavoritesError.folderNameTaken(other.name)
            }
            try transaction.setData(from: folder, forDocument: folders(of: session.uid).document(folder.id))
        }
    }

    /// Changes a folder's name, colour, visibility or kept order (nil leaves one as it is).
    @discardableResult
    public func updateFolder(
        id: String, name: String? = nil, color: FavoriteColor? = nil,
        visibility: FolderVisibility? = nil, sort: FavoriteSort? = nil,
        session: Session?
    ) throws -> FavoriteFolder {
        let session = try SessionProof.writer(session, .saveFavorites, in: store)
        let name = try name.map(FavoriteText.folderName)
        return try mutate(session, reading: .none) { transaction, snapshot in
            var folder = try Self.existing(id, in: snapshot)
            if let name {
                if let other = snapshot.folder(named: name), other.id != id {
                    throw FavoritesError.folderNameTaken(other.name)
                }
                folder.name = name
            }
            folder.color = color ?? folder.color
            folder.visibility = visibility ?? folder.visibility
            folder.sort = sort ?? folder.sort
            try transaction.setData(from: folder, forDocument: folders(of: session.uid).document(id))
            return folder
        }
    }

    /// Deletes a folder (never the default one). Places also in other folders just leave
    /// it; the others move to the default folder or are deleted, as `deletion` says.
    /// Returns how many places were moved or deleted.
    ///
    /// One transaction, which reads the folder's places `scanBatch` at a time, never the
    /// user's favorites whole: every place a batch changes leaves the folder, so the next
    /// batch is again the first of what is left, until a batch comes back short.
    @discardableResult
    public func deleteFolder(id: String, deletion: FolderDeletion, session: Session?) throws -> Int {
        let session = try SessionProof.writer(session, .removeFavorites, in: store)
        guard id != FavoriteFolder.defaultID else { throw FavoritesError.defaultFolderKept }
        return try mutate(session, reading: .none) { transaction, snapshot in
            let folder = try Self.existing(id, in: snapshot)
            var affected = 0
            var batch: [DocumentSnapshot]
            repeat {
                // In no order: a place without a saved time must leave the folder too.
                batch = try favorites(of: session.uid).whereField("folders", arrayContains: .string(id))
                    .limit(to: Self.scanBatch).getDocuments().documents
                for document in batch {
                    let folders = (document.get("folders")?.arrayValue ?? []).compactMap(\.stringValue)
                    let rest = folders.filter { $0 != id }
                    if !rest.isEmpty {
                        try transaction.updateData(
                            ["folders": .array(rest.map(FieldValue.string))], forDocument: document.reference)
                        continue
                    }
                    affected += 1
                    switch deletion {
                    case .movePlacesToDefault:
                        try transaction.updateData(
                            ["folders": .array([.string(FavoriteFolder.defaultID)])],
                            forDocument: document.reference)
                    case .deletePlaces:
                        try transaction.deleteDocument(document.reference)
                    }
                }
            } while batch.count == Self.scanBatch
            try transaction.deleteDocument(folders(of: session.uid).document(folder.id))
            return affected
        }
    }

    /// Moves a place one step up (`by: -1`) or down (`by: 1`) in its folder's current
    /// order, which becomes the folder's own (manual) order.
    public func moveManually(
        placeID: String, in folderID: String, by offset: Int, home: Coordinate,
        session: Session?
    ) throws {
        let session = try SessionProof.writer(session, .saveFavorites, in: store)
        try mutate(session) { transaction, snapshot in
            var folder = try Self.existing(folderID, in: snapshot)
            var order = snapshot.places(in: folder, home: home).map(\.placeID)
            guard let index = order.firstIndex(of: placeID) else { throw FavoritesError.notSaved(placeID: placeID) }
            let target = min(max(index + offset, 0), order.count - 1)
            order.swapAt(index, target)
            folder.sort = .manual
            folder.manualOrder = order
            try transaction.setData(from: folder, forDocument: folders(of: session.uid).document(folder.id))
        }
    }
}
