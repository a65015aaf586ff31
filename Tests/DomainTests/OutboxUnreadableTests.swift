import DocStore
import Foundation
import Testing

@testable import Domain

/// An outbox entry this Tern cannot read (issue 26): it is taken out with its reason, so it
/// neither jams the outbox silently nor lets a later write overtake the ones before it.
@Suite struct OutboxUnreadableTests {
    let fixture = ServiceFixture()

    @Test func anUnreadableEntryIsDroppedWithItsReasonAndTheNextStaysFirst() throws {
        let replica = try LocalReplica.open(paths: fixture.paths, server: "postgres://db.example/tern", uid: "u1")
        try replica.store.document("outbox/000000000001").setData([
            "sequence": 1, "write": "{\"kind\": \"from a newer Tern\"}",
        ])
        try replica.store.document("outbox/000000000002").setData(["sequence": 2])
        _ = try replica.enqueue(.like(postID: "p1"))
        #expect(try replica.entries().isEmpty)  // the reading stops at the first, as it must
        #expect(try replica.pendingCount() == 3)

        let first = try #require(try replica.dropFirstUnreadable())
        #expect(first.sequence == 1 && first.reason.contains("cannot read"))
        let second = try #require(try replica.dropFirstUnreadable())
        #expect(second.sequence == 2)
        #expect(try replica.dropFirstUnreadable() == nil)
        #expect(try replica.entries().map(\.write) == [.like(postID: "p1")])
        #expect(try replica.entries().first?.sequence == 3)
    }
}
