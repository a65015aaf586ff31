import Foundation
import Localization
import TerminalUI

/// Rows a `PageSource` read after an anchor; `isEnd` when they reach the list's last row.
public struct PageSlice<Row> {
    public var rows: [Row]
    public var isEnd: Bool

    public init(rows: [Row], isEnd: Bool) {
        self.rows = rows
        self.isEnd = isEnd
    }
}

/// A long ordered list read a window at a time, by cursors (a row stands for its place in
/// the order), never by offsets.
public protocol PageSource: AnyObject {
    associatedtype Row: Identifiable

    /// Calls `onChange` with up to `limit` rows strictly after `anchor` (nil: from the
    /// first) now and whenever they change; throws when the subscription cannot start.
    func observeRows(
        after anchor: Row?, limit: Int, _ onChange: @escaping (PageSlice<Row>) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable
    /// Calls `onChange` with how many rows the list has, now and at least whenever a row
    /// comes or goes at its start (rows coming or going inside the window are re-counted
    /// with `count()`).
    func observeCount(_ onChange: @escaping (Int) -> Void, onError: @escaping (Error) -> Void) throws -> Cancellable
    /// How many rows the list has.
    func count() throws -> Int
    /// Up to `limit` rows strictly before `row`, nearest first; with no row, the last rows,
    /// last first.
    func rows(before row: Row?, limit: Int) throws -> [Row]
    /// How many rows come strictly before `row`.
    func count(before row: Row) throws -> Int
    /// True when a read of rows or counts before a row passes the whole list (an order the
    /// store cannot sort by): such reads run off the loop's thread on every store.
    var readsPassWholeList: Bool { get }
    /// True when `observeCount` follows every row that comes or goes, anywhere in the list:
    /// rows coming or going inside the window then need no `count()` of their own.
    var countFollowsEveryChange: Bool { get }
}

extension PageSource {
    public var readsPassWholeList: Bool { false }
    public var countFollowsEveryChange: Bool { false }
}

/// Where the selection is in a whole list: the 0-based index and how many rows there are.
public struct ListPosition: Equatable, Sendable {
    public var index: Int
    public var total: Int

    public init(index: Int, total: Int) {
        self.index = index
        self.total = total
    }

    /// `120 / 34,006`, numbers grouped by the run's language (`0 / 0` when empty).
    public var text: String {
        tr(.listPosition, ["n": Formats.number(total == 0 ? 0 : index + 1), "total": Formats.number(total)])
    }
}

/// A window of a long live list (the feed, the Liked view, a profile's posts): at most
/// `maxRows` rows are held, read from the source by cursors; moving the selection near
/// either edge of the window reads the next page that way and drops one from the other
/// edge. The selection stays on its row when the list changes under it.
///
/// Every read goes through `StoreReads`: on a team server a page, the last rows or a count
/// are read on a worker while the loop answers keys (`isLoadingPage` meanwhile), and one
/// page read is in flight at a time.
public final class PagedList<Source: PageSource> where Source.Row.ID: Hashable {
    public typealias Row = Source.Row

    /// The rows held, in order.
    public private(set) var rows: [Row] = []
    /// How many rows come before `rows[0]`.
    public private(set) var before = 0
    /// How many rows the whole list has.
    public private(set) var total = 0
    /// False until the first rows arrived.
    public private(set) var isLoaded = false
    /// True when `rows` reaches the list's last row.
    public private(set) var isEnd = true
    /// The selection and scroll offset within `rows`.
    public var list = ListState()
    /// Called after every change of the rows, counts or selection made here.
    public var onChange: () -> Void = {}
    /// True from asking for rows past the window until they arrive (the list shows `loading…`).
    public var isLoadingPage: Bool { isLoaded && (isMoving || isReading) }

    /// Rows read at a time, rows held at most, and how near an edge the selection comes
    /// before the next page is read.
    public let pageSize: Int
    public let maxRows: Int
    public let margin: Int

