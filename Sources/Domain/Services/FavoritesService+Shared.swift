import DocStore
import Foundation
import PlaceCatalog

/// Another person's shared folder with its places, as every signed-in account may read it.
public struct SharedFolder: Equatable, Sendable {
    public var folder: FavoriteFolder
    /// In the folder's kept order.
    public var places: [FavoritePlace]
}

extension FavoritesService {
    /// The shared folders of the user `@username`, each with its places; nothing of their
    /// private folders. On a team server the server's rules decide what is readable; the
    /// same filter applies on the embedded store.
    public func sharedFolders(ofUsername username: String, home: Coordinate, session: Session?) throws -> [SharedFolder]
    {
        _ = try SessionProof.writer(session, .listFavorites, in: store)
        let name = username.hasPrefix("@") ? String(username.dropFirst()) : username
        guard
            let owner = try store.collection("users").whereField("username", isEqualTo: .string(name.lowercased()))
                .limit(to: 1).getDocuments().documents.first?.documentID
        else {
            throw FavoritesError.unknownUser(name)
        }
        return try sharedFolders(ofOwner: owner, home: home)
    }

    /// The shared folders of the account `uid` (a profile's), as `sharedFolders(ofUsername:)`
    /// reads them.
    public func sharedFolders(ofUID uid: String, home: Coordinate, session: Session?) throws -> [SharedFolder] {
        _ = try SessionProof.writer(session, .listFavorites, in: store)
        return try sharedFolders(ofOwner: uid, home: home)
    }

    private func sharedFolders(ofOwner owner: String, home: Coordinate) throws -> [SharedFolder] {
        let shared = DecodedDocuments(
            try folders(of: owner).whereField(
                "visibility", isEqualTo: .string(FolderVisibility.shared.rawValue)
            ).getDocuments().documents
        ) { try $0.data(as: FavoriteFolder.self) }.values
        guard !shared.isEmpty else { return [] }
        let ids = Set(shared.map(\.id))
        let places = DecodedDocuments(try favorites(of: owner).getDocuments().documents) {
            try $0.data(as: FavoritePlace.self)
        }.values.filter { !ids.isDisjoint(with: $0.folders) }
        let snapshot = FavoritesSnapshot(folders: shared, favorites: places)
        return snapshot.folders.map { SharedFolder(folder: $0, places: snapshot.places(in: $0, home: home)) }
    }
}
