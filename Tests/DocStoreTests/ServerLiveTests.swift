import Foundation
import Testing

@testable import DocStore

/// Live updates through the server: NOTIFY from the committing transaction, and recovery
/// after the connection is cut.
@Suite(.serialized)
struct ServerLiveTests {
    /// Polls `store` every millisecond until `done()` or `timeout` seconds pass.
    func poll(_ store: DocumentStore, timeout: TimeInterval, until done: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !done() && Date() < deadline {
            try store.pollExternalChanges()
            usleep(1000)
        }
    }

    /// A fresh place with two stores on it: one that listens, one that writes.
    func twoStores(_ fixture: StoreFixture) throws -> (StorePlace, DocumentStore, DocumentStore) {
        let place = try fixture.makePlace()
        return (place, try place.open(), try place.open())
    }

    /// Ends the server process behind `store`'s connection, as a server restart or a long
    /// sleep would, and waits until it is gone; returns the backend and the old process id.
    func cutConnection(of store: DocumentStore) throws -> (PostgresBackend, Int32) {
        let backend = try #require(store.backend as? PostgresBackend)
        let pid = String(backend.serverPID)
        let base = try #require(StoreFixture.serverURL)
        _ = try ServerAdmin.query("SELECT pg_terminate_backend($1)", url: base, [pid])
        var gone = false
        for _ in 0..<200 where !gone {
            gone = try ServerAdmin.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1", url: base, [pid]).isEmpty
            if !gone { usleep(5000) }
        }
        #expect(gone)
        return (backend, Int32(pid) ?? 0)
    }

    /// A listener counting the documents in `tweets`, after its first (empty) snapshot.
    func countTweets(in store: DocumentStore) throws -> (EventLog<Int>, ListenerRegistration) {
        let seen = EventLog<Int>()
        let registration = try store.collection("tweets").addSnapshotListener { seen.record($0.count) }
        #expect(seen.take() == [0])
        return (seen, registration)
    }

    func close(_ place: StorePlace, _ stores: DocumentStore...) {
        for store in stores { store.close() }
        place.cleanup()
    }

    @Test(.requiresPostgres, arguments: [StoreFixture.postgres])
    func aListenerInOneProcessSeesAnotherProcesssCommitWithinASecond(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        defer { store.close() }
        try store.document("tweets/t1").setData(["n": "before"])
        let seen = EventLog<FieldValue?>()
        let registration = try store.document("tweets/t1").addSnapshotListener { seen.record($0.get("n")) }
        #expect(seen.take() == ["before"])

        let result = try ProbeProcess.start(["set", place.location, "tweets/t1", "n", "from-probe"]).finish()
        #expect(result.status == 0 && result.errors.isEmpty, "\(result.errors)")
        let committed = Date()
        try poll(store, timeout: 1) { !seen.isEmpty }
        #expect(seen.take() == ["from-probe"])
        #expect(Date().timeIntervalSince(committed) < 1)
        registration.remove()
    }

