/// A frame with a title in its top border; clears its inside. `inner(of:)` is the space left.
public struct BoxView: Widget {
    public var title: String
    public var style: Style

    public init(title: String = "", style: Style = .plain) {
        self.title = title
        self.style = style
    }

    /// The area inside the border.
    public func inner(of area: Rect) -> Rect { area.inset(by: 1) }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        buffer.fill(area)
        guard area.width >= 2, area.height >= 2 else { return }
        let symbols = buffer.lineSymbols
        let horizontal = String(repeating: symbols.horizontal, count: area.width - 2)
        buffer.setString(
            symbols.topLeft + horizontal + symbols.topRight, at: Position(row: area.row, column: area.column),
            style: style)
        buffer.setString(
            symbols.bottomLeft + horizontal + symbols.bottomRight,
            at: Position(row: area.bottom - 1, column: area.column),
            style: style)
        for row in (area.row + 1)..<(area.bottom - 1) {
            buffer.setString(symbols.vertical, at: Position(row: row, column: area.column), style: style)
            buffer.setString(symbols.vertical, at: Position(row: row, column: area.right - 1), style: style)
        }
        if !title.isEmpty, area.width > 4 {
            buffer.setString(
                " " + title + " ", at: Position(row: area.row, column: area.column + 1),
                style: style.patched(with: .bold), maxWidth: area.width - 2, ellipsis: true)
        }
    }
}
