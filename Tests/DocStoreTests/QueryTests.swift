import Foundation
import Testing

@testable import DocStore

struct QueryTests {
    /// Ten tweets t0…t9 with `timestamp` = i / 2 (so pairs tie), `uid` alternating.
    func seededStore(_ place: StorePlace) throws -> DocumentStore {
        let store = try place.open()
        let batch = store.batch()
        for i in 0..<10 {
            batch.setData(
                [
                    "timestamp": .timestamp(Date(timeIntervalSince1970: Double(i / 2))),
                    "uid": .string(i % 2 == 0 ? "u1" : "u2"),
                    "likes": .int(Int64(i)), "caption": .string("post \(i)"),
                ],
                forDocument: store.document("tweets/t\(i)"))
        }
        try batch.commit()
        return store
    }

    @Test(arguments: StoreFixture.all)
    func equalityAndInFilters(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let tweets = try seededStore(place).collection("tweets")
        #expect(
            try tweets.whereField("uid", isEqualTo: "u2").getDocuments().documents.map(\.id) == [
                "t1", "t3", "t5", "t7", "t9",
            ])
        #expect(try tweets.whereField("likes", in: [2, 4, 40]).getDocuments().documents.map(\.id) == ["t2", "t4"])
        #expect(try tweets.whereField("likes", in: []).getDocuments().isEmpty)
        #expect(try tweets.whereField("caption", isEqualTo: "post 3").whereField("uid", isEqualTo: "u2").count() == 1)
        #expect(try tweets.whereField("missing", isEqualTo: nil).count() == 0)
        try tweets.document("flag").setData(["likes": true, "uid": nil])
        #expect(
            try tweets.whereField("likes", isEqualTo: 1).getDocuments().documents.map(\.id) == ["t1"], "true is not 1")
        #expect(try tweets.whereField("likes", isEqualTo: true).getDocuments().documents.map(\.id) == ["flag"])
        #expect(try tweets.whereField("uid", isEqualTo: nil).getDocuments().documents.map(\.id) == ["flag"])
        #expect(try tweets.whereField("likes", isEqualTo: 1.0).count() == 1, "numbers compare by value")
        #expect(
            try tweets.whereField("timestamp", isEqualTo: .timestamp(Date(timeIntervalSince1970: 1))).getDocuments()
                .documents.map(\.id) == ["t2", "t3"])
    }

    @Test(arguments: StoreFixture.all)
    func documentIDInFindsWhichOfManyIdsExistInOneQuery(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        let likes = store.collection("users/u1/user-likes")
        for id in ["t3", "t17", "t42"] { try likes.document(id).setData(["likedAt": .serverTimestamp]) }
        try store.document("users/u2/user-likes/t5").setData(["likedAt": .serverTimestamp])
        let asked = (0..<50).map { FieldValue.string("t\($0)") }
        let liked = try likes.whereField(FieldPath.documentID, in: asked).getDocuments()
        #expect(Set(liked.documents.map(\.id)) == ["t3", "t17", "t42"])
        #expect(try likes.whereField(FieldPath.documentID, isEqualTo: "t17").count() == 1)
    }

    @Test(arguments: StoreFixture.all)
    func orderAndLimit(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let tweets = try seededStore(place).collection("tweets")
        #expect(
            try tweets.order(by: "likes", descending: true).limit(to: 3).getDocuments().documents.map(\.id) == [
                "t9", "t8", "t7",
            ])
        #expect(
            try tweets.order(by: "uid").order(by: "likes", descending: true).limit(to: 6).getDocuments().documents.map(
                \.id)
                == ["t8", "t6", "t4", "t2", "t0", "t9"])
        #expect(try tweets.order(by: "caption").limit(to: 0).getDocuments().isEmpty)
        #expect(try tweets.order(by: "likes").limit(to: 4).count() == 4)
        try tweets.document("nolikes").setData(["caption": "x"])
        #expect(try tweets.order(by: "likes").count() == 10, "documents without the order field are left out")
    }

    @Test(arguments: StoreFixture.all)
    func cursorPagingAcrossTiesVisitsEveryDocumentOnce(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let tweets = try seededStore(place).collection("tweets")
        var seen: [String] = []
        var query = tweets.order(by: "timestamp", descending: true).limit(to: 3)
        while true {
            let page = try query.getDocuments()
            seen += page.documents.map(\.id)
            guard let last = page.documents.last else { break }
            query = tweets.order(by: "timestamp", descending: true).limit(to: 3).start(afterDocument: last)
        }
        #expect(seen == ["t9", "t8", "t7", "t6", "t5", "t4", "t3", "t2", "t1", "t0"])
        let afterValue = try tweets.order(by: "timestamp").start(after: [.timestamp(Date(timeIntervalSince1970: 3))])
            .getDocuments()
        #expect(afterValue.documents.map(\.id) == ["t8", "t9"], "a value cursor skips the documents tied on it")
    }

    @Test(arguments: StoreFixture.all)
    func subcollectionsAreIsolated(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        try store.collection("favorites").document("u1").collection("favorites").document("p1").setData(["savedAt": 1])
        try store.collection("favorites").document("u2").collection("favorites").document("p2").setData(["savedAt": 2])
        try store.document("favorites/u1").setData(["owner": true])
        try store.document("favorites/u1/other/p3").setData(["savedAt": 3])
        #expect(
            try store.collection("favorites/u1/favorites").order(by: "savedAt").getDocuments().documents.map(\.id) == [
                "p1"
            ])
        #expect(try store.collection("favorites/u2/favorites").getDocuments().documents.map(\.id) == ["p2"])
        #expect(try store.collection("favorites").getDocuments().documents.map(\.id) == ["u1"])
        #expect(try store.collection("favorites/u1/favorites").count() == 1)
    }

    @Test(arguments: StoreFixture.all)
    func nestedFieldsAndOddNamesCanBeQueried(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        let places = store.collection("places")
        try places.document("a").setData(["coordinate": ["latitude": 2.0], "odd name": "x"])
        try places.document("b").setData(["coordinate": ["latitude": 1.0], "odd name": "y"])
        #expect(try places.order(by: "coordinate.latitude").getDocuments().documents.map(\.id) == ["b", "a"])
        #expect(
            try places.whereField(FieldPath(["odd name"]), isEqualTo: "y").order(by: FieldPath(["odd name"]))
                .getDocuments().documents.map(\.id) == ["b"])
    }

    /// A page of `uid in [...]` in time order is the same whichever way the store reads it:
    /// a set holding much of the collection (walked along the time index), and a set of a
    /// few quiet accounts whose rows lie far down (read through the uid index instead).
    @Test(arguments: StoreFixture.all)
    func inFilterPagesInTimeOrderAreExactForBusyAndQuietSets(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        let batch = store.batch()
        // p0 and p1, the oldest, are the quiet account's; the others are u0…u4's in turn.
        for i in 0..<400 {
            batch.setData(
                [
                    "timestamp": .timestamp(Date(timeIntervalSince1970: Double(i))),
                    "uid": .string(i < 2 ? "quiet" : "u\(i % 5)"),
                ],
                forDocument: store.document(String(format: "tweets/p%03d", i)))
        }
        try batch.commit()
        let tweets = store.collection("tweets")
        func pages(_ set: [String], size: Int) throws -> [String] {
            var ids: [String] = []
            var query = tweets.whereField("uid", in: set.map { FieldValue.string($0) })
                .order(by: "timestamp", descending: true).limit(to: size)
            while true {
                let page = try query.getDocuments().documents
                ids += page.map(\.id)
                guard page.count == size, let last = page.last else { return ids }
                query = query.start(afterDocument: last)
            }
        }
        let busy = (2..<400).reversed().filter { $0 % 5 == 1 || $0 % 5 == 3 }.map { String(format: "p%03d", $0) }
        #expect(try pages(["u1", "u3"], size: 7) == busy)
        #expect(try pages(["quiet", "nobody"], size: 2) == ["p001", "p000"])
        #expect(try pages(["quiet", "u2"], size: 50).suffix(3) == ["p002", "p001", "p000"])
        // The ids alone, in the same order.
        let newest = tweets.order(by: "timestamp", descending: true).limit(to: 3)
        #expect(try newest.documentIDs() == ["p399", "p398", "p397"])
        let busiest = tweets.whereField("uid", in: ["u1", "u3"]).order(by: "timestamp", descending: true).limit(to: 2)
        #expect(try busiest.documentIDs() == ["p398", "p396"])
    }
}