    @Test(.requiresPostgres, arguments: [StoreFixture.postgres])
    func aListeningProcessHearsThisProcesssCommitWithinASecond(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let store = try place.open()
        defer { store.close() }
        try store.document("tweets/t1").setData(["n": "before"])
        let probe = try ProbeProcess.start(["listen", place.location, "tweets/t1"])
        // Whatever happens, the listener is gone after five seconds, which ends its output.
        let pid = probe.process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + 5) { kill(pid, SIGKILL) }
        defer { kill(pid, SIGKILL) }
        let output = probe.stdout.fileHandleForReading
        #expect(readLine(output)?.hasSuffix("string(\"before\")") == true, "the first snapshot")
        #expect(readLine(output) == "ready")
        let start = Date().timeIntervalSince1970
        try store.document("tweets/t1").setData(["n": "after"])
        let line = try #require(readLine(output), "the listener printed nothing")
        let parts = line.split(separator: " ", maxSplits: 1)
        let heard = try #require(parts.first.flatMap { Double($0) })
        #expect(parts.last == "string(\"after\")", "\(line)")
        #expect(heard - start < 1, "heard after \(heard - start) s")
    }

    /// Issue 26, point 3: anyone may NOTIFY, and a backlog of 100,000 notifications would be
    /// read whole (by the next poll, or by any statement) and kept in memory. The store reads
    /// at most `notificationLimit` at a time; more waiting makes its connection anew, which
    /// drops the backlog, and its listeners re-read, so a change made after the flood shows
    /// after a bounded amount of reading.
    @Test(.requiresPostgres, arguments: [StoreFixture.postgres])
    func aNotificationFloodCostsABoundedReadAndTheNextChangeStillShows(_ fixture: StoreFixture) throws {
        let (place, store, other) = try twoStores(fixture)
        defer { close(place, store, other) }
        try other.document("tweets/t1").setData(["n": "before"])
        let seen = EventLog<FieldValue?>()
        let registration = try store.document("tweets/t1").addSnapshotListener { seen.record($0.get("n")) }
        defer { registration.remove() }
        #expect(seen.take() == ["before"])
        let backend = try #require(store.backend as? PostgresBackend)
        let channel = "tern_" + (try #require(place.schema))
        _ = try ServerAdmin.query(
            "SELECT count(pg_notify($1, 'tweets/forged' || i)) FROM generate_series(1, 100000) i",
            url: try #require(StoreFixture.serverURL), [channel])
        try other.document("tweets/t1").setData(["n": "after the flood"])
        var polls = 0
        while !seen.take().contains("after the flood") && polls < 2000 {
            try store.pollExternalChanges()
            polls += 1
            usleep(1000)
        }
        #expect(polls < 2000, "the change made after the flood showed")
        #expect(
            backend.notificationsRead <= 4 * PostgresBackend.notificationLimit,
            "read \(backend.notificationsRead) of 100,000 notifications")
    }

    @Test(.requiresPostgres, arguments: [StoreFixture.postgres])
    func afterItsConnectionIsTerminatedAListenerReconnectsAndMissesNothing(_ fixture: StoreFixture) throws {
        let (place, store, other) = try twoStores(fixture)
        defer { close(place, store, other) }
        let seen = EventLog<[String]>()
        let registration = try store.collection("tweets").order(by: "n").addSnapshotListener {
            seen.record($0.documents.map(\.id))
        }
        #expect(seen.take() == [[]])
        try other.document("tweets/a").setData(["n": 1])
        try poll(store, timeout: 1) { !seen.isEmpty }
        #expect(seen.take() == [["a"]])

        let (backend, before) = try cutConnection(of: store)
        // Committed while the listener's connection is gone: its NOTIFY reaches nobody.
        try other.document("tweets/b").setData(["n": 2])
        try poll(store, timeout: 3) { !seen.isEmpty }
        #expect(seen.take() == [["a", "b"]], "the listener re-read after reconnecting")
        #expect(backend.serverPID != before && backend.serverPID != 0)

        try other.document("tweets/c").setData(["n": 3])
        try poll(store, timeout: 1) { !seen.isEmpty }
        #expect(seen.take() == [["a", "b", "c"]], "LISTEN was issued again")
        try poll(store, timeout: 0.1) { false }
        #expect(seen.isEmpty)  // no further events
        registration.remove()
    }

    @Test(.requiresPostgres, arguments: [StoreFixture.postgres])
    func aWriteAfterTheConnectionWasCutReconnectsAndCommits(_ fixture: StoreFixture) throws {
        let (place, store, other) = try twoStores(fixture)
        defer { close(place, store, other) }
        let (seen, registration) = try countTweets(in: other)
        let (backend, before) = try cutConnection(of: store)
        try store.document("tweets/a").setData(["n": 1])
        #expect(backend.serverPID != before)
        #expect(try store.document("tweets/a").getDocument().get("n") == 1)
        try poll(other, timeout: 1) { !seen.isEmpty }
        #expect(seen.take() == [1], "the commit after reconnecting was announced")
        registration.remove()
    }

    @Test(.requiresPostgres, arguments: [StoreFixture.postgres])
    func aRolledBackTransactionAnnouncesNothing(_ fixture: StoreFixture) throws {
        let (place, store, other) = try twoStores(fixture)
        defer { close(place, store, other) }
        let (seen, registration) = try countTweets(in: store)
        struct Abandon: Error {}
        #expect(throws: Abandon.self) {
            try other.runTransaction { tx in
                try tx.setData(["n": 1], forDocument: other.document("tweets/x"))
                throw Abandon()
            }
        }
        let batch = other.batch()
        batch.setData(["n": 1], forDocument: other.document("tweets/y"))
        batch.updateData(["n": 2], forDocument: other.document("tweets/missing"))
        #expect(throws: StoreError.notFound("tweets/missing")) { try batch.commit() }
        var announced = false
        let deadline = Date().addingTimeInterval(0.3)
        while Date() < deadline && !announced {
            announced = try store.pollExternalChanges()
            usleep(1000)
        }
        #expect(!announced, "a rolled-back transaction sent a notification")
        #expect(seen.isEmpty)

        try other.document("tweets/z").setData(["n": 3])
        try poll(store, timeout: 1) { !seen.isEmpty }
        #expect(seen.take() == [1], "a committed one is announced")
        registration.remove()
    }

    @Test(.requiresPostgres, arguments: [StoreFixture.postgres])
    func aLargeBatchIsAnnouncedByCollectionAndEveryListenerConverges(_ fixture: StoreFixture) throws {
        let (place, store, other) = try twoStores(fixture)
        defer { close(place, store, other) }
        let seen = EventLog<Int>()
        let registration = try store.collection("notes").addSnapshotListener { seen.record($0.count) }
        let single = EventLog<FieldValue?>()
        let documentRegistration = try store.document("notes/n0499-" + String(repeating: "x", count: 40))
            .addSnapshotListener { single.record($0.get("n")) }
        _ = seen.take()
        _ = single.take()
        let batch = other.batch()
        for i in 0..<500 {
            batch.setData(
                ["n": .int(i)],
                forDocument: other.document(
                    "notes/n" + String(format: "%04d", i) + "-" + String(repeating: "x", count: 40)))
        }
        try batch.commit()
        try poll(store, timeout: 1) { !seen.isEmpty && !single.isEmpty }
        #expect(seen.take() == [500])
        #expect(single.take() == [499])
        registration.remove()
        documentRegistration.remove()
    }

    @Test func aPayloadStaysUnderEightThousandBytes() throws {
        let few = try Set(["tweets/a", "users/u1/user-likes/a"].map { try ResourcePath($0) })
        #expect(PostgresBackend.payload(for: few) == "tweets/a\nusers/u1/user-likes/a")
        #expect(PostgresBackend.payload(for: []) == nil)
        let many = try Set((0..<1000).map { try ResourcePath("notes/\($0)-" + String(repeating: "x", count: 20)) })
        #expect(PostgresBackend.payload(for: many) == "notes")
        let collections = try Set(
            (0..<1000).map { try ResourcePath("c\($0)-" + String(repeating: "x", count: 20) + "/d") })
        #expect(PostgresBackend.payload(for: collections) == "*")
    }

    @Test func anUnreachableServerIsOneClearLineWithoutThePassword() throws {
        let url = "postgresql://alice:secret@127.0.0.1:1/tern"
        do {
            _ = try DocumentStore.open(location: url, executor: .immediate)
            Issue.record("opened \(url)")
        } catch let error as StoreError {
            let text = error.description
            #expect(text.hasPrefix("postgresql://127.0.0.1:1/tern: cannot open (cannot connect: "), "\(text)")
            #expect(!text.contains("secret") && !text.contains("alice") && !text.contains("\n"), "\(text)")
        }
    }
}

