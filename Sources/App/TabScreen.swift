import Foundation
import Localization
import TerminalUI
import ViewModels

/// One tab's body, drawn from its view model's state (a value: screens never write state).
protocol TabScreen {
    /// Draws into `area`, records what the mouse can hit in `layout`, and returns where the
    /// cursor goes (in a focused field), if anywhere.
    func render(in area: Rect, into buffer: inout Buffer, layout: inout ScreenLayout) -> Position?
}

/// What every screen needs besides its state.
struct ScreenContext {
    var markers: Markers
    var now: Date
    /// The lists were read from the local copy while the server is out of reach.
    var isStale = false
    /// Where decoded faces are kept, and how they are drawn (`FaceCells`).
    var faces = FaceCache(decodesInline: true)
    var faceDrawing = FaceDrawing.badges(colored: true, unicode: true)
    /// The faces drawn with kitty graphics in this frame (`FaceDrawing.pixels`).
    var pictures = FacePictures()

    /// A list's title with ` · possibly stale` when the list may be older than the server.
    func listTitle(_ title: String) -> String {
        isStale ? title + " · " + tr(.headerStale) : title
    }
}

/// Draws a list of multi-line items from the view model's `ListState` and records the
/// offset it showed and the item rows for the mouse in `layout`. Only the items that can be
/// on screen are built (`item(index)`), so long lists of wrapped posts cost what a
/// screenful costs.
func drawList(
    count: Int, item: (Int) -> [Line], list: ListState, in area: Rect, into buffer: inout Buffer,
    layout: inout ScreenLayout, emptyText: String, showsSelection: Bool = true
) {
    guard !area.isEmpty else { return }
    let selected = count == 0 ? 0 : min(max(0, list.selected), count - 1)
    let previous = min(max(0, list.offset), max(0, count - 1))
    let low = max(0, min(previous, selected) - area.height)
    let high = min(count, max(previous, selected) + area.height + 1)
    let items = (low..<high).map(item)
    let state = ListState(offset: previous - low, selected: selected - low)
    let view = ListView(
        items: items, state: state, selectedStyle: Theme.selected, emptyText: emptyText,
        showsSelection: showsSelection)
    let visible = view.visibleState(in: area)
    ListView(
        items: items, state: visible, selectedStyle: Theme.selected, emptyText: emptyText,
        showsSelection: showsSelection
    ).render(in: area, into: &buffer)
    layout.listArea = area
    layout.listOffset = visible.offset + low
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

/// Draws a list's title at the left of `row` and where its selection is (`120 / 34,006`)
/// at the right; the title gives way first, and below 20 columns the position is left out.
func drawTitle(_ title: String, position: ListPosition?, in row: Rect, into buffer: inout Buffer) {
    guard !row.isEmpty else { return }
    var titleArea = row
    if let position, position.total > 0, row.width >= 20 {
        let text = position.text
        let width = TextWidth.of(text)
        titleArea = row.split(right: min(row.width, width + 2)).rest
        buffer.setString(text, at: Position(row: row.row, column: row.right - width), style: Theme.dim, maxWidth: width)
    }
    buffer.setString(
        title, at: Position(row: titleArea.row, column: titleArea.column), style: Theme.title,
        maxWidth: titleArea.width, ellipsis: true)
}
