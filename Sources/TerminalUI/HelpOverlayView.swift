/// A centred box listing key bindings (`keys  help` in two columns), drawn over the screen.
/// Uses the whole area when it is small; lines that do not fit are left out.
public struct HelpOverlayView: Widget {
    public var title: String
    public var entries: [KeyHint]
    public var closeHint: String
    public var borderStyle: Style

    public init(title: String = "Keys", entries: [KeyHint], closeHint: String = "Esc close",
                borderStyle: Style = Style(foreground: .cyan)) {
        self.title = title
        self.entries = entries
        self.closeHint = closeHint
        self.borderStyle = borderStyle
    }

    public init<A>(title: String = "Keys", keyMap: KeyMap<A>, closeHint: String = "Esc close",
                   borderStyle: Style = Style(foreground: .cyan)) {
        self.init(title: title, entries: keyMap.helpEntries, closeHint: closeHint, borderStyle: borderStyle)
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let keyWidth = entries.map { TextWidth.of($0.keys) }.max() ?? 0
        let helpWidth = entries.map { TextWidth.of($0.help) }.max() ?? 0
        let contentWidth = max(keyWidth + 2 + helpWidth, TextWidth.of(title) + 2, TextWidth.of(closeHint))
        let box = area.centered(width: contentWidth + 4, height: entries.count + 4)
        let frame = BoxView(title: title, style: borderStyle)
        frame.render(in: box, into: &buffer)
        let inner = frame.inner(of: box).inset(left: 1, right: 1)
        guard !inner.isEmpty else { return }
        let (list, bottom) = inner.split(bottom: 1)
        for (index, entry) in entries.prefix(list.height).enumerated() {
            let row = list.row + index
            buffer.setString(entry.keys, at: Position(row: row, column: list.column), style: .bold,
                             maxWidth: list.width, ellipsis: true)
            let helpColumn = list.column + keyWidth + 2
            if helpColumn < list.right {
                buffer.setString(entry.help, at: Position(row: row, column: helpColumn),
                                 maxWidth: list.right - helpColumn, ellipsis: true)
            }
        }
        if entries.count > list.height, list.height > 0 {
            buffer.setString(buffer.ellipsis, at: Position(row: list.bottom - 1, column: list.right - 1), style: .dim)
        }
        buffer.setString(closeHint, at: Position(row: bottom.row, column: bottom.column), style: .dim,
                         maxWidth: bottom.width, ellipsis: true)
    }
}
