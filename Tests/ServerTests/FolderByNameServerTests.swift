import DocStore
import Foundation
import PlaceCatalog
import Testing

@testable import Domain

/// On a team server a folder by name is read by the store's cursor as on the embedded one:
/// the rules keep a favorite's name key, favorites saved without one get theirs through
/// the rules, the server's collation orders the keys as Tern does, and an index serves
/// the order.
@Suite(.serialized)
struct FolderByNameServerTests {
    static let home = Coordinate(latitude: 37.5665, longitude: 126.9780)
    static let names = ["Seoul", "서울", "busan", "Busan", "ㄱ", "가", "Zürich", "zurich", "123", "a b", "ab"]

    @Test(.requiresPostgres)
    func aFolderByNamePagesInTheCollationsOrderThroughTheRules() throws {
        let server = try RulesServer(accounts: 1)
        defer { server.cleanup() }
        let uid = server.accounts[0]
        // Every other place written without a key or folders, as an older Tern saved them.
        for (index, name) in Self.names.enumerated() where index % 2 == 0 {
            var fields = RulesServer.favorite(name)
            fields["placeID"] = .string("p\(index)")
            try server.write(as: uid, ["favorites/\(uid)/favorites/p\(index)": fields])
        }
        let store = try server.store(as: uid)
        defer { store.close() }
        let favorites = FavoritesService(store: store)
        let session = Session(uid: uid, email: "\(uid.lowercased())@example.com", signedInAt: Date())
        for (index, name) in Self.names.enumerated() where index % 2 == 1 {
            try favorites.add(
                FavoriteCandidate(
                    placeID: "p\(index)", placeName: name, address: "",
                    coordinate: Coordinate(latitude: 37, longitude: 127)), session: session)
        }
        let folder = try favorites.updateFolder(id: FavoriteFolder.defaultID, sort: .name, session: session)
        // The Favorites screen starts with its folder listing, which gives older favorites their keys.
        try #require(try favorites.observeFolderListing(session: session) { _ in }).remove()
        let saved = try favorites.list(session: session)
        let expected = FavoriteOrder.sorted(saved, by: .name, home: Self.home).map(\.placeID)

        var walked: [String] = []
        var anchor: FavoritePlace?
        repeat {
            var page: FolderPage?
            let registration = try favorites.observeFolderWindow(
                folder, after: anchor, limit: 4, home: Self.home,
                session: session
            ) { page = $0 }
            registration.remove()
            let delivered = try #require(page)
            walked += delivered.favorites.map(\.placeID)
            anchor = delivered.isEnd ? nil : delivered.favorites.last
        } while anchor != nil
        #expect(walked == expected)
        #expect(
            try favorites.folderRows(folder, before: nil, limit: 3, home: Self.home, session: session).map(\.placeID)
                == expected.suffix(3).reversed())
        let fifth = try #require(saved.first { $0.placeID == expected[5] })
        #expect(try favorites.folderCount(folder, before: fifth, home: Self.home, session: session) == 5)
        #expect(
            try store.collection("favorites/\(uid)/favorites").order(by: FavoriteNameKey.field).count()
                == Self.names.count)
    }

    @Test(.requiresPostgres)
    func theNameOrderReadsItsIndex() throws {
        let server = try RulesServer(accounts: 0)
        defer { server.cleanup() }
        let store = try DocumentStore.open(url: server.location, executor: .immediate)
        defer { store.close() }
        let favorites = FavoritesService(store: store)
        let page = FavoritesService.StoreOrder.name.apply(
            to: favorites.inFolder("u1", FavoriteFolder.defaultID), reversed: false
        ).limit(to: 100)
        let next = page.start(after: [.string("0aa"), .timestamp(Date())], documentID: "p1")
        let plans = ServerQueryPlanTests()
        for (name, query) in [
            ("first page", page), ("next page", next),
            ("before", FavoritesService.StoreOrder.name.apply(to: favorites.inFolder("u1", "default"), reversed: true)),
        ] {
            let text = try plans.plan(query, at: server)
            #expect(text.contains("documents_by_name_key") && !text.contains("Sort"), "\(name): \(text)")
        }
    }
}
