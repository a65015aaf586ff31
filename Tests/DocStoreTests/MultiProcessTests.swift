import DocStore
import Foundation
import Testing

@Suite(.serialized)
struct MultiProcessTests {
    @Test(arguments: StoreFixture.all)
    func eightProcessesIncrementingInTransactionsLoseNoUpdate(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let file = place.location
        try DocumentStore.open(location: file, executor: .immediate).close()
        let probes = try (0..<8).map { _ in try ProbeProcess.start(["count", file, "500"]) }
        let results = probes.map { $0.finish() }
        for result in results {
            #expect(result.status == 0)
            #expect(result.errors.isEmpty)
        }
        let store = try DocumentStore.open(location: file, executor: .immediate)
        defer { store.close() }
        #expect(try store.document("counters/main").getDocument().get("count") == 4000)
        #expect(try store.collection("counters/main/rows").count() == 4000)
        #expect(try store.integrityProblems().isEmpty)
    }

    @Test(arguments: StoreFixture.all)
    func killedWritersLoseNothingTheyReportedCommitted(_ fixture: StoreFixture) throws {
        let place = try fixture.makePlace()
        defer { place.cleanup() }
        let file = place.location
        var reported: [String] = []
        for round in 0..<20 {
            let probe = try ProbeProcess.start(["write-loop", file])
            // The kill comes a varying time after the first commit was reported, so that every
            // round kills a writer that is writing, however loaded the machine is.
            let first = probe.readFirstLine()
            usleep(UInt32((round * 5_000) % 100_000))
            kill(probe.process.processIdentifier, SIGKILL)
            let result = probe.finish()
            #expect(
                result.status == SIGKILL || probe.process.terminationReason == .uncaughtSignal,
                "round \(round): the writer ended by itself: \(result.errors)")
            // A line without its newline was cut by the kill and is not a report.
            let lines = (first + result.output).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            reported += lines.map(String.init)

            let store = try DocumentStore.open(location: file, executor: .immediate)
            #expect(try store.integrityProblems().isEmpty, "round \(round)")
            let stored = Set(try store.collection("notes").getDocuments().documents.map(\.id))
            let missing = reported.filter { !stored.contains($0) }
            #expect(missing.isEmpty, "round \(round): committed but missing \(missing.prefix(5))")
            #expect(
                try store.document("counters/notes").getDocument().get("written")?.intValue ?? 0 == Int64(stored.count),
                "the counter moves with the notes, all or nothing")
            store.close()
        }
        #expect(reported.count >= 20, "every writer committed something before it was killed")
    }
}
