import DocStore
import Foundation
import PlaceCatalog

/// A place that someone the viewer follows saved in one of their shared folders: a `◇`
/// on the map of a place's detail (issue 29, point 5).
public struct FollowedSave: Equatable, Sendable {
    public var placeID: String
    public var coordinate: Coordinate

    public init(placeID: String, coordinate: Coordinate) {
        self.placeID = placeID
        self.coordinate = coordinate
    }
}

extension FavoritesService {
    /// The places the people `session` follows saved in their shared folders within the
    /// window (`latitudes` × `longitudes`), each place once, `excluding` one (the place the
    /// map is of), at most `limit`, ordered by id. A private folder's place never comes back:
    /// on a team server the rules read only shared folders' favorites, and the same filter
    /// applies here on the embedded store. Followed people are read 1000 at a time.
    public func followedSaves(
        latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>, excluding placeID: String? = nil,
        limit: Int = 200, session: Session
    ) throws -> [FollowedSave] {
        let viewer = try SessionProof.writer(session, .viewFollowing, in: store)
        let followed = try store.collection("users").document(viewer.uid).collection("following").documentIDs()
        var saves: [String: Coordinate] = [:]
        for start in stride(from: 0, to: followed.count, by: 1000) {
            let uids = Array(followed[start..<min(start + 1000, followed.count)])
            for (id, coordinate) in try sharedSaves(among: uids)
            where id != placeID && latitudes.contains(coordinate.latitude)
                && longitudes.contains(coordinate.longitude)
            {
                saves[id] = coordinate
            }
        }
        return saves.sorted { $0.key < $1.key }.prefix(max(0, limit)).map {
            FollowedSave(placeID: $0.key, coordinate: $0.value)
        }
    }

    /// The favorites of `uids` (at most 1000) that sit in one of their owner's shared folders.
    private func sharedSaves(among uids: [String]) throws -> [(placeID: String, coordinate: Coordinate)] {
        guard let first = uids.first else { return [] }
        let shared = try folders(of: first).whereField(
            "visibility", isEqualTo: .string(FolderVisibility.shared.rawValue)
        ).including(collections: uids.dropFirst().map { "favorites/\($0)/folders" }).getDocuments().documents
        var sharedFolders: [String: Set<String>] = [:]
        for folder in shared { sharedFolders[Self.owner(of: folder.reference.path), default: []].insert(folder.id) }
        let owners = uids.filter { sharedFolders[$0] != nil }
        guard let firstOwner = owners.first else { return [] }
        let saved = try favorites(of: firstOwner).including(
            collections: owners.dropFirst().map { "favorites/\($0)/favorites" }
        ).getDocuments().documents
        // Only the fields the map needs, read as values rather than decoded favorites.
        return saved.compactMap { document in
            let folders = document.get("folders")?.arrayValue?.compactMap(\.stringValue) ?? [FavoriteFolder.defaultID]
            guard let open = sharedFolders[Self.owner(of: document.reference.path)],
                folders.contains(where: open.contains),
                let latitude = document.get("coordinate.latitude")?.doubleValue,
                let longitude = document.get("coordinate.longitude")?.doubleValue
            else { return nil }
            return (document.id, Coordinate(latitude: latitude, longitude: longitude))
        }
    }
}
