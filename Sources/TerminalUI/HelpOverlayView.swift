/// A group of rows in the help overlay, under a heading such as `In forms` (none for the
/// screen's own keys).
public struct HelpSection: Hashable, Sendable {
    public var title: String?
    public var entries: [KeyHint]

    public init(_ title: String? = nil, _ entries: [KeyHint]) {
        self.title = title
        self.entries = entries
    }
}

/// A centred box listing key bindings (`keys  help` in two columns) in labelled sections,
/// drawn over the screen. Uses the whole area when it is small; when the rows do not fit it
/// shows them from `offset` with `↑`/`↓` marks, and the app scrolls it.
public struct HelpOverlayView: Widget {
    public var title: String
    public var sections: [HelpSection]
    public var closeHint: String
    public var borderStyle: Style
    /// The first row shown (clamped to what can scroll).
    public var offset: Int
    /// Said at the right of the bottom line while rows are hidden below (`↓ more below`).
    public var moreHint: String

    public init(
        title: String = "Keys", sections: [HelpSection], closeHint: String = "Esc close",
        borderStyle: Style = Style(foreground: .cyan), offset: Int = 0, moreHint: String = "more below"
    ) {
        self.title = title
        self.sections = HelpOverlayView.withoutRepeats(sections)
        self.closeHint = closeHint
        self.moreHint = moreHint
        self.borderStyle = borderStyle
        self.offset = offset
    }

    public init(
        title: String = "Keys", entries: [KeyHint], closeHint: String = "Esc close",
        borderStyle: Style = Style(foreground: .cyan)
    ) {
        self.init(title: title, sections: [HelpSection(nil, entries)], closeHint: closeHint, borderStyle: borderStyle)
    }

    public init<A>(
        title: String = "Keys", keyMap: KeyMap<A>, closeHint: String = "Esc close",
        borderStyle: Style = Style(foreground: .cyan)
    ) {
        self.init(title: title, entries: keyMap.helpEntries, closeHint: closeHint, borderStyle: borderStyle)
    }

    /// One row per key and meaning: a row already shown in an earlier section is left out,
    /// and so is a section left empty.
    static func withoutRepeats(_ sections: [HelpSection]) -> [HelpSection] {
        var seen = Set<KeyHint>()
        return sections.compactMap { section in
            let entries = section.entries.filter { seen.insert($0).inserted }
            return entries.isEmpty ? nil : HelpSection(section.title, entries)
        }
    }

    /// A row of the box: a section's heading, a key, or the blank line between sections.
    enum Row: Equatable {
        case heading(String)
        case entry(KeyHint)
        case blank
    }

    var rows: [Row] {
        var rows: [Row] = []
        for (index, section) in sections.enumerated() {
            if index > 0 { rows.append(.blank) }
            if let title = section.title { rows.append(.heading(title)) }
            rows += section.entries.map(Row.entry)
        }
        return rows
    }

    /// How far the rows can scroll in `area`: 0 when they all fit.
    public func maxOffset(in area: Rect) -> Int {
        max(0, rows.count - listHeight(in: area))
    }

    private func box(in area: Rect) -> Rect {
        let entries = sections.flatMap(\.entries)
        let keyWidth = entries.map { TextWidth.of($0.keys) }.max() ?? 0
        let helpWidth = entries.map { TextWidth.of($0.help) }.max() ?? 0
        let headingWidth = sections.compactMap(\.title).map(TextWidth.of).max() ?? 0
        // Rows that do not all fit scroll, and the `↑`/`↓` marks take two more columns.
        let marks = rows.count > area.height - 3 ? 2 : 0
        let contentWidth = max(
            keyWidth + 2 + helpWidth + marks, headingWidth, TextWidth.of(title) + 2, TextWidth.of(closeHint))
        return area.centered(width: contentWidth + 4, height: rows.count + 4)
    }

    private func listHeight(in area: Rect) -> Int {
        let inner = BoxView(title: title).inner(of: box(in: area)).inset(left: 1, right: 1)
        return max(0, inner.height - 1)
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let rows = self.rows
        let box = self.box(in: area)
        let frame = BoxView(title: title, style: borderStyle)
        frame.render(in: box, into: &buffer)
        let inner = frame.inner(of: box).inset(left: 1, right: 1)
        guard !inner.isEmpty else { return }
        let (rowsArea, bottom) = inner.split(bottom: 1)
        // When the rows scroll, the last two columns are kept for the `↑`/`↓` marks.
        let scrolls = rows.count > rowsArea.height
        let list = scrolls ? rowsArea.inset(right: 2) : rowsArea
        let keyWidth = sections.flatMap(\.entries).map { TextWidth.of($0.keys) }.max() ?? 0
        let first = min(max(0, offset), max(0, rows.count - list.height))
        for (index, row) in rows.dropFirst(first).prefix(list.height).enumerated() {
            let position = Position(row: list.row + index, column: list.column)
            switch row {
            case .blank: break
            case .heading(let text):
                buffer.setString(
                    text, at: position, style: Style(underline: true), maxWidth: list.width, ellipsis: true)
            case .entry(let entry):
                buffer.setString(entry.keys, at: position, style: .bold, maxWidth: list.width, ellipsis: true)
                let helpColumn = list.column + keyWidth + 2
                if helpColumn < list.right {
                    buffer.setString(
                        entry.help, at: Position(row: position.row, column: helpColumn),
                        maxWidth: list.right - helpColumn, ellipsis: true)
                }
            }
        }
        // Marks on the right edge say there is more above or below.
        if first > 0, list.height > 0 {
            buffer.setString(
                buffer.lineSymbols.moreAbove, at: Position(row: list.row, column: rowsArea.right - 1), style: .dim)
        }
        let hiddenBelow = rows.count - first > list.height && list.height > 0
        if hiddenBelow {
            buffer.setString(
                buffer.lineSymbols.moreBelow, at: Position(row: list.bottom - 1, column: rowsArea.right - 1),
                style: .dim)
        }
        buffer.setString(
            closeHint, at: Position(row: bottom.row, column: bottom.column), style: .dim,
            maxWidth: bottom.width, ellipsis: true)
        // Said in words too where the bottom line has room for it.
        let more = buffer.lineSymbols.moreBelow + " " + moreHint
        if hiddenBelow, TextWidth.of(closeHint) + 2 + TextWidth.of(more) <= bottom.width {
            buffer.setString(
                more, at: Position(row: bottom.row, column: bottom.right - TextWidth.of(more)), style: .dim)
        }
    }
}
