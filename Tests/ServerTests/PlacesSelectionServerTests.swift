import DocStore
import Foundation
import Testing

@testable import Domain

/// On a team server the Places screen follows the same bounded selections of the favorites
/// as on the embedded store: the saved state of the places it holds (by document id, the
/// primary key) and the newest few for the map (the saved-time index), live, each account's
/// own only.
@Suite(.serialized)
struct PlacesSelectionServerTests {
    @Test(.requiresPostgres)
    func theHeldPlacesAndTheNewestAreLiveAndOnlyTheAccountsOwn() throws {
        let server = try RulesServer(accounts: 2)
        defer { server.cleanup() }
        let (uid, other) = (server.accounts[0], server.accounts[1])
        try server.write(as: uid, ["favorites/\(uid)/favorites/seoul": RulesServer.favorite("Seoul")])
        try server.write(as: other, ["favorites/\(other)/favorites/busan": RulesServer.favorite("Busan")])
        let store = try server.store(as: uid)
        defer { store.close() }
        let favorites = FavoritesService(store: store)
        let session = Session(uid: uid, email: "\(uid.lowercased())@example.com", signedInAt: Date())
        var held: [[String]] = []
        var newest: [[String]] = []
        let places = try #require(
            try favorites.observe(.places(["seoul", "busan", "jeju"]), session: session) {
                held.append($0.map(\.placeID).sorted())
            })
        defer { places.remove() }
        let map = try #require(
            try favorites.observe(.newest(limit: 1), session: session) { newest.append($0.map(\.placeID)) })
        defer { map.remove() }
        try store.document("favorites/\(uid)/favorites/jeju").setData(RulesServer.favorite("Jeju"))
        // Another account's favorites are neither read nor heard.
        try server.write(as: other, ["favorites/\(other)/favorites/jeju": RulesServer.favorite("Jeju")])
        _ = try store.pollExternalChanges()
        #expect(held == [["seoul"], ["jeju", "seoul"]])
        #expect(newest == [["seoul"], ["jeju"]])
    }

    @Test(.requiresPostgres)
    func theHeldPlacesReadTheKeyAndTheNewestTheSavedTimeIndex() throws {
        let server = try RulesServer(accounts: 0)
        defer { server.cleanup() }
        let store = try DocumentStore.open(url: server.location, executor: .immediate)
        defer { store.close() }
        let favorites = FavoritesService(store: store)
        let held = try #require(favorites.query(.places(["p1", "p2"]), uid: "u1"))
        let newest = try #require(favorites.query(.newest(limit: 200), uid: "u1"))
        let plans = ServerQueryPlanTests()
        let heldPlan = try plans.plan(held, at: server)
        #expect(heldPlan.contains("Index") && heldPlan.contains("documents_pkey"), "\(heldPlan)")
        let newestPlan = try plans.plan(newest, at: server)
        #expect(newestPlan.contains("Index Scan") && !newestPlan.contains("Sort"), "\(newestPlan)")
    }
}