    /// Where the rows are read from (nil: an empty list).
    public private(set) var source: Source?
    /// Rows the viewer removed before the store shows it (a removal on its way to a far
    /// server): left out of what arrives until a delivery comes without them.
    private var hidden: Set<Row.ID> = []
    private var anchor: Row?
    private var limit: Int
    /// Which row to select when the next rows arrive.
    private var target: Target?
    /// True from asking for another window until its rows arrive: rows that change then
    /// were read, not added or deleted.
    private var isMoving = false
    /// True while rows before the window or the last rows are read, before the window moves.
    private var isReading = false
    private let reads: StoreReads
    /// Where a source that passes the whole list reads pages and counts (`readsPassWholeList`).
    private let passReads: StoreReads
    private let pageLane: WorkLane
    private let countLane: WorkLane
    private let rowsQuery: LiveQuery
    private let countQuery: LiveQuery
    private let onToast: (Toast) -> Void

    /// `name` tells this list's retry timers apart; `title` names it in toasts.
    /// `reads` is where the store is read (at once by default, as for the place catalog);
    /// `passReads` where a source that passes the whole list reads past the window (the
    /// same by default).
    public init(
        name: String, title: @escaping () -> String, events: EventQueue, reads: StoreReads = .immediate(),
        passReads: StoreReads? = nil, pageSize: Int = 100, maxRows: Int = 300,
        onToast: @escaping (Toast) -> Void
    ) {
        self.pageSize = max(1, pageSize)
        self.maxRows = max(2 * self.pageSize, maxRows)
        margin = max(1, self.pageSize / 2)
        limit = 2 * self.pageSize
        self.onToast = onToast
        self.reads = reads
        self.passReads = passReads ?? reads
        pageLane = WorkLane("page." + name, policy: .latestOnly)
        countLane = WorkLane("page." + name + ".count", policy: .latestOnly)
        rowsQuery = LiveQuery(name: name, list: title, events: events, reads: reads, onToast: onToast)
        countQuery = LiveQuery(name: name + ".count", list: title, events: events, reads: reads, onToast: onToast)
    }

    /// The selected row.
    public var selectedRow: Row? { rows.indices.contains(list.selected) ? rows[list.selected] : nil }

    /// The selection's place in the whole list.
    public var position: ListPosition {
        ListPosition(index: before + list.selected, total: max(total, before + rows.count))
    }

    public var isSubscribed: Bool { rowsQuery.isSubscribed }

    /// Starts reading `source` from its first row (nil: an empty list).
    ///
    /// `keepingRows`: the same list read for another viewer (a sign-in): the rows held stay
    /// on screen, and keys keep acting on them, until the source's rows for the same window
    /// arrive, so nothing goes blank while a far server answers.
    public func start(_ source: Source?, keepingRows: Bool = false) {
        stop()
        self.source = source
        hidden = []
        let keeps = keepingRows && source != nil && isLoaded
        isMoving = keeps
        target = nil
        if !keeps {
            rows = []
            before = 0
            total = 0
            anchor = nil
            list = ListState()
            limit = 2 * pageSize
            isEnd = true
            isLoaded = source == nil
        }
        guard let source else { return }
        countQuery.start { live in
            try source.observeCount(live.deliver { [weak self] in self?.countChanged($0) }, onError: live.onError)
        }
        subscribeRows()
    }

    /// Reads the same source again, keeping the rows on screen until its rows arrive (the
    /// store moved to the team server's connection).
    public func restart() {
        guard let source else { return }
        start(source, keepingRows: true)
    }

    public func stop() {
        rowsQuery.cancel()
        countQuery.cancel()
        for reads in [reads, passReads] {
            reads.cancel(pageLane)
            reads.cancel(countLane)
        }
        isReading = false
    }

    /// Selects the row with `id` as soon as it is held (a post just written): reads from the
    /// first row again when the window does not start there.
    public func select(id: Row.ID) {
        if let index = rows.firstIndex(where: { $0.id == id }) {
            list.select(index, count: rows.count)
            return
        }
        target = .row(id)
        if before > 0 { moveWindow(to: nil, before: 0, keeping: .row(id)) }
    }

