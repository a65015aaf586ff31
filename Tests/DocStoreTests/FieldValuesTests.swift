import CSQLite
import Foundation
import Testing

@testable import DocStore

/// `Query.values(of:)`: a few fields of each matching document, read out of the stored
/// text by the database, in the query's order, across several collections, with each
/// value of the kind it was written as, on both backends.
struct FieldValuesTests {
    @Test(arguments: StoreFixture.all)
    func theAskedFieldsComeInTheQuerysOrderFromEveryCollection(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        defer { store.close() }
        let base = Date(timeIntervalSince1970: 1_700_000_000.25)
        for (user, at) in [("a", 3.0), ("b", 1.0), ("c", 2.0)] {
            try store.document("favorites/\(user)/favorites/p1").setData([
                "savedAt": .timestamp(base.addingTimeInterval(at)), "folders": .array(["trip", .string(user)]),
                "placeName": "Seoul", "coordinate": .map(["latitude": 37.5, "longitude": 127.0]), "visits": 2,
            ])
        }
        try store.document("favorites/b/favorites/p2").setData(["savedAt": .timestamp(base), "placeName": "Busan"])
        try store.document("favorites/d/favorites/p1").setData(["savedAt": .timestamp(base)])
        let query = store.collection("favorites/a/favorites")
            .including(collections: ["favorites/b/favorites", "favorites/c/favorites"])
            .whereField(FieldPath.documentID, isEqualTo: "p1").order(by: "savedAt", descending: true)

        let values = try query.values(of: ["savedAt", "folders", "coordinate.latitude", "memo", "visits", "__name__"])
        #expect(
            values.map(\.path) == ["favorites/a/favorites/p1", "favorites/c/favorites/p1", "favorites/b/favorites/p1"])
        #expect(
            values.map(\.parentPath) == ["favorites/a/favorites", "favorites/c/favorites", "favorites/b/favorites"])
        let first = try #require(values.first)
        #expect(first.documentID == "p1")
        #expect(first.get("savedAt") == .timestamp(base.addingTimeInterval(3)), "a timestamp, not a number")
        #expect(first.get("folders") == .array(["trip", "a"]))
        #expect(first.get("coordinate.latitude") == .double(37.5))
        #expect(first.get("visits") == .int(2), "an integer stays one")
        #expect(first.get("memo") == nil, "a field the document lacks is absent")
        #expect(first.get("__name__") == .string("p1"))
        #expect(first.get("placeName") == nil, "only what was asked for")
        #expect(first.fields.count == 5)

        // The same documents, in the same order, as the whole documents would give.
        let documents = try query.getDocuments().documents
        #expect(values.map(\.path) == documents.map(\.reference.path))
        #expect(values.map { $0.get("savedAt") } == documents.map { $0.get("savedAt") })
    }

    @Test(arguments: StoreFixture.all)
    func filtersCursorsAndLimitsApplyAsToTheDocuments(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        defer { store.close() }
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        for index in 0..<12 {
            try store.collection("tweets").document(String(format: "t%02d", index)).setData([
                "timestamp": .timestamp(base.addingTimeInterval(Double(index))),
                "placeID": .string(index % 3 == 0 ? "seoul" : "busan"), "likes": .int(Int64(index)),
                "shared": .bool(index % 2 == 0),
            ])
        }
        let query = store.collection("tweets").whereField("placeID", isEqualTo: "seoul")
            .order(by: "timestamp", descending: true)
        #expect(try query.values(of: ["likes"]).map { $0.get("likes") } == [.int(9), .int(6), .int(3), .int(0)])
        let page = query.start(after: [.timestamp(base.addingTimeInterval(6))], documentID: "t06").limit(to: 1)
        #expect(
            try page.values(of: ["likes", "shared"]).map(\.fields) == [["likes": .int(3), "shared": .bool(false)]])
        #expect(try query.limit(to: 2).values(of: []).map(\.documentID) == ["t09", "t06"], "no fields: the ids")
        #expect(try store.collection("tweets").whereField("placeID", isEqualTo: "paris").values(of: ["likes"]).isEmpty)
        #expect(throws: StoreError.self) { try query.values(of: ["a..b"]) }
    }

    /// A stored text that is not JSON (written around the store) gives no values and costs
    /// the read only itself, as it gives no fields to `getDocuments()`.
    @Test func aTextThatIsNotJSONGivesNoValues() throws {
        let place = try StoreFixture.sqlite.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        try store.document("tweets/good").setData(["likes": 4])
        try store.document("tweets/bad").setData(["likes": 5])
        store.close()
        let connection = try SQLiteConnection(file: place.location, flags: SQLITE_OPEN_READWRITE)
        try connection.execute("UPDATE documents SET data = '{\"likes\": 5,' WHERE id = 'bad'")
        connection.close()

        let reopened = try place.open()
        defer { reopened.close() }
        let values = try reopened.collection("tweets").values(of: ["likes"])
        #expect(values.map(\.documentID).sorted() == ["bad", "good"])
        #expect(values.first { $0.documentID == "good" }?.get("likes") == .int(4))
        #expect(values.first { $0.documentID == "bad" }?.fields.isEmpty == true)
    }
}
