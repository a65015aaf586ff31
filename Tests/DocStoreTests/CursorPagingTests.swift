import Foundation
import Testing

@testable import DocStore

/// Paging a long list both ways with value cursors (order value + id) and counting what
/// lies before a row, as the interface's lists do, on both backends.
struct CursorPagingTests {
    /// Forty posts p00…p39 whose timestamps tie in fours, inserted in a shuffled order.
    func seededStore(_ place: StorePlace) throws -> DocumentStore {
        let store = try place.open()
        let batch = store.batch()
        for i in (0..<40).shuffled() {
            batch.setData(
                ["timestamp": .timestamp(Date(timeIntervalSince1970: Double(i / 4))), "caption": .string("post \(i)")],
                forDocument: store.document(String(format: "tweets/p%02d", i)))
        }
        try batch.commit()
        return store
    }

    func cursor(_ document: DocumentSnapshot) -> (values: [FieldValue], id: String) {
        ([document.get("timestamp")!], document.id)
    }

    @Test(arguments: StoreFixture.all)
    func valueCursorsWalkDownAndBackUpVisitingEveryRowOnce(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let tweets = try seededStore(place).collection("tweets")
        let newestFirst = tweets.order(by: "timestamp", descending: true)
        var seen: [DocumentSnapshot] = []
        var page = try newestFirst.limit(to: 7).getDocuments().documents
        while !page.isEmpty {
            seen += page
            let (values, id) = cursor(page.last!)
            page = try newestFirst.start(after: values, documentID: id).limit(to: 7).getDocuments().documents
        }
        let expected = (0..<40).reversed().map { String(format: "p%02d", $0) }
        #expect(seen.map(\.id) == expected, "ties are ordered by id and none is skipped or repeated")

        // From row 25, the rows before it nearest first, and how many there are.
        let (values, id) = cursor(seen[25])
        let oldestFirst = tweets.order(by: "timestamp")
        let earlier = try oldestFirst.start(after: values, documentID: id).limit(to: 6).getDocuments().documents
        #expect(earlier.map(\.id) == Array(expected[19..<25].reversed()))
        #expect(try oldestFirst.start(after: values, documentID: id).count() == 25)
        // The last rows, last first: where `G` starts reading.
        #expect(try oldestFirst.limit(to: 3).getDocuments().documents.map(\.id) == ["p00", "p01", "p02"])
    }

    @Test(arguments: StoreFixture.all)
    func aCursorOnADeletedRowStillKeepsItsPlace(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try seededStore(place)
        let tweets = store.collection("tweets")
        let anchor = try store.document("tweets/p21").getDocument()
        let (values, id) = cursor(anchor)
        try store.document("tweets/p21").delete()
        let after = tweets.order(by: "timestamp", descending: true).start(after: values, documentID: id).limit(to: 3)
        #expect(try after.getDocuments().documents.map(\.id) == ["p20", "p19", "p18"])
    }
}