    /// Selects `row`, just put back in the list (an undo), where it is in the order: reads
    /// the window around it when it is not held, and counts the list again.
    public func reveal(_ row: Row) {
        // Back before the store showed it gone (a far server, a pass off the loop): no
        // longer hidden, or the delivery that brings it back would leave it out.
        hidden.remove(row.id)
        if let index = rows.firstIndex(where: { $0.id == row.id }) {
            list.select(index, count: rows.count)
            onChange()
            return
        }
        guard let source else { return }
        let margin = margin
        if !source.countFollowsEveryChange { recount() }
        readPage(
            { () -> (anchor: Row?, before: Int) in
                let earlier = try source.rows(before: row, limit: margin + 1)
                guard earlier.count > margin else { return (nil, 0) }
                return (earlier[margin], try source.count(before: earlier[margin]) + 1)
            },
            then: { [weak self] found in
                self?.moveWindow(to: found.anchor, before: found.before, keeping: .row(row.id))
            })
    }

    /// Takes the row with `id` out of the list at once, before the store shows it gone; the
    /// selection stays at its place (on the next row).
    public func hide(_ id: Row.ID) {
        hidden.insert(id)
        guard let index = rows.firstIndex(where: { $0.id == id }) else { return }
        rows.remove(at: index)
        if index < list.selected { list.selected -= 1 }
        list.select(list.selected, count: rows.count)
        total = max(0, total - 1)
        onChange()
    }

    /// Shows a hidden row again (its removal was refused): the window is read again.
    public func unhide(_ id: Row.ID) {
        guard hidden.remove(id) != nil else { return }
        recount()
        subscribeRows()
    }

    /// `g`: the first row, reading it when it is not held.
    public func selectFirst() {
        if before == 0 {
            list.selectFirst(count: rows.count)
            selectionMoved()
        } else {
            moveWindow(to: nil, before: 0, keeping: .first)
        }
    }

    /// `G`: the true last row, reading the last page when it is not held.
    public func selectLast() {
        guard !isEnd, let source else {
            list.selectLast(count: rows.count)
            selectionMoved()
            return
        }
        let window = 2 * pageSize
        readPage(
            { () -> (anchor: Row?, before: Int) in
                let last = try source.rows(before: nil, limit: window + 1)
                guard last.count > window else { return (nil, 0) }
                return (last[window], try source.count(before: last[window]) + 1)
            },
            then: { [weak self] found in
                self?.moveWindow(to: found.anchor, before: found.before, keeping: .last)
            })
    }

    /// Moves the selection by `delta` rows of the whole list, reading on when the move
    /// leaves the window.
    public func move(by delta: Int) {
        let goal = before + list.selected + delta
        let readsUp = goal < before && before > 0
        let readsDown = goal >= before + rows.count && !isEnd
        guard readsUp || readsDown else {
            list.move(by: delta, count: rows.count)
            selectionMoved()
            return
        }
        target = .position(max(0, goal))
        guard !isMoving && !isReading else { return }
        if readsUp { readUp() } else { readDown() }
    }

    /// The selection moved within `rows` (a key, a click): reads on when it nears an edge.
    public func selectionMoved() {
        guard source != nil, isLoaded, !isMoving, !isReading else { return }
        if list.selected >= rows.count - margin && !isEnd {
            readDown()
        } else if list.selected < margin && before > 0 {
            readUp()
        }
    }

    // MARK: Reading

    /// Where reads past the window and counts run for the current source.
    private var pageReads: StoreReads { source?.readsPassWholeList == true ? passReads : reads }

    private func subscribeRows() {
        guard let source else { return }
        rowsQuery.start { [anchor, limit] live in
            try source.observeRows(
                after: anchor, limit: limit, live.deliver { [weak self] in self?.rowsChanged($0) },
                onError: live.onError)
        }
    }

    /// Reads `limit` rows after `anchor` (with `before` rows before the window), then
    /// selects `target` (by default the row selected now).
    private func moveWindow(to anchor: Row?, before: Int, limit: Int? = nil, keeping target: Target? = nil) {
        if let target { self.target = target }
        isMoving = true
        self.anchor = anchor
        self.before = before
        self.limit = limit ?? 2 * pageSize
        subscribeRows()
    }

    /// The next page after the window, dropping one from its top when it is full.
    private func readDown() {
        if rows.count + pageSize <= maxRows {
            moveWindow(to: anchor, before: before, limit: rows.count + pageSize)
            return
        }
        let dropped = min(pageSize, rows.count - 1)
        guard dropped > 0 else { return }
        moveWindow(to: rows[dropped - 1], before: before + dropped, limit: rows.count - dropped + pageSize)
    }

