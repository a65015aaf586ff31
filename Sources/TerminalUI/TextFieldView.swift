import PlainText

/// A one-line input: the text (or dots in password mode), a dim placeholder when empty,
/// scrolled sideways so the cursor stays visible. Ask `cursorPosition(in:)` where the
/// terminal cursor goes while the field has focus.
public struct TextFieldView: Widget {
    public var state: TextEditor
    public var placeholder: String
    public var isSecure: Bool
    public var isFocused: Bool
    public var style: Style
    public var secureSymbol: String

    public init(
        state: TextEditor, placeholder: String = "", isSecure: Bool = false, isFocused: Bool = false,
        style: Style = Style(underline: true), secureSymbol: String = Markers.utf8.passwordDot
    ) {
        self.state = state
        self.placeholder = placeholder
        self.isSecure = isSecure
        self.isFocused = isFocused
        self.style = style
        self.secureSymbol = secureSymbol
    }

    var shownCharacters: [Character] {
        isSecure ? Array(repeating: Character(secureSymbol), count: state.text.count) : Array(state.text)
    }

    /// The first character shown and the cursor's column offset inside the field.
    func layout(width: Int) -> (first: Int, cursorColumn: Int) {
        let characters = shownCharacters
        let widths = characters.map { TextWidth.of($0) }
        let cursor = min(state.cursor, characters.count)
        var first = 0
        var columns = widths[0..<cursor].reduce(0, +)
        // Keep one column free for the cursor after the text.
        while first < cursor && columns >= width {
            columns -= widths[first]
            first += 1
        }
        return (first, columns)
    }

    public func cursorPosition(in area: Rect) -> Position? {
        guard isFocused, !area.isEmpty else { return nil }
        let column = min(layout(width: area.width).cursorColumn, area.width - 1)
        return Position(row: area.row, column: area.column + column)
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let line = area.line(0)
        buffer.fill(line, with: Cell(" ", style: style))
        if state.text.isEmpty {
            buffer.setString(
                placeholder, at: Position(row: line.row, column: line.column),
                style: style.patched(with: .dim), maxWidth: line.width, ellipsis: true)
            return
        }
        let first = layout(width: line.width).first
        buffer.setString(
            String(shownCharacters[first...]), at: Position(row: line.row, column: line.column),
            style: style, maxWidth: line.width)
    }
}
