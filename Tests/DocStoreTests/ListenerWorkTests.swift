import Foundation
import Testing
import Workers

@testable import DocStore

/// A computed listener on a store whose callbacks go to an event loop (the interface) runs
/// its computation as `ListenerWork`, on a thread of its own: a write on the loop's thread returns while a slow
/// computation is still running, and a burst of writes costs at most one more run.
struct ListenerWorkTests {
    /// A computation that counts its runs and waits at a gate the test opens.
    final class GatedCount: @unchecked Sendable {
        // @unchecked: `runs` and `onWriter` are read and written under `lock`.
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var runs = 0
        private var onWriter = false
        /// The test's thread, which writes.
        private let writer = pthread_self()

        func enter() {
            lock.withLock {
                runs += 1
                if pthread_equal(pthread_self(), writer) != 0 { onWriter = true }
            }
            started.signal()
            gate.wait()
        }

        var runCount: Int { lock.withLock { runs } }
        var ranOnWriter: Bool { lock.withLock { onWriter } }
    }

    /// A new SQLite store whose callbacks wait in `queue`, as the interface's wait for its loop.
    func loopStore() throws -> (StorePlace, DocumentStore, CallbackQueue) {
        let place = try StoreFixture.sqlite.makePlace()
        let queue = CallbackQueue()
        return (place, try place.open(executor: .eventLoop { queue.enqueue($0) }), queue)
    }

    /// Drains `queue` until `done` holds, for at most five seconds.
    func drain(_ queue: CallbackQueue, until done: () -> Bool) {
        let deadline = Date().addingTimeInterval(5)
        while !done() && Date() < deadline {
            queue.drain()
            usleep(1_000)
        }
    }

    @Test(arguments: StoreFixture.all)
    func aSlowComputationNeverHoldsTheWriter(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let queue = CallbackQueue()
        let store = try place.open(executor: .eventLoop { queue.enqueue($0) })
        let items = store.collection("items")
        try items.document("a").setData(["n": .int(1)])
        let gated = GatedCount()
        var delivered: [Int] = []
        let listener = try items.addComputedListener(
            { () -> Int in
                gated.enter()
                return try items.count()
            }, { delivered.append($0) })
        defer { listener.remove() }

        // The first run is under way and waiting at the gate; writes still return at once,
        // on this thread, and five of them queue only one more run.
        #expect(gated.started.wait(timeout: .now() + 5) == .success)
        for id in ["b", "c", "d", "e", "f"] { try items.document(id).setData(["n": .int(2)]) }
        #expect(delivered.isEmpty)
        gated.gate.signal()
        #expect(gated.started.wait(timeout: .now() + 5) == .success)
        gated.gate.signal()
        drain(queue) { delivered.last == 6 }
        #expect(delivered.last == 6)
        #expect(gated.runCount == 2)
        #expect(delivered.count <= 2)
        #expect(!gated.ranOnWriter)
    }

    @Test func theComputationRunsBelowTheScreensPriority() throws {
        let (place, store, queue) = try loopStore()
        defer { place.cleanup() }
        let items = store.collection("items")
        var niceness: [Int32] = []
        let listener = try items.addComputedListener(
            { () -> Int32 in
                errno = 0
                return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            }, { niceness.append($0) })
        defer { listener.remove() }
        drain(queue) { !niceness.isEmpty }
        #expect(niceness.first.map { $0 >= BehindTheScreen.niceness } == true, "\(niceness)")
        #expect(
            getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) < BehindTheScreen.niceness,
            "the writer's thread keeps its priority")
    }

    @Test func aRemovedListenerHearsNothingMore() throws {
        let (place, store, queue) = try loopStore()
        defer { place.cleanup() }
        let items = store.collection("items")
        var delivered: [Int] = []
        let listener = try items.addComputedListener({ try items.count() }, { delivered.append($0) })
        drain(queue) { delivered == [0] }
        #expect(delivered == [0])
        listener.remove()
        try items.document("a").setData(["n": .int(1)])
        usleep(50_000)
        queue.drain()
        #expect(delivered == [0])
    }

    @Test func aFailureIsToldThroughTheExecutor() throws {
        let (place, store, queue) = try loopStore()
        defer { place.cleanup() }
        let items = store.collection("items")
        var failures: [StoreError] = []
        let listener = try items.addComputedListener(
            { () -> Int in throw StoreError.coding("bad") }, { _ in },
            onError: { failures.append($0) })
        defer { listener.remove() }
        drain(queue) { !failures.isEmpty }
        #expect(failures.count == 1)
    }
}
