import Foundation
import Testing

@testable import DocStore

/// A listener whose re-read fails hears why through its error callback, keeps its last
/// result, and delivers again once the data can be read.
struct ListenerErrorTests {
    /// A value nested deeper than any stored document may be read back.
    static func tooDeep() -> FieldValue {
        var value: FieldValue = "bottom"
        for _ in 0..<(StorageJSON.maximumDepth + 8) { value = .array([value]) }
        return value
    }

    @Test(arguments: StoreFixture.all)
    func aFailedReReadReachesOnErrorAndTheListenerRecovers(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        defer { store.close() }
        let seen = EventLog<String>()
        let query = try store.collection("notes").addSnapshotListener(
            { seen.record("snapshot \($0.count)") },
            onError: { seen.record($0.description.contains("nested deeper than") ? "error: too deep" : "error: \($0)") }
        )
        let document = try store.document("notes/n1").addSnapshotListener(
            { seen.record("document \($0.exists)") },
            onError: { _ in seen.record("document error") })
        defer {
            query.remove()
            document.remove()
        }
        #expect(seen.take() == ["snapshot 0", "document false"])

        switch fixture {
        case .sqlite:
            // A document the store cannot read back arrives without fields (it costs only
            // itself, as on a server); a re-read fails when the engine refuses the query.
            try store.document("notes/n1").setData(["v": .value(Self.tooDeep())])
            #expect(seen.take() == ["snapshot 1", "document true"], "the list survives it")
            #expect(try store.document("notes/n1").getDocument().data == [:])
            try SQLiteFixture.execute("ALTER TABLE documents RENAME TO hidden", in: place.location)
            _ = try? store.pollExternalChanges()  // every listener re-reads, and fails
            let heard = seen.take()
            #expect(
                heard.count == 2 && heard.last == "document error" && heard.first?.hasPrefix("error:") == true,
                "\(heard)")
            try SQLiteFixture.execute("ALTER TABLE hidden RENAME TO documents", in: place.location)
        case .postgres:
            // On a server a document that cannot be read arrives without fields (so that it
            // costs only itself); a re-read fails when the server refuses the query.
            let schema = try #require(place.schema)
            try ServerAdmin.execute(
                "ALTER TABLE \(schema).documents RENAME TO hidden", url: try #require(StoreFixture.serverURL))
            try store.switchServerRole(url: place.location)  // every listener re-reads, and fails
            let heard = seen.take()
            #expect(
                heard.count == 2 && heard.last == "document error" && heard.first?.hasPrefix("error:") == true,
                "\(heard)")
            try ServerAdmin.execute(
                "ALTER TABLE \(schema).hidden RENAME TO documents", url: try #require(StoreFixture.serverURL))
        }

        try store.document("notes/n1").setData(["v": "flat"])
        #expect(seen.take() == ["snapshot 1", "document true"], "the same listeners deliver again")
    }
}
