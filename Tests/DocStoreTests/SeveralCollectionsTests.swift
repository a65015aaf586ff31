import Foundation
import Testing

@testable import DocStore

/// A query over several collections of one shape (a Following page's reposts: each
/// followed account's `user-reposts`), ordered, paged by cursor and listened to, each
/// document naming its own collection, on both backends.
struct SeveralCollectionsTests {
    @Test(arguments: StoreFixture.all)
    func severalCollectionsAreReadAsOneOrderedRange(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        let marks: [(String, String, Double)] = [("a", "p1", 1), ("b", "p2", 3), ("c", "p3", 2), ("a", "p4", 4)]
        for (user, post, at) in marks {
            try store.document("users/\(user)/user-reposts/\(post)").setData([
                "repostedAt": .timestamp(base.addingTimeInterval(at))
            ])
        }
        let query = store.collection("users/a/user-reposts").including(collections: ["users/b/user-reposts"])
            .order(by: "repostedAt", descending: true)
        let documents = try query.getDocuments().documents
        #expect(documents.map(\.documentID) == ["p4", "p2", "p1"], "c's are not asked for")
        #expect(
            documents.map(\.reference.path) == [
                "users/a/user-reposts/p4", "users/b/user-reposts/p2", "users/a/user-reposts/p1",
            ])
        let second = query.start(after: [.timestamp(base.addingTimeInterval(3))], documentID: "p2")
        #expect(try second.getDocuments().documents.map(\.documentID) == ["p1"])
        #expect(try query.count() == 3)
        #expect(
            try query.whereField(FieldPath.documentID, in: [.string("p2")]).getDocuments().documents.map(
                \.reference.path)
                == ["users/b/user-reposts/p2"])

        var seen: [[String]] = []
        let registration = try query.addSnapshotListener { seen.append($0.documents.map(\.documentID)) }
        defer { registration.remove() }
        try store.document("users/b/user-reposts/p5").setData(["repostedAt": .timestamp(base.addingTimeInterval(5))])
        try store.document("users/c/user-reposts/p6").setData(["repostedAt": .timestamp(base.addingTimeInterval(6))])
        #expect(seen.last == ["p5", "p4", "p2", "p1"])
    }

    /// Picked by id (a Following page's reposts of its posts): every asked collection that
    /// holds an id gives its document, and no other collection does.
    @Test(arguments: StoreFixture.all)
    func documentsPickedByIDComeFromTheAskedCollectionsOnly(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        for path in [
            "users/a/user-reposts/p1", "users/b/user-reposts/p1", "users/c/user-reposts/p1",
            "users/b/user-reposts/p2", "users/c/user-reposts/p3", "users/a/user-likes/p3", "tweets/p1",
        ] {
            try store.document(path).setData(["repostedAt": .timestamp(base)])
        }
        let picked = try store.collection("users/a/user-reposts").including(collections: ["users/b/user-reposts"])
            .whereField(FieldPath.documentID, in: [.string("p1"), .string("p3"), .string("p2"), .string("p9")])
            .getDocuments().documents.map(\.reference.path)
        #expect(
            picked.sorted() == ["users/a/user-reposts/p1", "users/b/user-reposts/p1", "users/b/user-reposts/p2"],
            "\(picked)")
    }
}
