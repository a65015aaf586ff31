import Domain
import Foundation
import Localization

/// A view model's live list from the store. A read that fails later (a lost connection, a
/// document that cannot be decoded) is shown in a toast while the last result stays on
/// screen (the store reads again on the next change); when subscribing itself fails, the
/// toast says so and the subscription is tried again on the event queue's timer, waiting
/// twice as long after each failure up to a cap, instead of leaving an empty list.
///
/// Subscribing reads the store (the first snapshot), so it goes through `StoreReads`: on a
/// team server it runs on a worker and the loop keeps answering keys. One start is in
/// flight at a time; a start asked for meanwhile (`v` pressed twice) runs when it lands,
/// and a subscription that arrives after its query was restarted or cancelled is closed.
final class LiveQuery {
    typealias Subscribe = (_ live: LiveCallbacks) throws -> Cancellable

    private let timer: TimerID
    private let lane: WorkLane
    private let list: () -> String
    private let events: EventQueue
    private let reads: StoreReads
    private let onToast: (Toast) -> Void
    private var subscribe: Subscribe?
    private var subscription: Cancellable?
    private var retryDelay: TimeInterval = 1
    /// Counts starts and cancellations: a subscription started for an older one is closed.
    private var generation = 0
    /// True while a subscription is being started on a worker.
    private(set) var isStarting = false

    /// `name` tells this query's retry timer and lane from others; `list` names the list in toasts.
    init(
        name: String, list: @escaping () -> String, events: EventQueue, reads: StoreReads,
        onToast: @escaping (Toast) -> Void
    ) {
        timer = .named("retry." + name)
        lane = WorkLane("subscribe." + name, policy: .inOrder)
        self.list = list
        self.events = events
        self.reads = reads
        self.onToast = onToast
    }

    /// Starts (or restarts) the query.
    func start(_ subscribe: @escaping Subscribe) {
        cancel()
        self.subscribe = subscribe
        retryDelay = 1
        attempt()
    }

    /// Subscribes again with the same closure (the store moved to the team server's
    /// connection): what the view model shows stays until the new first snapshot replaces it.
    func restart() {
        guard let subscribe else { return }
        start(subscribe)
    }

    func cancel() {
        generation += 1
        subscription?.cancel()
        subscription = nil
        subscribe = nil
        events.cancelTimer(timer)
    }

    /// Subscribed, or on the way to it.
    var isSubscribed: Bool { subscription != nil || (isStarting && subscribe != nil) }

    private func attempt() {
        // The start in flight runs the newest `subscribe` when it lands.
        guard let subscribe, !isStarting else { return }
        isStarting = true
        let generation = self.generation
        let isCurrent: () -> Bool = { [weak self] in self?.generation == generation }
        let live = LiveCallbacks(
            isCurrent: isCurrent,
            onError: { [weak self] error in
                if isCurrent() { self?.readFailed(error) }
            })
        reads.read(
            lane, { try subscribe(live) },
            then: { [weak self] result in
                guard let self else {
                    if case .success(let subscription) = result { subscription.cancel() }
                    return
                }
                self.started(result, generation: generation)
            })
    }

    private func started(_ result: Result<Cancellable, Error>, generation: Int) {
        isStarting = false
        guard generation == self.generation else {
            if case .success(let stale) = result { stale.cancel() }
            attempt()
            return
        }
        switch result {
        case .success(let subscription):
            self.subscription = subscription
            retryDelay = 1
        case .failure(let error):
            onToast(
                Toast(
                    tr(.toastCouldNotLoadRetrying, ["list": list(), "reason": ErrorText.describe(error)]), kind: .error)
            )
            events.schedule(timer, after: retryDelay) { [weak self] in self?.attempt() }
            retryDelay = min(30, retryDelay * 2)
        }
    }

    private func readFailed(_ error: Error) {
        if let notice = error as? LeftOutDocuments {
            onToast(Toast(notice.description, kind: .info))
            return
        }
        onToast(Toast(tr(.toastCouldNotLoad, ["list": list(), "reason": ErrorText.describe(error)]), kind: .error))
    }
}

/// What a subscription hands the store: its error path, and `deliver`, which wraps a
/// snapshot callback so that it is dropped once the query was restarted or cancelled (a
/// subscription started on a worker may deliver its first snapshot before the loop learns
/// it is no longer wanted).
struct LiveCallbacks {
    /// Checked on the loop's thread, where callbacks run.
    let isCurrent: () -> Bool
    let onError: (Error) -> Void

    func deliver<Value>(_ onChange: @escaping (Value) -> Void) -> (Value) -> Void {
        { [isCurrent] value in if isCurrent() { onChange(value) } }
    }
}
