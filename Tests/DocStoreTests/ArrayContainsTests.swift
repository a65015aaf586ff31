import Foundation
import Testing

@testable import DocStore

/// Array-contains filters, counts grouped by a field and the listeners on them, as a
/// folder of favorites is read a window at a time, on both backends.
struct ArrayContainsTests {
    @Test(arguments: StoreFixture.all)
    func arrayContainsMatchesWholeTopLevelElementsOnly(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        let items = store.collection("items")
        let rows: [String: [String: WriteValue]] = [
            "plain": ["tags": .array([.string("a"), .string("b")])],
            "last": ["tags": .array([.string("x"), .string("b")])],
            "prefix": ["tags": .array([.string("bb"), .string("ab")])],
            "nested": ["tags": .array([.array([.string("b")])])],
            "scalar": ["tags": .string("b")],
            "quoted": ["tags": .array([.string("x\",\"b"), .string("한 \"b\"")])],
            "numbers": ["tags": .array([.int(2), .double(3.5), .bool(true)])],
            "missing": ["other": .array([.string("b")])],
        ]
        for (id, fields) in rows { try items.document(id).setData(fields) }
        func ids(_ value: FieldValue) throws -> [String] {
            try items.whereField("tags", arrayContains: value).getDocuments().documents.map(\.id).sorted()
        }
        #expect(try ids(.string("b")) == ["last", "plain"])
        #expect(try ids(.string("x\",\"b")) == ["quoted"])
        #expect(try ids(.string("한 \"b\"")) == ["quoted"])
        #expect(try ids(.int(2)) == ["numbers"])
        #expect(try ids(.double(2)) == ["numbers"], "numbers compare as numbers")
        #expect(try ids(.double(3.5)) == ["numbers"])
        #expect(try ids(.bool(true)) == ["numbers"])
        #expect(try ids(.int(1)).isEmpty, "true is not 1")
        #expect(try ids(.string("c")).isEmpty)
        #expect(throws: StoreError.self) { try items.whereField("tags", arrayContains: .null).getDocuments() }
    }

    /// Thirty places saved a second apart, ties in pairs; every third also in folder `f2`.
    func seededFavorites(_ store: DocumentStore) throws -> CollectionReference {
        let favorites = store.collection("favorites/u1/favorites")
        let batch = store.batch()
        for i in 0..<30 {
            let folders: [FieldValue] = i % 3 == 0 ? [.string("default"), .string("f2")] : [.string("default")]
            batch.setData(
                ["savedAt": .timestamp(Date(timeIntervalSince1970: Double(1000 + i / 2))), "folders": .array(folders)],
                forDocument: favorites.document(String(format: "p%02d", i)))
        }
        batch.setData(
            ["savedAt": .timestamp(Date(timeIntervalSince1970: 5000)), "folders": .array([.string("f3")])],
            forDocument: favorites.document("other"))
        try batch.commit()
        return favorites
    }

    @Test(arguments: StoreFixture.all)
    func aFolderIsWalkedByCursorAndCountedWithoutReadingIt(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let favorites = try seededFavorites(try place.open())
        let newestFirst = favorites.whereField("folders", arrayContains: "f2").order(by: "savedAt", descending: true)
        var seen: [DocumentSnapshot] = []
        var page = try newestFirst.limit(to: 4).getDocuments().documents
        while !page.isEmpty {
            seen += page
            let last = page.last!
            page = try newestFirst.start(after: [last.get("savedAt")!], documentID: last.id).limit(to: 4).getDocuments()
                .documents
        }
        let expected = stride(from: 27, through: 0, by: -3).map { String(format: "p%02d", $0) }
        #expect(seen.map(\.id) == expected)

        let groups = try favorites.counts(by: "folders")
        #expect(
            groups == [
                .array([.string("default"), .string("f2")]): 10, .array([.string("default")]): 20,
                .array([.string("f3")]): 1,
            ])
        // Counted from a cursor: the favorites newer than p12, whatever their folders.
        let p12 = try favorites.document("p12").getDocument()
        let newer = try favorites.order(by: "savedAt").start(after: [p12.get("savedAt")!], documentID: "p12").counts(
            by: "folders")
        #expect(newer[.array([.string("default"), .string("f2")])] == 5, "p15 … p27")
        #expect(newer[.array([.string("default")])] == 12)
        #expect(newer[.array([.string("f3")])] == 1)
        #expect(
            try favorites.whereField("folders", arrayContains: "f2").counts(by: "folders").values.reduce(0, +) == 10)
    }

    @Test(arguments: StoreFixture.all)
    func countsAndComputedListenersFollowWrites(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        let favorites = try seededFavorites(store)
        var counts: [[FieldValue: Int]] = []
        let countsListener = try favorites.addCountsListener(by: "folders") { counts.append($0) }
        defer { countsListener.remove() }
        var computed: [Int] = []
        let computedListener = try favorites.addComputedListener(
            { try favorites.whereField("folders", arrayContains: "f3").count() },
            { computed.append($0) })
        defer { computedListener.remove() }
        #expect(counts.count == 1 && computed == [1])

        try favorites.document("p01").updateData(["folders": .array([.string("f3")])])
        #expect(counts.last?[.array([.string("default")])] == 19)
        #expect(counts.last?[.array([.string("f3")])] == 2)
        #expect(computed == [1, 2])
        // A write that changes neither: no call.
        try favorites.document("p02").updateData(["memo": "hello"])
        #expect(counts.count == 2 && computed == [1, 2])
    }

    @Test func folderCountsAndPagesReadAnIndexOnSQLite() throws {
        let place = try StoreFixture.sqlite.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        let favorites = try seededFavorites(store)
        let backend = try #require(store.backend as? SQLiteBackend)
        // The folders of every favorite grouped in the order of an index over them: no document read, no sort.
        let countsPlan = try backend.countsQueryPlan(for: favorites.spec.get(), by: "folders").joined(separator: " | ")
        #expect(
            countsPlan.contains("USING INDEX documents_by_") && !countsPlan.contains("TEMP B-TREE"), "\(countsPlan)")
        let page = favorites.whereField("folders", arrayContains: "f2").order(by: "savedAt", descending: true).limit(
            to: 4)
        let plan = try backend.queryPlan(for: page.spec.get()).joined(separator: " | ")
        #expect(plan.contains("USING INDEX documents_by_") && !plan.contains("TEMP B-TREE"), "\(plan)")
    }
}
