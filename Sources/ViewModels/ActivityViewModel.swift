import Domain
import Foundation
import Localization
import PlainText
import TerminalUI

/// Where the Activity tab reads the signed-in account's notifications.
public protocol ActivityPort: AnyObject {
    /// Calls `onChange` with the newest `limit` notifications of `uid`, newest first, now and
    /// after every change (this process, another on the data directory, or the team server).
    func observeNotifications(
        uid: String, limit: Int, _ onChange: @escaping ([ActivityNotification]) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable
}

/// What the Activity tab shows: the notifications grouped as a person reads them, and how
/// many are unread (the tab's label).
public struct ActivityState: Equatable, Sendable {
    public var isSignedIn = false
    /// Newest first (`NotificationGroup.grouped`).
    public var groups: [NotificationGroup] = []
    /// Notifications (not groups) not read yet.
    public var unread = 0
    public var list = ListState()
    /// False until the first snapshot arrived.
    public var hasLoaded = false

    public var selectedGroup: NotificationGroup? {
        groups.indices.contains(list.selected) ? groups[list.selected] : nil
    }
}

/// Activity: the live list of the signed-in account's newest notifications; opening the tab
/// (and any that arrive while it is open) marks them read through the one write path.
public final class ActivityViewModel: ScreenModel {
    /// How many of the newest notifications the tab holds.
    public static let limit = 200

    public private(set) var state = ActivityState()
    public var onChange: (ActivityState) -> Void = { _ in }
    public var onToast: (Toast) -> Void = { _ in }
    public var rowsInView = 10

    let port: ActivityPort?
    let feed: FeedPort
    let writes: StoreWrites
    private let events: EventQueue
    private lazy var query = LiveQuery(
        name: "activity", list: { tr(.tabActivity) }, events: events, reads: writes.reads,
        onToast: { [weak self] in self?.onToast($0) })
    private(set) var uid: String?
    /// Whether the tab is on screen: what arrives meanwhile is read as it comes.
    public private(set) var isShown = false
    private var isMarking = false

    public init(
        activity: ActivityPort?, feed: FeedPort, events: EventQueue = EventQueue(), writes: StoreWrites = .immediate()
    ) {
        self.port = activity
        self.feed = feed
        self.events = events
        self.writes = writes
    }

    /// The tab's label: `Activity`, or `Activity 3` with three unread.
    public var tabTitle: String {
        state.unread > 0 ? tr(.tabActivity) + " " + Formats.number(state.unread) : tr(.tabActivity)
    }

    public func setUser(_ uid: String?) {
        guard uid != self.uid || (uid != nil && !query.isSubscribed) else { return }
        query.cancel()
        self.uid = uid
        state = ActivityState(isSignedIn: uid != nil)
        if let uid, let port {
            query.start { live in
                try port.observeNotifications(
                    uid: uid, limit: Self.limit, live.deliver { [weak self] in self?.changed($0) },
                    onError: live.onError)
            }
        }
        publish()
    }

    public func stop() { query.cancel() }

    /// The store moved to the team server's connection: read there again.
    public func resumeReads() { query.restart() }

    func changed(_ notifications: [ActivityNotification]) {
        let selected = state.selectedGroup?.id
        state.groups = NotificationGroup.grouped(notifications)
        state.unread = notifications.filter { !$0.read }.count
        state.hasLoaded = true
        if let selected, let index = state.groups.firstIndex(where: { $0.id == selected }) {
            state.list.selected = index
        }
        state.list = clamped(state.list, count: state.groups.count)
        if isShown { markRead() }
        publish()
    }

    /// The tab was opened (`true`) or left: opening it marks what it shows read.
    public func setShown(_ shown: Bool) {
        guard shown != isShown else { return }
        isShown = shown
        if shown { markRead() }
    }

    /// Marks every notification read (one write at a time; the list shows it when the store does).
    public func markRead() {
        guard let uid, state.unread > 0, !isMarking else { return }
        isMarking = true
        writes.send(
            { [feed] in try feed.write(.readNotifications, uid: uid) },
            then: { [weak self] result in
                self?.isMarking = false
                if case .failure(let error) = result {
                    self?.onToast(
                        Toast(
                            tr(
                                .toastCouldNotLoad,
                                [
                                    "list": tr(.tabActivity),
                                    "reason": ErrorText.describe(error),
                                ]), kind: .error))
                }
            })
    }

    private func publish() { onChange(state) }

    // MARK: ScreenModel

    public var list: ListState { state.list }
    public var listCount: Int { state.groups.count }

    public func storeList(_ list: ListState, publish: Bool) {
        state.list = clamped(list, count: state.groups.count)
        if publish { self.publish() }
    }

    public func pageItems(rows: Int) -> Int { max(1, rows / 2) }
    public func click(_ index: Int) { select(index) }
    public var isEditingText: Bool { false }
    public func edit(_ edit: TextEditor.Edit) {}
    public func submit() {}
    public func cancel() {}
}
