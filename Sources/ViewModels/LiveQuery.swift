import Foundation
import Localization

/// A view model's live list from the store. A read that fails later (a lost connection, a
/// document that cannot be decoded) is shown in a toast while the last result stays on
/// screen (the store reads again on the next change); when subscribing itself fails, the
/// toast says so and the subscription is tried again on the event queue's timer, after
/// 1 s doubling to 30 s, instead of leaving an empty list.
final class LiveQuery {
    typealias Subscribe = (_ onError: @escaping (Error) -> Void) throws -> Cancellable

    private let timer: TimerID
    private let list: () -> String
    private let events: EventQueue
    private let onToast: (Toast) -> Void
    private var subscribe: Subscribe?
    private var subscription: Cancellable?
    private var retryDelay: TimeInterval = 1

    /// `name` tells this query's retry timer from others; `list` names the list in toasts.
    init(name: String, list: @escaping () -> String, events: EventQueue, onToast: @escaping (Toast) -> Void) {
        timer = .named("retry." + name)
        self.list = list
        self.events = events
        self.onToast = onToast
    }

    /// Starts (or restarts) the query.
    func start(_ subscribe: @escaping Subscribe) {
        cancel()
        self.subscribe = subscribe
        retryDelay = 1
        attempt()
    }

    func cancel() {
        subscription?.cancel()
        subscription = nil
        subscribe = nil
        events.cancelTimer(timer)
    }

    var isSubscribed: Bool { subscription != nil }

    private func attempt() {
        guard let subscribe else { return }
        do {
            subscription = try subscribe { [weak self] error in self?.readFailed(error) }
            retryDelay = 1
        } catch {
            onToast(Toast(tr(.toastCouldNotLoadRetrying, ["list": list(), "reason": ErrorText.describe(error)]), kind: .error))
            events.schedule(timer, after: retryDelay) { [weak self] in self?.attempt() }
            retryDelay = min(30, retryDelay * 2)
        }
    }

    private func readFailed(_ error: Error) {
        onToast(Toast(tr(.toastCouldNotLoad, ["list": list(), "reason": ErrorText.describe(error)]), kind: .error))
    }
}
