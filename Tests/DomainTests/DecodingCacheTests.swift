import DocStore
import Foundation
import Testing

@testable import Domain

/// A live list decodes again only the documents that changed since its last delivery, and
/// shows every change: a document edited between two deliveries comes out as it is now.
struct DecodingCacheTests {
    @Test func onlyChangedDocumentsAreDecodedAgain() throws {
        let fixture = ServiceFixture()
        let services = try fixture.open()
        let items = services.store.collection("items")
        for id in ["a", "b", "c"] { try items.document(id).setData(["name": .string(id)]) }
        let cache = DecodingCache<String>()
        var decoded: [String] = []
        func deliver() throws -> [String] {
            cache.decode(try items.order(by: "name").getDocuments().documents) { document in
                decoded.append(document.documentID)
                return document.get("name")?.stringValue ?? ""
            }.values
        }
        #expect(try deliver() == ["a", "b", "c"])
        #expect(decoded == ["a", "b", "c"])
        try items.document("b").setData(["name": .string("b2")])
        #expect(try deliver() == ["a", "b2", "c"])
        #expect(decoded == ["a", "b", "c", "b"], "only the edited document is decoded again")
        try items.document("a").delete()
        #expect(try deliver() == ["b2", "c"])
        #expect(decoded.count == 4)
    }
}
