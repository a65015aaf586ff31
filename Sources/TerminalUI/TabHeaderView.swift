import PlainText

/// The top line: numbered tabs with the active one highlighted, and a label at the right
/// (`@username` or `guest`).
///
/// Full form: `1 Places  2 Favorites  3 Feed  4 Profile`. When that does not fit, only the
/// active tab keeps its title (`1 Places 2 3 4`), then only numbers remain; the right label
/// is cut with `…` or left out before the tabs are.
public struct TabHeaderView: Widget {
    public var titles: [String]
    public var active: Int
    public var rightLabel: String
    public var activeStyle: Style
    public var inactiveStyle: Style
    public var labelStyle: Style

    public init(
        titles: [String], active: Int, rightLabel: String = "",
        activeStyle: Style = Style(bold: true, reverse: true),
        inactiveStyle: Style = .plain,
        labelStyle: Style = Style(foreground: .cyan)
    ) {
        self.titles = titles
        self.active = active
        self.rightLabel = rightLabel
        self.activeStyle = activeStyle
        self.inactiveStyle = inactiveStyle
        self.labelStyle = labelStyle
    }

    /// The tab texts and the gap between them for a form: 0 full, 1 active titled, 2 numbers.
    func tabs(form: Int) -> (texts: [String], gap: Int) {
        let texts = titles.enumerated().map { index, title -> String in
            let number = String(index + 1)
            switch form {
            case 0: return number + " " + title
            case 1: return index == active ? number + " " + title : number
            default: return number
            }
        }
        return (texts, form == 0 ? 2 : 1)
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let line = area.line(0)
        buffer.fill(line)
        let labelWidth = TextWidth.of(SafeText.forDisplay(rightLabel, singleLine: true))
        var chosen = tabs(form: 2)
        for form in 0...2 {
            let candidate = tabs(form: form)
            let width =
                candidate.texts.reduce(0) { $0 + TextWidth.of($1) } + candidate.gap * max(0, candidate.texts.count - 1)
            // The full form wants room for some of the label too; shorter forms only need to fit.
            let needsLabel = form == 0 && labelWidth > 0 ? min(labelWidth, 6) + 1 : 0
            if width + needsLabel <= line.width || form == 2 {
                chosen = candidate
                break
            }
        }
        var column = line.column
        for (index, text) in chosen.texts.enumerated() {
            if index > 0 { column += chosen.gap }
            let remaining = line.right - column
            guard remaining > 0 else { break }
            column += buffer.setString(
                text, at: Position(row: line.row, column: column),
                style: index == active ? activeStyle : inactiveStyle, maxWidth: remaining)
        }
        let room = line.right - column - 1
        guard labelWidth > 0, room > 0 else { return }
        let label = TextWidth.truncate(
            SafeText.forDisplay(rightLabel, singleLine: true), to: room, ellipsis: buffer.ellipsis)
        let width = TextWidth.of(label)
        buffer.setString(label, at: Position(row: line.row, column: line.right - width), style: labelStyle)
    }
}
