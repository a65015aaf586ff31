import DocStore
import Domain
import Foundation
import Testing

/// A place's counts on a team server (issue 29): the posts naming it, and the people the
/// viewer follows who saved it in a folder the viewer may read; a private folder's place
/// is neither counted nor readable with plain `psql`.
@Suite(.serialized)
struct PlaceCountsServerTests {
    func session(_ uid: String) -> Session { Session(uid: uid, email: "\(uid)@example.com", signedInAt: Date()) }

    @Test(.requiresPostgres)
    func onlySharedFoldersOfPeopleFollowedCount() throws {
        let server = try RulesServer(accounts: 4)
        defer { server.cleanup() }
        let (viewer, sharer, hider, stranger) = (
            server.accounts[0], server.accounts[1], server.accounts[2], server.accounts[3]
        )
        let place = "1835848"
        var favorite = RulesServer.favorite("Seoul")
        favorite["placeID"] = .string(place)
        for (uid, visibility) in [(sharer, "shared"), (hider, "private"), (stranger, "shared")] {
            favorite["folders"] = .array(["trip"])
            try server.write(
                as: uid,
                [
                    "favorites/\(uid)/folders/trip": ["name": "Trip", "visibility": .string(visibility)],
                    "favorites/\(uid)/favorites/\(place)": favorite,
                ])
        }
        for (index, uid) in [sharer, hider, stranger].enumerated() {
            try server.write(
                as: uid,
                [
                    "tweets/post\(index)\(uid.prefix(6))": [
                        "uid": .string(uid), "caption": "서울", "likes": 0, "timestamp": .serverTimestamp,
                        "placeID": .string(place),
                    ]
                ])
        }
        try server.post(as: stranger, id: "elsewhere\(stranger.prefix(6))")
        let store = try server.store(as: viewer)
        defer { store.close() }
        let follows = FollowService(store: store, onServer: true)
        for uid in [sharer, hider] { try follows.writeFollow(true, uid: uid, session: session(viewer)) }

        let counts = try FavoritesService(store: store).placeCounts(placeID: place, session: session(viewer))
        #expect(counts.posts == 3)
        #expect(counts.savedByFollowing == 1, "the private folder's place is not counted, the stranger is not followed")
        #expect(counts.latestSaver == "u" + sharer.lowercased().suffix(14))

        // Plain SQL as the viewer: the private folder's favorite and folder are not there.
        let hidden = try server.psql(
            "SELECT count(*) FROM documents WHERE parent IN "
                + "('favorites/\(hider)/favorites', 'favorites/\(hider)/folders')",
            as: viewer)
        #expect(hidden.ok && hidden.output == "0", "\(hidden)")
        let shown = try server.psql(
            "SELECT count(*) FROM documents WHERE parent = 'favorites/\(sharer)/favorites' AND id = '\(place)'",
            as: viewer)
        #expect(shown.ok && shown.output == "1", "\(shown)")
        // Signed out: the posts only.
        let guest = try FavoritesService(store: store).placeCounts(placeID: place, session: nil)
        #expect(guest == PlaceCounts(posts: 3, savedByFollowing: 0, latestSaver: nil))
    }
}
