import DocStore
import Foundation
import Testing

struct ListenerTests {
    /// One query snapshot, reduced to what the assertions compare.
    struct Event: Equatable {
        var ids: [String]
        var changes: [String]
    }

    static func event(_ snapshot: QuerySnapshot) -> Event {
        Event(
            ids: snapshot.documents.map(\.id),
            changes: snapshot.documentChanges.map { change in
                "\(change.kind) \(change.document.id) "
                    + "\(change.oldIndex.map(String.init) ?? "-")→\(change.newIndex.map(String.init) ?? "-")"
            })
    }

    @Test(arguments: StoreFixture.all)
    func firstSnapshotArrivesAtOnce(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        try store.document("tweets/a").setData(["likes": 1])
        let documents = EventLog<DocumentSnapshot>()
        let queries = EventLog<Event>()
        let first = try store.document("tweets/a").addSnapshotListener { documents.record($0) }
        let second = try store.document("tweets/none").addSnapshotListener { documents.record($0) }
        let third = try store.collection("tweets").addSnapshotListener { queries.record(Self.event($0)) }
        #expect(documents.take().map(\.exists) == [true, false])
        #expect(queries.take() == [Event(ids: ["a"], changes: ["added a -→0"])])
        for registration in [first, second, third] { registration.remove() }
        try store.document("tweets/a").delete()
        #expect(documents.isEmpty && queries.isEmpty)  // no further events
    }

    @Test(arguments: StoreFixture.all)
    func oneBatchNotifiesEachListenerOnceWithIndexedChanges(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        for (id, likes) in [("a", 1), ("b", 2), ("c", 3)] {
            try store.document("tweets/\(id)").setData(["likes": .int(likes)])
        }
        let queries = EventLog<Event>()
        let documents = EventLog<DocumentSnapshot>()
        let registration = try store.collection("tweets").order(by: "likes").addSnapshotListener {
            queries.record(Self.event($0))
        }
        let documentRegistration = try store.document("tweets/b").addSnapshotListener { documents.record($0) }
        _ = queries.take()
        _ = documents.take()

        let batch = store.batch()
        batch.deleteDocument(store.document("tweets/a"))
        batch.updateData(["likes": .increment(10)], forDocument: store.document("tweets/b"))
        batch.setData(["likes": 0], forDocument: store.document("tweets/d"))
        batch.updateData(["likes": .increment(1)], forDocument: store.document("tweets/b"))
        try batch.commit()

        #expect(
            queries.take() == [
                Event(ids: ["d", "c", "b"], changes: ["removed a 0→-", "added d -→0", "modified b 1→2"])
            ])
        #expect(documents.take().map { $0.get("likes") } == [13])

