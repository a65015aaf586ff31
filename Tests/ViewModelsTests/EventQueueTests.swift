import Foundation
import Testing
import Workers
import ViewModels

/// The loop's one queue and the background work that posts to it: the rules online search
/// (stale answers dropped, one request in flight per provider, debounce) and server writes
/// (in order, applied on the loop's thread) rely on.
@Suite struct EventQueueTests {
    final class Fixture {
        let clock = ManualClock(Date(timeIntervalSince1970: 1_000_000))
        lazy var events = EventQueue(now: clock.read)
        let held = HeldWorkExecutor()
        lazy var work = BackgroundWork(queue: events, executor: held)
        var applied: [String] = []

        /// Takes every event as the loop would; returns their kinds.
        @discardableResult
        func settle() -> [AppEvent.Kind] {
            var kinds: [AppEvent.Kind] = []
            while let event = events.next() {
                kinds.append(event.kind)
                switch event {
                case .workFinished(let completion): completion.deliver()
                case .timerFired(_, let action): action()
                case .storeChanged(let callback): callback()
                case .catalogLoaded: break
                }
            }
            return kinds
        }

        func search(_ query: String, lane: WorkLane = WorkLane("kakao", policy: .latestOnly)) {
            work.run(lane, { _ in query.uppercased() }, then: { [unowned self] in self.applied.append(try! $0.get()) })
        }
    }

    @Test func postedEventsComeOutInOrderAndWakeTheLoopOnce() {
        let fixture = Fixture()
        var wakes = 0
        fixture.events.onPost = { wakes += 1 }
        var order: [Int] = []
        for index in 0..<3 { fixture.events.post(.storeChanged { order.append(index) }) }
        #expect(wakes == 1, "only an event into an empty queue needs to wake the loop")
        #expect(fixture.settle() == [.storeChanged, .storeChanged, .storeChanged])
        #expect(order == [0, 1, 2])
        fixture.events.post(.catalogLoaded(.success(())))
        #expect(wakes == 2)
    }

    @Test func aLatestOnlyLaneRunsOneRequestAtATimeAndDropsStaleAnswers() {
        let fixture = Fixture()
        let lane = WorkLane("kakao", policy: .latestOnly)
        fixture.search("a")
        fixture.search("ab")
        fixture.search("abc")
        #expect(fixture.held.waiting == 1, "one request in flight; the newest waits, older waiting ones are dropped")
        #expect(fixture.work.isBusy(lane))
        fixture.held.runNext()
        #expect(fixture.settle() == [.workFinished(lane)])
        #expect(fixture.applied.isEmpty, "the answer to 'a' came after 'abc' was asked: stale")
        #expect(fixture.held.waiting == 1, "then the newest request starts")
        fixture.held.runNext()
        fixture.settle()
        #expect(fixture.applied == ["ABC"])
        #expect(!fixture.work.isBusy(lane))
    }

    @Test func anInOrderLaneAppliesEveryAnswerInTheOrderAsked() {
        let fixture = Fixture()
        let writes = WorkLane("writes", policy: .inOrder)
        for text in ["like", "save", "post"] { fixture.search(text, lane: writes) }
        #expect(fixture.held.waiting == 1, "one write at a time")
        while fixture.held.runNext() { fixture.settle() }
        #expect(fixture.applied == ["LIKE", "SAVE", "POST"])
    }

    @Test func cancellingDropsTheAnswerInFlightAndTellsTheWorker() {
        let fixture = Fixture()
        let lane = WorkLane("osm", policy: .latestOnly)
        var sawCancel = false
        fixture.work.run(
            lane, { token in sawCancel = token.isCancelled }, then: { _ in fixture.applied.append("answer") })
        fixture.work.cancel(lane)
        fixture.held.runNext()
        fixture.settle()
        #expect(sawCancel)
        #expect(fixture.applied.isEmpty)
        #expect(!fixture.work.isBusy(lane))
    }

    @Test func errorsArriveAsValues() {
        let fixture = Fixture()
        struct Refused: Error {}
        var failure: Error?
        fixture.work.run(
            .accounts, { _ -> Int in throw Refused() },
            then: { result in
                if case .failure(let error) = result { failure = error }
            })
        fixture.held.runAll()
        fixture.settle()
        #expect(failure is Refused)
    }

    @Test func aTimerScheduledAgainBeforeItFiresIsADebounce() {
        let fixture = Fixture()
        var fired: [String] = []
        let id = TimerID.named("search.kakao")
        fixture.events.schedule(id, after: 0.3) { fired.append("서") }
        fixture.clock.advance(by: 0.2)
        fixture.events.schedule(id, after: 0.3) { fired.append("서울") }
        #expect(fixture.events.millisecondsUntilNextTimer() == 300)
        fixture.clock.advance(by: 0.2)
        #expect(fixture.settle().isEmpty, "not due yet")
        fixture.clock.advance(by: 0.1)
        #expect(fixture.settle() == [.timerFired(id)])
        #expect(fired == ["서울"])
        #expect(fixture.events.millisecondsUntilNextTimer() == nil)
    }

    @Test func answersFromWorkerThreadsWakeTheLoop() {
        let events = EventQueue()
        let woke = DispatchSemaphore(value: 0)
        events.onPost = { woke.signal() }
        let work = BackgroundWork(queue: events, executor: LaneWorkExecutor())
        var answer: String?
        work.run(.accounts, { _ in Thread.isMainThread ? "main" : "worker" }, then: { answer = try? $0.get() })
        #expect(woke.wait(timeout: .now() + 10) == .success)
        while let event = events.next() {
            if case .workFinished(let completion) = event { completion.deliver() }
        }
        #expect(answer == "worker")
    }

    @Test func aLaneBehindTheScreenRunsBelowTheLoopsPriority() {
        let events = EventQueue()
        let woke = DispatchSemaphore(value: 0)
        events.onPost = { woke.signal() }
        let work = BackgroundWork(queue: events, executor: LaneWorkExecutor())
        var niceness: [String: Int32] = [:]
        for lane in [WorkLane("pass", policy: .latestOnly).behindTheScreen, WorkLane("page", policy: .latestOnly)] {
            work.run(
                lane, { _ in getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) },
                then: { niceness[lane.name] = try? $0.get() })
            #expect(woke.wait(timeout: .now() + 10) == .success)
            while let event = events.next() {
                if case .workFinished(let completion) = event { completion.deliver() }
            }
        }
        #expect(niceness["pass"].map { $0 >= BehindTheScreen.niceness } == true, "\(niceness)")
        #expect(niceness["page"].map { $0 < BehindTheScreen.niceness } == true, "\(niceness)")
    }
}
