import DocStore
import Foundation
import Testing

struct DocumentWriteTests {
    @Test(arguments: StoreFixture.all)
    func setGetDeleteRoundTrip(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        let ref = store.document("places/p1")
        #expect(try ref.getDocument().exists == false)
        #expect(try ref.getDocument().data == nil)
        let fields: [String: FieldValue] = [
            "name": "Seoul 서울 \"quoted\"\n", "population": 9_700_000, "area": 605.2, "capital": true, "nothing": nil,
            "founded": .timestamp(Date(timeIntervalSince1970: -2_000_000_000.5)), "tags": ["a", 1, 2.5, false],
            "coordinate": ["latitude": 37.5, "longitude": 127], "whole": 3.0, "big": .int(Int64.max),
        ]
        try ref.setData(fields.asWrite)
        #expect(try ref.getDocument().data == fields)
        try ref.setData(["only": "this"])
        #expect(try ref.getDocument().data == ["only": "this"])
        try ref.delete()
        #expect(try ref.getDocument().exists == false)
        try ref.delete()  // deleting a missing document is fine
        store.close()
        #expect(throws: StoreError.closed) { try ref.getDocument() }
    }

    @Test(arguments: StoreFixture.all)
    func mergeKeepsOtherFieldsAndMergesMaps(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        let ref = store.document("places/p1")
        try ref.setData(["name": "Seoul", "coordinate": ["latitude": 1.0, "longitude": 2.0]])
        try ref.setData(["coordinate": ["latitude": 37.5], "country": "KR"], merge: true)
        #expect(
            try ref.getDocument().data == [
                "name": "Seoul", "country": "KR", "coordinate": ["latitude": 37.5, "longitude": 2.0],
            ])
        try store.document("places/new").setData(["a": 1], merge: true)
        #expect(try store.document("places/new").getDocument().data == ["a": 1])
    }

    @Test(arguments: StoreFixture.all)
    func updateOfMissingDocumentThrowsNotFoundAndWritesNothing(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        #expect(throws: StoreError.notFound("tweets/none")) {
            try store.document("tweets/none").updateData(["likes": 1])
        }
        #expect(try store.document("tweets/none").getDocument().exists == false)
        let batch = store.batch()
        batch.setData(["x": 1], forDocument: store.document("tweets/a"))
        batch.updateData(["likes": 1], forDocument: store.document("tweets/none"))
        #expect(throws: StoreError.notFound("tweets/none")) { try batch.commit() }
        #expect(try store.document("tweets/a").getDocument().exists == false, "a failed batch writes nothing")
    }

    @Test(arguments: StoreFixture.all)
    func updateWithDottedPathsReachesIntoMaps(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        let ref = store.document("favorites/u1/favorites/p1")
        try ref.setData(["coordinate": ["latitude": 1.0, "longitude": 2.0], "name": "x"])
        try ref.updateData(["coordinate.latitude": 37.5, "extra.deep.value": "made", "name": .delete])
        #expect(
            try ref.getDocument().data == [
                "coordinate": ["latitude": 37.5, "longitude": 2.0], "extra": ["deep": ["value": "made"]],
            ])
    }

    @Test(arguments: StoreFixture.all)
    func transformsApplyToTheStoredValue(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        let ref = store.document("tweets/t1")
        try ref.setData(["likes": .increment(1), "tags": .arrayUnion(["a", "b"]), "gone": .delete, "keep": "k"])
        #expect(try ref.getDocument().data == ["likes": 1, "tags": ["a", "b"], "keep": "k"])
        let before = Date()
        try ref.updateData([
            "likes": .increment(2), "score": .increment(0.5), "tags": .arrayUnion(["b", "c"]),
            "keep": .delete, "at": .serverTimestamp,
        ])
        try ref.updateData(["tags": .arrayRemove(["a", "zz"]), "likes": .increment(-1), "score": .increment(1)])
        let snapshot = try ref.getDocument()
        #expect(snapshot.get("likes") == 2)
        #expect(snapshot.get("score") == .double(1.5))
        #expect(snapshot.get("tags") == ["b", "c"])
        #expect(snapshot.get("keep") == nil)
        let at = try #require(snapshot.get("at")?.dateValue)
        #expect(at >= before.addingTimeInterval(-0.001) && at <= Date().addingTimeInterval(0.001))
        try ref.updateData(["keep": "text"])
        try ref.updateData(["keep": .increment(5)])
        #expect(try ref.getDocument().get("keep") == 5, "increment of a non-number starts from zero")
    }

    struct User: Codable, Equatable {
        struct Stats: Codable, Equatable {
            var followers: Int
            var ratio: Double
        }
        var id: String
        var displayName: String
        var bio: String?
        var createdOn: Date
        var isUserOnboarded: Bool
        var stats: Stats
        var tags: [String]
        var avatar: URL?
        var role: Role = .member
        var counts: [String: Int] = ["a": 1]
        var history: [Stats] = [.init(followers: 1, ratio: 2)]
        var score: UInt8 = 7
    }

    enum Role: String, Codable { case member, admin }

    @Test(arguments: StoreFixture.all)
    func codableRoundTripMapsDatesStructsAndOptionals(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        let user = User(
            id: "u1", displayName: "Ada", bio: nil, createdOn: Date(timeIntervalSince1970: 1_732_000_000.123456),
            isUserOnboarded: false, stats: .init(followers: 3, ratio: 0.5), tags: ["x"],
            avatar: URL(string: "file:///a.png"))
        let ref = store.document("users/u1")
        try ref.setData(from: user)
        let stored = try #require(try ref.getDocument().data)
        #expect(stored["bio"] == nil, "nil optionals are left out")
        #expect(stored["createdOn"] == .timestamp(user.createdOn))
        #expect(stored["stats"] == ["followers": 3, "ratio": 0.5])
        #expect(
            stored["role"] == "member" && stored["counts"] == ["a": 1]
                && stored["history"] == [["followers": 1, "ratio": 2.0]])
        #expect(try ref.getDocument().data(as: User.self) == user)
        try ref.updateData(["bio": nil])
        #expect(try ref.getDocument().data(as: User.self).bio == nil, "null reads back as nil")
        try ref.updateData(["stats": "wrong"])
        #expect(throws: StoreError.self) { try ref.getDocument().data(as: User.self) }
        #expect(throws: StoreError.notFound("users/none")) {
            try store.document("users/none").getDocument().data(as: User.self)
        }
    }

    @Test(arguments: StoreFixture.all, ["", "tweets", "tweets//x", "/", "a/b/c", "a/../b"])
    func invalidDocumentPathsThrowAClearError(_ fixture: StoreFixture, path: String) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        do {
            try store.document(path).setData(["a": 1])
            Issue.record("expected an error for \(path)")
        } catch let error as StoreError {
            #expect(error.description.contains("invalid path"))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test(arguments: StoreFixture.all, ["", "tweets/t1", "a//b"])
    func invalidCollectionPathsThrowAClearError(_ fixture: StoreFixture, path: String) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        #expect(throws: StoreError.self) { try store.collection(path).getDocuments() }
        #expect(throws: StoreError.self) { try store.collection(path).document("x").setData(["a": 1]) }
    }

    @Test(arguments: StoreFixture.all)
    func protectedRecordsAreUnreachableThroughDocumentsAndQueries(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        let batch = store.batch()
        batch.setData(["email": "a@example.com"], forDocument: store.document("users/u1"))
        batch.setProtected("credentials/a@example.com", Data("secret-hash".utf8))
        try batch.commit()
        #expect(try store.protectedRecord("credentials/a@example.com") == Data("secret-hash".utf8))
        #expect(try store.document("credentials/a@example.com").getDocument().exists == false)
        #expect(try store.collection("credentials").getDocuments().isEmpty)
        #expect(try store.collection("users").getDocuments().documents.map(\.id) == ["u1"])
        let failing = store.batch()
        failing.setProtected("credentials/b@example.com", Data([1]))
        failing.updateData(["x": 1], forDocument: store.document("users/missing"))
        #expect(throws: StoreError.self) { try failing.commit() }
        #expect(
            try store.protectedRecord("credentials/b@example.com") == nil,
            "protected writes commit with the batch or not at all")
    }

    @Test(arguments: StoreFixture.all)
    func transactionRollsBackWhenTheBodyThrows(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try store.runTransaction { tx in
                try tx.setData(["a": 1], forDocument: store.document("x/1"))
                throw Refused()
            }
        }
        #expect(try store.document("x/1").getDocument().exists == false)
        #expect(throws: StoreError.self) {
            try store.runTransaction { _ in try store.document("x/2").setData(["a": 1]) }
        }
    }
}
