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

    /// Up to `limit` of `uid`'s notifications older than `last` (newest first), read once,
    /// and whether none are older.
    func notifications(uid: String, after last: ActivityNotification, limit: Int) throws -> (
        notifications: [ActivityNotification], isEnd: Bool
    )
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

/// Activity: the live list of the signed-in account's newest notifications, and older ones
/// read a page at a time as the selection nears the end; opening the tab (and any that
/// arrive while it is open) marks them read through the one write path. The groups are made
/// from everything held, so a group whose notifications lie on both sides of a page's
/// border is one group.
public final class ActivityViewModel: ScreenModel {
    /// How many of the newest notifications the live list holds, and how many each older
    /// page reads.
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
    /// The live list's newest notifications, and the older pages read after them.
    private var live: [ActivityNotification] = []
    private var older: [ActivityNotification] = []
    /// Whether nothing is older than what is held, and whether a page is being read.
    private var olderIsEnd = true
    private var isReadingOlder = false
    /// Bumped when the account changes, so a page read for the last one is dropped.
    private var generation = 0
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
        writes.reads.cancel(.activityOlder)
        self.uid = uid
        state = ActivityState(isSignedIn: uid != nil)
        (live, older, olderIsEnd, isReadingOlder) = ([], [], true, false)
        generation += 1
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
        // What left the live list's window by age (newer ones arrived) is still held, as
        // the first of the older ones; what left it otherwise (taken back) is gone.
        if notifications.count >= Self.limit, let oldest = notifications.last {
            let fallen = live.filter { Self.isOlder($0, than: oldest) }
            older = fallen + older.filter { old in !fallen.contains { $0.id == old.id } }
        }
        if live.isEmpty && older.isEmpty { olderIsEnd = notifications.count < Self.limit }
        live = notifications
        regroup()
        state.unread = notifications.filter { !$0.read }.count
        state.hasLoaded = true
        if isShown { markRead() }
        readOlderIfNeeded()
        publish()
    }

    /// Whether `a` comes after `b` in the list's order (newest first, then by id).
    private static func isOlder(_ a: ActivityNotification, than b: ActivityNotification) -> Bool {
        a.createdAt != b.createdAt ? a.createdAt < b.createdAt : a.id < b.id
    }

    /// The groups of everything held, keeping the selected group selected.
    private func regroup() {
        let selected = state.selectedGroup?.id
        let liveIDs = Set(live.map(\.id))
        state.groups = NotificationGroup.grouped(live + older.filter { !liveIDs.contains($0.id) })
        if let selected, let index = state.groups.firstIndex(where: { $0.id == selected }) {
            state.list.selected = index
        }
        state.list = clamped(state.list, count: state.groups.count)
    }

    /// Reads the next older page when the selection is within a screen of the last group
    /// and more may be older: one read at a time, off the loop on a team server.
    private func readOlderIfNeeded() {
        guard let uid, let port, !olderIsEnd, !isReadingOlder,
            state.list.selected + max(rowsInView, 1) >= state.groups.count,
            let last = (live + older).min(by: { Self.isOlder($0, than: $1) })
        else { return }
        isReadingOlder = true
        let generation = generation
        writes.reads.read(
            .activityOlder, { try port.notifications(uid: uid, after: last, limit: Self.limit) },
            then: { [weak self] result in
                guard let self, self.generation == generation else { return }
                self.isReadingOlder = false
                switch result {
                case .success(let page):
                    let held = Set((self.live + self.older).map(\.id))
                    let new = page.notifications.filter { !held.contains($0.id) }
                    self.older += new
                    if self.isShown { self.markRead() }
                    // A page with nothing new (all its actors muted or gone) ends the reading.
                    self.olderIsEnd = page.isEnd || new.isEmpty
                    self.regroup()
                    self.publish()
                    self.readOlderIfNeeded()
                case .failure(let error):
                    self.onToast(
                        Toast(
                            tr(.toastCouldNotLoad, ["list": tr(.tabActivity), "reason": ErrorText.describe(error)]),
                            kind: .error))
                }
            })
    }

    /// The tab was opened (`true`) or left: opening it marks what it shows read.
    public func setShown(_ shown: Bool) {
        guard shown != isShown else { return }
        isShown = shown
        if shown { markRead() }
    }

    /// Marks every notification read (one write at a time; the list shows it when the store does).
    public func markRead() {
        guard let uid, state.unread > 0 || older.contains(where: { !$0.read }), !isMarking else { return }
        isMarking = true
        writes.send(
            { [feed] in try feed.write(.readNotifications, uid: uid) },
            then: { [weak self] result in
                self?.isMarking = false
                if case .success = result, let self {
                    // The older pages are read only once: they are read now too.
                    for index in self.older.indices { self.older[index].read = true }
                    self.regroup()
                    self.publish()
                }
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
        readOlderIfNeeded()
        if publish { self.publish() }
    }

    public func pageItems(rows: Int) -> Int { max(1, rows / 2) }
    public func click(_ index: Int) { select(index) }
    public var isEditingText: Bool { false }
    public func edit(_ edit: TextEditor.Edit) {}
    public func submit() {}
    public func cancel() {}
}

extension WorkLane {
    /// The Activity tab's older pages: one at a time, each applied in order.
    public static let activityOlder = WorkLane("activity.older", policy: .inOrder)
}
