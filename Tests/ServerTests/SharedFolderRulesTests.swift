import DocStore
import Domain
import Foundation
import Testing

/// Shared folders on the server: plain SQL as a second account reads the first account's
/// shared folders and the favorites in them, nothing else of its favorites, and writes none.
@Suite(.serialized)
struct SharedFolderRulesTests {
    /// What `reader` sees of `owner`'s favorites and folders, as `parent-tail/id` lines.
    func visible(_ server: RulesServer, of owner: String, as reader: String) throws -> [String] {
        let sql =
            "SELECT string_agg(split_part(parent, '/', 3) || '/' || id, ',' ORDER BY parent, id) FROM documents"
            + " WHERE parent IN ('favorites/\(owner)/favorites', 'favorites/\(owner)/folders')"
        let result = try server.psql(sql, as: reader)
        #expect(result.ok, "\(result)")
        return result.output.isEmpty ? [] : result.output.split(separator: ",").map(String.init)
    }

    @Test(.requiresPostgres)
    func aSharedFolderIsReadableByEveryAccountAndNothingElseIs() throws {
        let server = try RulesServer(accounts: 2)
        defer { server.cleanup() }
        let (owner, reader) = (server.accounts[0], server.accounts[1])
        let folders = "favorites/\(owner)/folders"
        let places = "favorites/\(owner)/favorites"
        try server.write(
            as: owner,
            [
                "\(folders)/open": ["name": "제주 여행", "visibility": "shared"],
                "\(folders)/closed": ["name": "Home", "visibility": "private"],
                "\(places)/p1": ["placeName": "Jeju", "folders": .array(["open"]), "memo": "일출"],
                "\(places)/p2": ["placeName": "Home", "folders": .array(["closed"])],
                "\(places)/p3": ["placeName": "Both", "folders": .array(["closed", "open"])],
                "\(places)/p4": ["placeName": "Old", "savedAt": .serverTimestamp],
            ])
        // The reader's own folder called `closed`, shared, opens nothing of the owner's.
        try server.write(as: reader, ["favorites/\(reader)/folders/closed": ["name": "Mine", "visibility": "shared"]])

        #expect(try visible(server, of: owner, as: reader) == ["favorites/p1", "favorites/p3", "folders/open"])
        #expect(try visible(server, of: owner, as: owner).count == 6)

        // Through Tern as the reader: the same, and the service lists the shared folder only.
        let store = try server.store(as: reader)
        defer { store.close() }
        #expect(try store.collection(places).getDocuments().documents.map(\.documentID) == ["p1", "p3"])
        #expect(try store.document("\(places)/p2").getDocument().exists == false)

        // Writes to the owner's folders and favorites are refused, shared or not.
        for sql in [
            "INSERT INTO documents (parent, id, doc) VALUES ('\(folders)', 'evil', '{\"visibility\":\"shared\"}')",
            "INSERT INTO documents (parent, id, doc) VALUES ('\(places)', 'evil', '{\"folders\":[\"open\"]}')",
            "SELECT tern_write('\(folders)', 'evil', '{\"name\":\"x\",\"visibility\":\"shared\"}')",
            "SELECT tern_write('\(folders)', 'closed', '{\"name\":\"Home\",\"visibility\":\"shared\"}')",
            "SELECT tern_write('\(places)', 'p2', "
                + "'{\"placeName\":\"Home\",\"folders\":[\"open\"],\"coordinate\":{\"latitude\":1,\"longitude\":2}}')",
        ] {
            let result = try server.psql(sql, as: reader)
            #expect(
                !result.ok && (result.errors.contains("permission denied") || result.errors.contains("writes only")),
                "\(sql) → \(result)")
        }
        // The owner's own writes are checked too: a folder name over 30 characters, an unknown visibility.
        for doc in [
            "{\"name\":\"\(String(repeating: "x", count: 31))\"}", "{\"name\":\"ok\",\"visibility\":\"public\"}",
        ] {
            let result = try server.psql("SELECT tern_write('\(folders)', 'bad', '\(doc)')", as: owner)
            #expect(!result.ok, "\(doc) → \(result)")
        }
        for target in ["parent = '\(folders)'", "parent = '\(places)'"] {
            for change in [
                "UPDATE documents SET doc = '{\"visibility\":\"shared\",\"folders\":[\"closed\"]}' WHERE \(target) "
                    + "RETURNING 1",
                "DELETE FROM documents WHERE \(target) RETURNING 1",
            ] {
                let result = try server.psql("WITH changed AS (\(change)) SELECT count(*) FROM changed", as: reader)
                #expect(result.output == "0" || !result.ok, "\(change) → \(result)")
            }
        }

        // Made private again, the folder and its places disappear for the reader; the guest never sees any.
        try server.write(as: owner, ["\(folders)/open": ["name": "제주 여행", "visibility": "private"]])
        #expect(try visible(server, of: owner, as: reader).isEmpty)
        try server.write(as: owner, ["\(folders)/open": ["name": "제주 여행", "visibility": "shared"]])
        let guest = try server.psqlAt(server.guestURL, "SELECT count(*) FROM documents WHERE parent LIKE 'favorites/%'")
        #expect(guest.ok && guest.output == "0", "\(guest)")
    }

    @Test(.requiresPostgres)
    func theServiceListsAnotherAccountsSharedFoldersOverTheServer() throws {
        let server = try RulesServer(accounts: 2)
        defer { server.cleanup() }
        let (owner, reader) = (server.accounts[0], server.accounts[1])
        let ownerStore = try server.store(as: owner)
        defer { ownerStore.close() }
        try ownerStore.document("users/\(owner)").updateData(["username": "owner_k"])
        let ownerSession = Session(uid: owner, email: "", signedInAt: Date())
        let favorites = FavoritesService(store: ownerStore)
        let trip = try favorites.createFolder(name: "제주 여행", visibility: .shared, session: ownerSession)
        let seoul = FavoriteCandidate(
            placeID: "1835848", placeName: "Seoul", address: "Seoul",
            coordinate: .init(latitude: 37.566, longitude: 126.9784))
        let jeju = FavoriteCandidate(
            placeID: "1846266", placeName: "Jeju", address: "Jeju",
            coordinate: .init(latitude: 33.5097, longitude: 126.5219))
        try favorites.add(jeju, folderID: trip.id, memo: "일출", session: ownerSession)
        try favorites.add(seoul, session: ownerSession)

        let readerStore = try server.store(as: reader)
        defer { readerStore.close() }
        let shared = try FavoritesService(store: readerStore)
            .sharedFolders(
                ofUsername: "@owner_k", home: .init(latitude: 37.5665, longitude: 126.978),
                session: Session(uid: reader, email: "", signedInAt: Date()))
        #expect(shared.map(\.folder.name) == ["제주 여행"])
        #expect(shared.first?.places.map(\.placeID) == ["1846266"])
        #expect(shared.first?.places.first?.memo == "일출")
    }
}
