import PlainText

/// Text wrapped to the area's width by words (long words broken, wide characters whole);
/// lines beyond the area's height are left out, the last shown one ending with `…`.
public struct ParagraphView: Widget {
    public var text: String
    public var style: Style

    public init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }

    /// The lines this text takes at `width`.
    public func lines(width: Int) -> [String] {
        TextWidth.wrap(SafeText.forDisplay(text), width: width)
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let lines = lines(width: area.width)
        for (index, text) in lines.prefix(area.height).enumerated() {
            var text = text
            if index == area.height - 1 && lines.count > area.height {
                text = TextWidth.truncate(text + " " + buffer.ellipsis, to: area.width, ellipsis: buffer.ellipsis)
            }
            buffer.setString(
                text, at: Position(row: area.row + index, column: area.column), style: style, maxWidth: area.width)
        }
    }
}
