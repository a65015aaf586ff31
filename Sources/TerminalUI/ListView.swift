/// A scrolling list of items, each one or more styled lines, with the selected item
/// highlighted across the full width. The offset is clamped while drawing so that the
/// selection is always visible; store `ListState.clamped(...)` to keep it.
public struct ListView: Widget {
    public var items: [[Line]]
    public var state: ListState
    public var selectedStyle: Style
    /// Shown dimmed when there are no items.
    public var emptyText: String
    /// Draw the highlight (off while, say, the search field has focus).
    public var showsSelection: Bool

    public init(
        items: [[Line]], state: ListState, selectedStyle: Style = Style(reverse: true),
        emptyText: String = "", showsSelection: Bool = true
    ) {
        self.items = items
        self.state = state
        self.selectedStyle = selectedStyle
        self.emptyText = emptyText
        self.showsSelection = showsSelection
    }

    /// A list of one-line rows.
    public init(
        rows: [Line], state: ListState, selectedStyle: Style = Style(reverse: true),
        emptyText: String = "", showsSelection: Bool = true
    ) {
        self.init(
            items: rows.map { [$0] }, state: state, selectedStyle: selectedStyle,
            emptyText: emptyText, showsSelection: showsSelection)
    }

    /// The state as drawn into `area`.
    public func visibleState(in area: Rect) -> ListState {
        state.clamped(count: items.count, height: area.height) { max(1, items[$0].count) }
    }

    /// The item at a screen position (for mouse clicks), if any.
    public func item(at position: Position, in area: Rect) -> Int? {
        guard area.contains(position) else { return nil }
        var row = area.row
        let visible = visibleState(in: area)
        for index in visible.offset..<items.count {
            let height = max(1, items[index].count)
            if position.row < row + height { return index }
            row += height
            if row >= area.bottom { break }
        }
        return nil
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        buffer.fill(area)
        if items.isEmpty {
            ParagraphView(emptyText, style: .dim).render(in: area, into: &buffer)
            return
        }
        let visible = visibleState(in: area)
        var row = area.row
        for index in visible.offset..<items.count {
            guard row < area.bottom else { break }
            let lines = items[index].isEmpty ? [Line("")] : items[index]
            let isSelected = showsSelection && index == visible.selected
            for line in lines {
                guard row < area.bottom else { break }
                let rowRect = Rect(row: row, column: area.column, width: area.width, height: 1)
                if isSelected { buffer.fill(rowRect, with: Cell(" ", style: selectedStyle)) }
                line.render(in: rowRect, into: &buffer, base: isSelected ? selectedStyle : .plain)
                row += 1
            }
        }
    }
}
