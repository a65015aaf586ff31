import DocStore
import Domain
import Foundation
import Testing

/// Where the people the viewer follows saved places near a place (issue 29, point 5), on a
/// team server: the rules let the viewer read only shared folders' favorites, so a private
/// folder's place is never marked, and plain `psql` as the viewer does not see it either.
@Suite(.serialized)
struct FollowedSavesServerTests {
    func session(_ uid: String) -> Session { Session(uid: uid, email: "\(uid)@example.com", signedInAt: Date()) }

    func favorite(_ id: String, latitude: Double, longitude: Double, folder: String) -> [String: WriteValue] {
        var favorite = RulesServer.favorite(id)
        favorite["placeID"] = .string(id)
        favorite["coordinate"] = .fields(["latitude": .double(latitude), "longitude": .double(longitude)])
        favorite["folders"] = .array([.string(folder)])
        return favorite
    }

    @Test(.requiresPostgres)
    func aPrivateFoldersPlacesNeverAppear() throws {
        let server = try RulesServer(accounts: 4)
        defer { server.cleanup() }
        let (viewer, sharer, hider, stranger) = (
            server.accounts[0], server.accounts[1], server.accounts[2], server.accounts[3]
        )
        // The sharer: Busan in a shared folder, Incheon in a private one, Tokyo shared but
        // outside Seoul's window; the hider and the stranger each a place of their own.
        try server.write(
            as: sharer,
            [
                "favorites/\(sharer)/folders/trip": ["name": "Trip", "visibility": "shared"],
                "favorites/\(sharer)/folders/secret": ["name": "Secret", "visibility": "private"],
                "favorites/\(sharer)/favorites/busan": favorite(
                    "busan", latitude: 35.1, longitude: 129.0, folder: "trip"),
                "favorites/\(sharer)/favorites/incheon": favorite(
                    "incheon", latitude: 37.46, longitude: 126.7, folder: "secret"),
                "favorites/\(sharer)/favorites/tokyo": favorite(
                    "tokyo", latitude: 35.69, longitude: 139.69, folder: "trip"),
            ])
        try server.write(
            as: hider,
            [
                "favorites/\(hider)/folders/mine": ["name": "Mine", "visibility": "private"],
                "favorites/\(hider)/favorites/jeju": favorite("jeju", latitude: 33.5, longitude: 126.5, folder: "mine"),
            ])
        try server.write(
            as: stranger,
            [
                "favorites/\(stranger)/folders/open": ["name": "Open", "visibility": "shared"],
                "favorites/\(stranger)/favorites/daegu": favorite(
                    "daegu", latitude: 35.87, longitude: 128.6, folder: "open"),
            ])
        let store = try server.store(as: viewer)
        defer { store.close() }
        let follows = FollowService(store: store, onServer: true)
        for uid in [sharer, hider] { try follows.writeFollow(true, uid: uid, session: session(viewer)) }

        let saves = try FavoritesService(store: store).followedSaves(
            latitudes: (37.5665 - 6)...(37.5665 + 6), longitudes: (126.978 - 9)...(126.978 + 9),
            excluding: "seoul", session: session(viewer))
        #expect(saves.map(\.placeID) == ["busan"], "private folders, a stranger's and Tokyo (outside) are not marked")
        #expect(saves.first.map { $0.coordinate.latitude == 35.1 && $0.coordinate.longitude == 129.0 } == true)

        // Plain SQL as the viewer: the private folders' favorites are not there at all.
        let hidden = try server.psql(
            "SELECT count(*) FROM documents WHERE (parent = 'favorites/\(sharer)/favorites' AND id = 'incheon') "
                + "OR parent IN ('favorites/\(hider)/favorites', 'favorites/\(hider)/folders')",
            as: viewer)
        #expect(hidden.ok && hidden.output == "0", "\(hidden)")

        // The owner makes the folder private: its places are no longer marked.
        try server.write(as: sharer, ["favorites/\(sharer)/folders/trip": ["name": "Trip", "visibility": "private"]])
        #expect(
            try FavoritesService(store: store).followedSaves(
                latitudes: 31...44, longitudes: 117...136, session: session(viewer)
            ).isEmpty)
    }
}
