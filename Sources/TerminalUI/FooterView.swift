/// The bottom line of key hints, `j/k move  / search  ? help`: keys bold, help dim.
/// Hints that do not fit whole are left out.
public struct FooterView: Widget {
    public var hints: [KeyHint]
    public var keyStyle: Style
    public var helpStyle: Style

    public init(hints: [KeyHint], keyStyle: Style = .bold, helpStyle: Style = .dim) {
        self.hints = hints
        self.keyStyle = keyStyle
        self.helpStyle = helpStyle
    }

    public init<A>(keyMap: KeyMap<A>) {
        self.init(hints: keyMap.footerHints)
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let line = area.line(0)
        buffer.fill(line)
        var column = line.column
        for (index, hint) in hints.enumerated() {
            let gap = index == 0 ? 0 : 2
            let width = TextWidth.of(hint.keys) + 1 + TextWidth.of(hint.help)
            guard column + gap + width <= line.right else { break }
            column += gap
            column += buffer.setString(hint.keys, at: Position(row: line.row, column: column), style: keyStyle)
            column += 1
            column += buffer.setString(hint.help, at: Position(row: line.row, column: column), style: helpStyle)
        }
    }
}
