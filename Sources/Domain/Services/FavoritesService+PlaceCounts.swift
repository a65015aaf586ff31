import DocStore
import Foundation

/// What the detail of a place says about the conversation around it (issue 29): how many
/// posts name it, and how many of the people the viewer follows saved it.
public struct PlaceCounts: Equatable, Sendable {
    /// Posts whose `placeID` is the place (a deleted post is gone from `tweets`).
    public var posts: Int
    /// People the viewer follows with the place in a folder the viewer may read (a shared
    /// one); never a private folder's place.
    public var savedByFollowing: Int
    /// The username of the one of them who saved it last (nil when nobody did).
    public var latestSaver: String?

    public init(posts: Int, savedByFollowing: Int, latestSaver: String?) {
        self.posts = posts
        self.savedByFollowing = savedByFollowing
        self.latestSaver = latestSaver
    }
}

extension FavoritesService {
    /// The counts of `placeID`: one count of posts on the `placeID` index, then (signed in)
    /// the favorites of that id among the people the viewer follows, read 1000 collections
    /// at a time, kept only when one of their folders is shared. On a team server the
    /// server's rules read only shared folders' favorites anyway; the same filter applies
    /// on the embedded store. Signed out, nobody is followed: `savedByFollowing` is 0.
    public func placeCounts(placeID: String, session: Session?) throws -> PlaceCounts {
        let posts = try store.collection("tweets").whereField("placeID", isEqualTo: .string(placeID)).count()
        guard let session else { return PlaceCounts(posts: posts, savedByFollowing: 0, latestSaver: nil) }
        let viewer = try SessionProof.writer(session, .viewFollowing, in: store)
        let followed = try store.collection("users").document(viewer.uid).collection("following").documentIDs()
        var savers: [(uid: String, savedAt: Date)] = []
        for start in stride(from: 0, to: followed.count, by: 1000) {
            let uids = Array(followed[start..<min(start + 1000, followed.count)])
            savers += try sharedSavers(of: placeID, among: uids)
        }
        guard let latest = savers.max(by: { ($0.savedAt, $0.uid) < ($1.savedAt, $1.uid) }) else {
            return PlaceCounts(posts: posts, savedByFollowing: 0, latestSaver: nil)
        }
        let username = try store.collection("users").document(latest.uid).getDocument().get("username")?.stringValue
        return PlaceCounts(posts: posts, savedByFollowing: savers.count, latestSaver: username)
    }

    /// Those of `uids` (at most 1000) whose favorite `placeID` is in one of their shared folders.
    private func sharedSavers(of placeID: String, among uids: [String]) throws -> [(uid: String, savedAt: Date)] {
        guard let first = uids.first else { return [] }
        // Only the two fields the count needs, read out of the stored text by the database
        // (`Query.values(of:)`): decoding every favorite (names, address, coordinate, memo),
        // or even parsing it whole, was most of the time.
        let saved = try favorites(of: first).whereField(FieldPath.documentID, isEqualTo: .string(placeID))
            .including(collections: uids.dropFirst().map { "favorites/\($0)/favorites" })
            .values(of: ["savedAt", "folders"])
        let places = saved.compactMap { document -> (uid: String, folders: [String], savedAt: Date)? in
            // A date written as seconds (as the model's decoder reads it) counts too.
            guard
                let savedAt = document.get("savedAt").flatMap({
                    $0.dateValue ?? $0.doubleValue.map(Date.init(timeIntervalSince1970:))
                })
            else { return nil }
            let folders = document.get("folders")?.arrayValue?.compactMap(\.stringValue) ?? [FavoriteFolder.defaultID]
            return (Self.owner(of: document.path), folders, savedAt)
        }
        guard let owner = places.first?.uid else { return [] }
        // The shared folders' paths alone: no field of them is read.
        let shared = try folders(of: owner).whereField(
            "visibility", isEqualTo: .string(FolderVisibility.shared.rawValue)
        ).including(collections: Set(places.map(\.uid)).subtracting([owner]).sorted().map { "favorites/\($0)/folders" })
            .values(of: [])
        let sharedPaths = Set(shared.map(\.path))
        return places.filter { saver in
            saver.folders.contains { sharedPaths.contains("favorites/\(saver.uid)/folders/\($0)") }
        }.map { ($0.uid, $0.savedAt) }
    }

    /// `favorites/{uid}/…`'s uid.
    static func owner(of path: String) -> String {
        path.split(separator: "/").dropFirst().first.map(String.init) ?? ""
    }
}
