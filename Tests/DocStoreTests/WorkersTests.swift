import Foundation
import Testing
import Workers

/// The worker lanes: jobs of one lane run one at a time in the order given, a keyed job
/// replaces that key's job still waiting, a job due later waits for its time, and the
/// process never runs more lane threads than there are lanes.
@Suite struct WorkersTests {
    /// Runs `body` on `lane` behind a job that waits until the returned gate opens.
    private func blocked(_ lane: Lane) -> DispatchSemaphore {
        let gate = DispatchSemaphore(value: 0)
        Workers.shared.run(lane) { gate.wait() }
        return gate
    }

    @Test func aLaneRunsItsJobsOneAtATimeInOrder() {
        let log = EventLog<Int>()
        let done = DispatchSemaphore(value: 0)
        let gate = blocked(.compute)
        for index in 0..<5 { Workers.shared.run(.compute) { log.record(index) } }
        Workers.shared.run(.compute) { done.signal() }
        gate.signal()
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(log.take() == [0, 1, 2, 3, 4])
    }

    @Test func aKeyedJobReplacesTheOneStillWaiting() {
        final class Owner: Sendable {}
        let owner = Owner()
        let log = EventLog<String>()
        let done = DispatchSemaphore(value: 0)
        let gate = blocked(.network)
        for name in ["first", "second", "newest"] {
            Workers.shared.run(.network, key: WorkKey(owner)) { log.record(name) }
        }
        Workers.shared.run(.network) { done.signal() }
        gate.signal()
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(log.take() == ["newest"])
    }

    @Test func aJobDueLaterLetsTheLanesOtherJobsGoFirst() {
        let log = EventLog<String>()
        let done = DispatchSemaphore(value: 0)
        Workers.shared.run(.reads, after: 0.3) {
            log.record("later")
            done.signal()
        }
        Workers.shared.run(.reads) { log.record("now") }
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(log.take() == ["now", "later"])
    }

    @Test func theProcessRunsAtMostOneThreadPerLane() {
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<50 {
            for lane in Lane.all { Workers.shared.run(lane) {} }
        }
        Workers.shared.run(.passes) { done.signal() }
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(Workers.shared.startedThreads <= Lane.all.count)
    }
}
