import DocStore
import Foundation
import Testing

@testable import Domain

/// On a team server a live feed's rows cost store reads (round trips), so they are made off
/// the thread that takes the store's callbacks (the interface's loop); elsewhere at once.
@Suite struct RowMakingTests {
    /// A store whose callbacks wait in `queue` until the test drains it (as the loop does),
    /// holding one post by `u1` and its author.
    func store(_ fixture: ServiceFixture, _ queue: CallbackQueue) throws -> DocumentStore {
        try FileManager.default.createDirectory(atPath: fixture.paths.dataDirectory, withIntermediateDirectories: true)
        let store = try DocumentStore.open(path: fixture.paths.dataDirectory + "/rows.db", executor: .queue(queue))
        try store.document("users/u1").setData(
            from: User(
                id: "u1", email: "ann@example.com", displayName: "Ann", username: "ann",
                createdOn: Date(), isUserOnboarded: true))
        try store.document("tweets/p1").setData([
            "caption": .string("hello"), "timestamp": .timestamp(Date()),
            "uid": .string("u1"), "likes": .int(0),
        ])
        _ = queue.drain()
        return store
    }

    /// Drains `queue` until `done` holds (at most 5 s); returns how many drains it took.
    func drain(_ queue: CallbackQueue, until done: () -> Bool) -> Int {
        var drains = 0
        let deadline = Date().addingTimeInterval(5)
        while !done() && Date() < deadline {
            drains += 1
            _ = queue.drain()
            if !done() { Thread.sleep(forTimeInterval: 0.01) }
        }
        return drains
    }

    @Test(arguments: [true, false])
    func aWindowsRowsAreMadeOffTheDeliveringThreadOnlyOnAServer(onServer: Bool) throws {
        let fixture = ServiceFixture()
        let queue = CallbackQueue()
        let store = try store(fixture, queue)
        defer { store.close() }
        let tweets = TweetService(store: store, onServer: onServer)
        var pages: [FeedPage] = []
        let registration = try tweets.observeWindow(
            .all, after: nil, limit: 10, viewer: nil, onChange: { pages.append($0) })
        defer { registration.remove() }
        _ = queue.drain()  // the first snapshot, taken on this thread
        // On a server the rows are made elsewhere and come back through the executor; on a
        // loaded machine they may already be back by the first drain, so only wait for them.
        if onServer { _ = drain(queue) { !pages.isEmpty } }
        #expect(pages.map { $0.posts.map(\.username) } == [["ann"]])
        // A change arrives the same way, in order.
        try store.document("tweets/p1").updateData(["likes": .int(1)])
        _ = drain(queue) { pages.count == 2 }
        #expect(pages.last?.posts.map(\.likes) == [1])
    }
}