        try store.document("tweets/c").updateData(["likes": 3])  // same value: result unchanged
        try store.document("other/x").setData(["likes": 1])  // another collection
        #expect(
            queries.isEmpty && documents.isEmpty, "a commit that changes nothing a listener sees does not notify it")

        registration.remove()
        registration.remove()
        documentRegistration.remove()
        try store.document("tweets/e").setData(["likes": 9])
        try store.document("tweets/b").delete()
        #expect(queries.isEmpty && documents.isEmpty)  // no further events
    }

    @Test(arguments: StoreFixture.all)
    func listenersOnTheSameQueryEachHearEveryCommitOnce(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        let logs = (0..<5).map { _ in EventLog<Event>() }
        let query = store.collection("rooms/r1/messages").order(by: "at", descending: true).limit(to: 2)
        let registrations = try logs.map { log in try query.addSnapshotListener { log.record(Self.event($0)) } }
        for log in logs { #expect(log.take() == [Event(ids: [], changes: [])]) }
        try store.collection("rooms/r1/messages").document("m1").setData(["at": 1])
        try store.collection("rooms/r1/messages").document("m2").setData(["at": 2])
        try store.collection("rooms/r1/messages").document("m3").setData(["at": 3])
        for log in logs {
            #expect(
                log.take() == [
                    Event(ids: ["m1"], changes: ["added m1 -→0"]),
                    Event(ids: ["m2", "m1"], changes: ["added m2 -→0"]),
                    Event(ids: ["m3", "m2"], changes: ["removed m1 1→-", "added m3 -→0"]),
                ])
        }
        try store.collection("rooms/r1/messages").document("m0").setData(["at": 0])
        for registration in registrations { registration.remove() }
        try store.collection("rooms/r1/messages").document("m9").setData(["at": 9])
        for log in logs { #expect(log.isEmpty) }  // no further events
    }

    @Test(arguments: StoreFixture.all)
    func removeStopsCallbacksAlreadyQueued(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let queue = CallbackQueue()
        let store = try place.open(executor: .queue(queue))
        let events = EventLog<Event>()
        let registration = try store.collection("tweets").addSnapshotListener { events.record(Self.event($0)) }
        try store.document("tweets/a").setData(["x": 1])
        #expect(queue.count == 2)
        registration.remove()
        registration.remove()
        queue.drain()
        #expect(events.isEmpty)  // no further events
    }

    @Test(arguments: StoreFixture.all, [false, true])
    func aListenerThatWritesBackIsSafe(_ fixture: StoreFixture, queued: Bool) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let queue = CallbackQueue()
        let store = try place.open(executor: queued ? .queue(queue) : .immediate)
        let counter = store.document("counters/main")
        try counter.setData(["count": 0])
        let seen = EventLog<Int64>()
        var depth = 0
        var deepest = 0
        let registration = try counter.addSnapshotListener { snapshot in
            depth += 1
            deepest = max(deepest, depth)
            defer { depth -= 1 }
            let count = snapshot.get("count")?.intValue ?? -1
            seen.record(count)
            if count < 50 { try? counter.updateData(["count": .increment(1)]) }
        }
        queue.drain()
        #expect(seen.take() == Array(0...50))
        #expect(deepest == 1, "a callback's own write is delivered after it returns, not inside it")
        #expect(try counter.getDocument().get("count") == 50)
        registration.remove()
        try counter.updateData(["count": 0])
        queue.drain()
        #expect(seen.isEmpty)  // no further events
    }

    @Test(arguments: StoreFixture.all)
    func changesFromAnotherConnectionArriveOnPoll(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let queue = CallbackQueue()
        let store = try place.open(executor: .queue(queue))
        let other = try place.open()
        let events = EventLog<Event>()
        let documents = EventLog<DocumentSnapshot>()
        let registration = try store.collection("tweets").order(by: "n").addSnapshotListener {
            events.record(Self.event($0))
        }
        let documentRegistration = try store.document("tweets/b").addSnapshotListener { documents.record($0) }
        queue.drain()
        #expect(events.take() == [Event(ids: [], changes: [])])
        _ = documents.take()

        #expect(try store.pollExternalChanges() == false)
        try other.document("tweets/a").setData(["n": 1])
        try other.document("tweets/b").setData(["n": 2])
        queue.drain()
        #expect(events.isEmpty, "nothing arrives before the poll")
        #expect(try place.pollExternal(store) == true)
        queue.drain()
        #expect(events.take() == [Event(ids: ["a", "b"], changes: ["added a -→0", "added b -→1"])])
        #expect(documents.take().map { $0.get("n") } == [2])
        #expect(try store.pollExternalChanges() == false)

        try other.document("unrelated/x").setData(["n": 1])
        #expect(try place.pollExternal(store) == true)
        queue.drain()
        #expect(events.isEmpty && documents.isEmpty, "a listener whose result did not change is not called")

        let probe = try ProbeProcess.start(["set", place.location, "tweets/c", "n", "from-probe"])
        let result = probe.finish()
        #expect(result.status == 0 && result.errors.isEmpty)
        #expect(try place.pollExternal(store) == true)
        queue.drain()
        #expect(events.take() == [Event(ids: ["a", "b", "c"], changes: ["added c -→2"])])
        registration.remove()
        documentRegistration.remove()
        try other.document("tweets/d").setData(["n": 4])
        try place.pollExternal(store)
        queue.drain()
        #expect(events.isEmpty && documents.isEmpty)  // no further events
        other.close()
    }

    @Test(arguments: StoreFixture.all)
    func idlePollingIsCheap(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        var registrations: [ListenerRegistration] = []
        for i in 0..<100 { registrations.append(try store.collection("c\(i)").addSnapshotListener { _ in }) }
        let start = Date()
        for _ in 0..<1000 { try store.pollExternalChanges() }
        let perPoll = Date().timeIntervalSince(start) / 1000
        #expect(perPoll < 0.0005, "an idle poll took \(perPoll * 1000) ms")
        for registration in registrations { registration.remove() }
    }
}

/// Removing a listener while another thread holds the store (a write on its way to a far
/// server) returns at once and stops its callbacks: the interface's thread never waits on it.
struct ListenerRemovalTests {
    @Test(arguments: StoreFixture.all)
    func removingDuringAnotherThreadsTransactionDoesNotWaitAndStopsCallbacks(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        try store.document("tweets/a").setData(["likes": 1])
        let events = EventLog<DocumentSnapshot>()
        let registration = try store.document("tweets/a").addSnapshotListener { events.record($0) }
        #expect(events.take().count == 1)
        let inside = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let committed = DispatchSemaphore(value: 0)
        Thread {
            _ = try? store.runTransaction { transaction in
                try transaction.updateData(["likes": 2], forDocument: store.document("tweets/a"))
                inside.signal()
                release.wait()
            }
            committed.signal()
        }.start()
        inside.wait()
        let removed = DispatchSemaphore(value: 0)
        Thread {
            registration.remove()
            removed.signal()
        }.start()
        #expect(removed.wait(timeout: .now() + 2) == .success, "remove() waited for the transaction")
        release.signal()
        committed.wait()
        #expect(events.isEmpty, "no callback after remove()")
        try store.document("tweets/a").setData(["likes": 3])
        #expect(events.isEmpty)
    }
}