/// Reads one line from a probe's output, byte by byte (nil at its end).
func readLine(_ handle: FileHandle) -> String? {
    var bytes: [UInt8] = []
    while let byte = handle.readData(ofLength: 1).first {
        if byte == 0x0A { return String(decoding: bytes, as: UTF8.self) }
        bytes.append(byte)
    }
    return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
}

/// Issue 26, point 6: an error line from the server names neither the role an account signs
/// in as nor the password file it came from.
@Test func serverErrorLinesShowNoRoleNamesNorPasswordFilePaths() {
    let lines = [
        "connection to server on socket \"/tmp/.s.PGSQL.5432\" failed: FATAL:  password authentication failed for "
            + "user \"tern_k3x9q2ma_0123456789abcdef01234567\"\npassword retrieved from file "
            + "\"/home/mina/.local/state/tern/pgpass\"",
        "FATAL:  too many connections for role \"tern_guest\"",
        "FATAL:  role \"tern_k3x9q2ma_0123456789abcdef01234567\" is not permitted to log in",
        "WARNING: password file \"/home/mina/.local/state/tern/pgpass\" has group or world access",
    ]
    for line in lines {
        let shown = PostgresFailure(message: line, sqlState: "28P01", connectionLost: true).explained
        #expect(!shown.contains("tern_") && !shown.contains("pgpass") && !shown.contains("/home"), "\(shown)")
        #expect(shown.contains("\"…\"") || shown.contains("password file"), "says what kind of name: \(shown)")
    }
}

/// Issue 26, point 6: a server out of connections says so, in words.
@Test func aFullServerSaysItIsFull() {
    for message in ["FATAL:  sorry, too many clients already", "FATAL:  too many connections for role \"tern_x\""] {
        let shown = PostgresFailure(message: message, sqlState: "53300", connectionLost: true).explained
        #expect(shown.contains("the server is full") && !shown.contains("tern_x"), "\(shown)")
    }
}