    /// The page before the window, dropping rows from its bottom to stay within `maxRows`.
    private func readUp() {
        guard let source, let first = rows.first else { return }
        let pageSize = pageSize
        readPage(
            { try source.rows(before: first, limit: pageSize + 1) },
            then: { [weak self] earlier in
                // The window moved meanwhile (a restart): this page no longer joins it.
                guard let self, self.rows.first?.id == first.id else { return }
                let added = min(earlier.count, pageSize)
                let size = min(self.maxRows, self.rows.count + added)
                if earlier.count <= pageSize {
                    self.moveWindow(to: nil, before: 0, limit: size)
                } else {
                    self.moveWindow(to: earlier[pageSize], before: max(0, self.before - pageSize), limit: size)
                }
            })
    }

    /// Reads rows past the window (one such read at a time), then moves it with `then`.
    private func readPage<Value>(_ read: @escaping () throws -> Value, then: @escaping (Value) -> Void) {
        isReading = true
        if pageReads.isOffLoop { onChange() }
        pageReads.read(
            pageLane, read,
            then: { [weak self] result in
                guard let self else { return }
                self.isReading = false
                switch result {
                case .success(let value): then(value)
                case .failure(let error): self.readFailed(error)
                }
                if self.pageReads.isOffLoop { self.onChange() }
            })
    }

    /// Counts the list again, and the rows before the window when it does not start at the top.
    private func recount() {
        guard let source else { return }
        pageReads.read(
            countLane, { try source.count() },
            then: { [weak self] result in
                switch result {
                case .success(let count): self?.countChanged(count)
                case .failure(let error): self?.readFailed(error)
                }
            })
    }

    private func rowsChanged(_ delivered: PageSlice<Row>) {
        var slice = delivered
        if !hidden.isEmpty {
            // The store has answered for a hidden row once a delivery comes without it.
            let ids = Set(delivered.rows.map(\.id))
            hidden = hidden.filter(ids.contains)
            slice.rows.removeAll { hidden.contains($0.id) }
        }
        let selectedID = selectedRow?.id
        let selectedIndex = list.selected
        // Rows that came or went in place (not a page read): the total changed too.
        let membershipChanged =
            !isMoving && isLoaded
            && (slice.rows.count != rows.count
                || zip(slice.rows, rows).contains { $0.id != $1.id })
        isMoving = false
        rows = slice.rows
        isEnd = slice.isEnd
        isLoaded = true
        if anchor == nil { before = 0 }
        if let selectedID, let index = rows.firstIndex(where: { $0.id == selectedID }) {
            // The selected row moved by as many places as the window did: it stays selected,
            // where it was on screen.
            list.offset = max(0, list.offset + index - selectedIndex)
            list.select(index, count: rows.count)
        } else {
            // Gone (deleted): the selection stays at its place.
            list.select(selectedIndex, count: rows.count)
        }
        switch target {
        case .first:
            list = ListState()
            target = nil
        case .last:
            list.selectLast(count: rows.count)
            target = nil
        case .position(let index):
            list.select(index - before, count: rows.count)
            target = nil
        case .row(let id):
            // A post not read yet stays the target until it arrives.
            if let index = rows.firstIndex(where: { $0.id == id }) {
                list.select(index, count: rows.count)
                target = nil
            }
        case nil:
            break
        }
        if membershipChanged && source?.countFollowsEveryChange != true { recount() }
        onChange()
    }

    private func countChanged(_ count: Int) {
        total = count
        guard anchor != nil, let source, let first = rows.first else {
            onChange()
            return
        }
        pageReads.read(
            countLane, { try source.count(before: first) },
            then: { [weak self] result in
                guard let self, self.rows.first?.id == first.id else { return }
                switch result {
                case .success(let before): self.before = before
                case .failure(let error): self.readFailed(error)
                }
                self.onChange()
            })
    }

    private func readFailed(_ error: Error) {
        onToast(Toast(ErrorText.describe(error), kind: .error))
    }

    /// What to select when the next rows arrive.
    private enum Target {
        case first, last
        case row(Row.ID)
        /// A place in the whole list.
        case position(Int)
    }
}
