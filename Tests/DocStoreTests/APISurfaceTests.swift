import DocStore
import Foundation
import Testing

struct APISurfaceTests {
    struct Place: Codable, Equatable {
        struct Coordinate: Codable, Equatable {
            var latitude: Double
            var longitude: Double
        }
        var placeID: String
        var placeName: String
        var coordinate: Coordinate
        var savedAt: Date
        var note: String?
    }

    /// Every call shape once, as services will write them.
    @Test(arguments: StoreFixture.all)
    func everyCallShapeCompilesAndWorks(_ fixture: StoreFixture) throws {
        let location = try fixture.makePlace()
        defer { location.cleanup() }
        let queue = CallbackQueue()
        let store = try location.open(executor: .queue(queue))
        defer { store.close() }

        let tweets: CollectionReference = store.collection("tweets")
        let tweet: DocumentReference = tweets.document("t1")
        let generated = tweets.document()
        #expect(generated.documentID.count == 20)
        try tweet.setData(["caption": "hello", "likes": 0, "timestamp": .serverTimestamp, "uid": "u1"])
        try generated.setData([
            "caption": "second", "likes": 3, "timestamp": .timestamp(Date(timeIntervalSince1970: 5)), "uid": "u2",
        ])
        try tweet.setData(["placeID": "p1"], merge: true)
        try tweet.updateData(["likes": .increment(1), "tags": .arrayUnion(["a"])])
        try tweet.updateData(fields: [FieldPath(["odd.name"]): "x"])

        let snapshot: DocumentSnapshot = try tweet.getDocument()
        #expect(snapshot.exists && snapshot.id == "t1" && snapshot.documentID == "t1" && snapshot.reference == tweet)
        #expect(snapshot.get("likes") == .int(1))
        #expect(snapshot.get(FieldPath(["odd.name"])) == "x")
        #expect(snapshot.data?["placeID"] == "p1")

        let like = store.collection("users").document("u1").collection("user-likes").document("t1")
        let sameLike = store.document("users/u1/user-likes/t1")
        #expect(like == sameLike)
        #expect(like.parent.path == "users/u1/user-likes")
        let place = Place(
            placeID: "p1", placeName: "Seoul", coordinate: .init(latitude: 37.5, longitude: 127.0),
            savedAt: Date(timeIntervalSince1970: 1_700_000_000.25), note: nil)
        let favorite = store.collection("favorites").document("u1").collection("favorites").document("p1")
        try favorite.setData(from: place)
        #expect(try favorite.getDocument().data(as: Place.self) == place)

        let batch: WriteBatch = store.batch()
        batch.setData(["likedAt": .serverTimestamp], forDocument: like)
        batch.updateData(["likes": .increment(1)], forDocument: tweet)
        try batch.setData(from: place, forDocument: store.document("favorites/u1/favorites/p2"))
        batch.setProtected("credentials/a@example.com", Data([1, 2, 3]))
        try batch.commit()
        #expect(try store.protectedRecord("credentials/a@example.com") == Data([1, 2, 3]))
        try store.setProtectedRecord("k", Data([9]))
        try store.deleteProtectedRecord("k")
        #expect(try store.protectedRecord("k") == nil)

        let likes: Int64 = try store.runTransaction { tx in
            let current = try tx.get(tweet).get("likes")?.intValue ?? 0
            try tx.updateData(["likes": .int(current + 1)], forDocument: tweet)
            try tx.setData(["x": 1], forDocument: store.document("misc/a"))
            try tx.deleteDocument(store.document("misc/a"))
            try tx.setProtected("t", Data([7]))
            #expect(try tx.protectedRecord("t") == Data([7]))
            try tx.deleteProtected("t")
            return current + 1
        }
        #expect(likes == 3)

        let page: QuerySnapshot =
            try tweets
            .whereField("uid", isEqualTo: "u1")
            .whereField(FieldPath.documentID, in: ["t1", "t9"])
            .order(by: "timestamp", descending: true)
            .limit(to: 10)
            .getDocuments()
        #expect(page.documents.map(\.id) == ["t1"] && page.count == 1 && !page.isEmpty)
        #expect(page.documentChanges.map(\.kind) == [.added])
        let next = try tweets.order(by: "timestamp", descending: true).start(afterDocument: page.documents[0])
            .getDocuments()
        #expect(next.documents.map(\.id) == [generated.documentID])
        #expect(
            try tweets.order(by: "likes").start(after: [2]).getDocuments().documents.map(\.id)
                == [tweet.documentID, generated.documentID].sorted())
        #expect(try tweets.count() == 2)
        #expect(try tweets.whereField("likes", in: [3]).count() == 2)

        let documentEvents = EventLog<DocumentSnapshot>()
        let queryEvents = EventLog<QuerySnapshot>()
        let documentListener: ListenerRegistration = try tweet.addSnapshotListener { documentEvents.record($0) }
        let queryListener = try tweets.order(by: "likes").addSnapshotListener { queryEvents.record($0) }
        #expect(documentEvents.isEmpty && queryEvents.isEmpty)  // queued, not yet drained
        #expect(queue.drain() == 2)
        #expect(documentEvents.take().count == 1 && queryEvents.take().count == 1)
        #expect(try store.pollExternalChanges() == false)
        try tweet.delete()
        queue.drain()
        #expect(documentEvents.take().map(\.exists) == [false])
        #expect(queryEvents.take().flatMap(\.documentChanges).map(\.kind) == [.removed])
        documentListener.remove()
        queryListener.remove()
        #expect(try store.integrityProblems().isEmpty)
        #expect(store.location == location.location)
        try generated.delete()
        #expect(queue.drain() == 0)
        #expect(documentEvents.isEmpty && queryEvents.isEmpty)  // no further events
    }
}
