import Foundation
import Localization
import TerminalUI
import ViewModels

/// Turns the view models' state into a frame: header, the current screen, footer or toast,
/// and the help overlay. Remembers each list's scroll offset between frames.
public final class AppRenderer {
    public let app: AppViewModel
    public var markers: Markers
    public var now: () -> Date
    /// Scroll offsets by list name, kept so that lists do not jump.
    private var offsets: [String: Int] = [:]

    public init(app: AppViewModel, markers: Markers = .utf8, now: @escaping () -> Date = Date.init) {
        self.app = app
        self.markers = markers
        self.now = now
    }

    /// Draws the whole screen at `size`.
    public func frame(size: Size) -> Frame {
        var buffer = Buffer(size: size)
        buffer.ellipsis = markers.ellipsis
        var layout = ScreenLayout()
        var cursor: Position?
        let area = buffer.area
        guard !area.isEmpty else { return Frame(buffer: buffer, cursor: nil, layout: layout) }
        let (headerArea, rest) = area.split(top: 1)
        let (body, footerArea) = rest.split(bottom: 1)
        drawHeader(in: headerArea, into: &buffer, layout: &layout)
        let screen = ScreenContext(markers: markers, now: now())
        switch app.state.tab {
        case .places:
            cursor = PlacesScreen(state: app.places.state, context: screen, offsets: offsetsBinding("places"))
                .render(in: body, into: &buffer, layout: &layout)
            app.places.pageSize = max(1, layout.listArea?.height ?? 1)
        case .favorites:
            FavoritesScreen(state: app.favorites.state, context: screen, offsets: offsetsBinding("favorites"))
                .render(in: body, into: &buffer, layout: &layout)
            app.favorites.pageSize = max(1, layout.listArea?.height ?? 1)
        case .feed:
            cursor = FeedScreen(state: app.feed.state, context: screen, offsets: offsetsBinding("feed"))
                .render(in: body, into: &buffer, layout: &layout)
            app.feed.pageSize = max(1, (layout.listArea?.height ?? 4) / 4)
        case .profile:
            cursor = ProfileScreen(state: app.profile.state, context: screen, offsets: offsetsBinding("profile"))
                .render(in: body, into: &buffer, layout: &layout)
        }
        if let toast = app.state.toast {
            let kind = Self.kind(toast.kind)
            ToastView(toast.message, kind: kind, style: Theme.current.toast(kind)).render(in: footerArea, into: &buffer)
        } else {
            FooterView(hints: AppKeyMap.current(for: app).footerHints, keyStyle: Theme.title, helpStyle: Theme.dim)
                .render(in: footerArea, into: &buffer)
        }
        if app.state.isHelpVisible {
            HelpOverlayView(title: tr(.helpTitle, ["screen": app.state.tab.localizedTitle]), keyMap: AppKeyMap.helpMap(for: app),
                            closeHint: tr(.helpClose), borderStyle: Theme.current.border)
                .render(in: area, into: &buffer)
            cursor = nil
            layout.itemRows = []
            layout.listArea = nil
        }
        return Frame(buffer: buffer, cursor: cursor, layout: layout)
    }

    static func kind(_ kind: Toast.Kind) -> ToastView.Kind {
        switch kind {
        case .info: return .info
        case .success: return .success
        case .error: return .error
        }
    }

    private func offsetsBinding(_ name: String) -> ListOffset {
        ListOffset(get: { [unowned self] in self.offsets[name] ?? 0 }, set: { [unowned self] in self.offsets[name] = $0 })
    }

    private func drawHeader(in area: Rect, into buffer: inout Buffer, layout: inout ScreenLayout) {
        let label: String
        if let user = app.state.user {
            label = user.username.isEmpty ? user.email : "@" + user.username
        } else {
            label = tr(.guest)
        }
        TabHeaderView(titles: AppTab.allCases.map(\.localizedTitle), active: app.state.tab.rawValue, rightLabel: label,
                      activeStyle: Theme.current.activeTab, labelStyle: Theme.label)
            .render(in: area, into: &buffer)
        layout.tabColumns = Self.tabColumns(in: buffer, row: area.row, width: area.width)
    }

    /// Finds the tab numbers `1`…`4` on the header row, left to right: each tab runs from its
    /// number to the next one.
    static func tabColumns(in buffer: Buffer, row: Int, width: Int) -> [Range<Int>] {
        var starts: [Int] = []
        var column = 0
        for digit in ["1", "2", "3", "4"] {
            while column < width && buffer[row, column].symbol != digit { column += 1 }
            guard column < width else { break }
            starts.append(column)
            column += 1
        }
        return starts.enumerated().map { index, start in
            let end = index + 1 < starts.count ? starts[index + 1] : min(width, start + 12)
            return start..<max(start + 1, end)
        }
    }
}

/// Read and write access to one list's remembered scroll offset.
struct ListOffset {
    let get: () -> Int
    let set: (Int) -> Void
}

/// What every screen needs besides its state.
struct ScreenContext {
    var markers: Markers
    var now: Date
}

/// Draws a list of multi-line items, keeping its scroll offset and recording item rows for
/// the mouse. Only the items that can be on screen are built (`item(index)`), so long lists
/// of wrapped posts cost what a screenful costs.
func drawList(count: Int, item: (Int) -> [Line], selected: Int, offset: ListOffset, in area: Rect,
              into buffer: inout Buffer, layout: inout ScreenLayout, emptyText: String, showsSelection: Bool = true) {
    guard !area.isEmpty else { return }
    let selected = count == 0 ? 0 : min(max(0, selected), count - 1)
    let previous = min(max(0, offset.get()), max(0, count - 1))
    let low = max(0, min(previous, selected) - area.height)
    let high = min(count, max(previous, selected) + area.height + 1)
    let items = (low..<high).map(item)
    let state = ListState(offset: previous - low, selected: selected - low)
    let view = ListView(items: items, state: state, selectedStyle: Theme.selected, emptyText: emptyText,
                        showsSelection: showsSelection)
    let visible = view.visibleState(in: area)
    offset.set(visible.offset + low)
    ListView(items: items, state: visible, selectedStyle: Theme.selected, emptyText: emptyText,
             showsSelection: showsSelection).render(in: area, into: &buffer)
    layout.listArea = area
    layout.itemRows = []
    var row = area.row
    var index = visible.offset
    while index < items.count && row < area.bottom {
        let height = max(1, items[index].count)
        layout.itemRows.append((rows: row..<min(area.bottom, row + height), index: index + low))
        row += height
        index += 1
    }
}

/// `10,349,312`.
func grouped(_ number: Int) -> String {
    Formats.number(number)
}

/// `37.5665, 126.9780`.
func coordinateText(_ latitude: Double, _ longitude: Double) -> String {
    String(format: "%.4f, %.4f", latitude, longitude)
}

/// `850 m`, `12 km`, `1,234 km`.
func distanceText(_ metres: Double) -> String {
    if metres < 1000 { return "\(Int(metres.rounded())) m" }
    return "\(grouped(Int((metres / 1000).rounded()))) km"
}