/// Guards that queries are answered by indexes rather than by reading every document.
struct QueryPlanTests {
    func plan(_ query: Query, in store: DocumentStore) throws -> String {
        let backend = try #require(store.backend as? SQLiteBackend)
        return try backend.queryPlan(for: query.spec.get()).joined(separator: " | ")
    }

    @Test func documentsPickedByIDAmongManyCollectionsAreReadOneRangePerID() throws {
        let fixture = StoreFixture.sqlite
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        let collections = (0..<200).map { "users/u\($0)/user-reposts" }
        let picked = store.collection(collections[0]).including(collections: Array(collections.dropFirst()))
            .whereField(FieldPath.documentID, in: (0..<25).map { .string("p\($0)") })
        let pickedPlan = try plan(picked, in: store)
        #expect(pickedPlan.contains("USING INDEX documents_by_id (id=?)"), "\(pickedPlan)")
        // One collection keeps its primary key.
        let one = store.collection(collections[0]).whereField(FieldPath.documentID, in: [.string("p1")])
        #expect(!(try plan(one, in: store)).contains("documents_by_id"))
    }

    @Test func feedAndLikedPagesUseAnIndexAndNoSort() throws {
        let fixture = StoreFixture.sqlite
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        let feed = store.collection("tweets").order(by: "timestamp", descending: true).limit(to: 50)
        let feedPlan = try plan(feed, in: store)
        #expect(feedPlan.contains("USING INDEX documents_by_"), "\(feedPlan)")
        #expect(!feedPlan.contains("TEMP B-TREE"), "\(feedPlan)")
        let liked = store.collection("users/u1/user-likes").order(by: "likedAt", descending: true).limit(to: 50)
        let likedPlan = try plan(liked.start(after: [.timestamp(Date())]), in: store)
        #expect(likedPlan.contains("USING INDEX documents_by_") && !likedPlan.contains("TEMP B-TREE"), "\(likedPlan)")
        let byUser = try plan(
            store.collection("tweets").whereField("uid", isEqualTo: "u1").order(by: "timestamp", descending: true),
            in: store)
        #expect(byUser.contains("USING INDEX documents_by_") && !byUser.contains("TEMP B-TREE"), "\(byUser)")
        try store.document("tweets/t1").setData(["timestamp": .timestamp(Date())])
        let last = try store.document("tweets/t1").getDocument()
        let nextPlan = try plan(feed.start(afterDocument: last), in: store)
        #expect(
            nextPlan.contains("USING INDEX documents_by_") && nextPlan.contains("<expr><?")
                && !nextPlan.contains("TEMP B-TREE"), "\(nextPlan)")
        let which = try plan(
            store.collection("users/u1/user-likes").whereField(FieldPath.documentID, in: ["a", "b"]), in: store)
        #expect(which.contains("sqlite_autoindex_documents_1") || which.contains("PRIMARY KEY"), "\(which)")
    }
}
