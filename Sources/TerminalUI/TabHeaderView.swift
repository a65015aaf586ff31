import PlainText

/// The top line: numbered tabs with the active one highlighted, and a label at the right
/// (`@username` or `guest`), after the status (`offline · 3 pending`) and with the person's
/// face just before the label when there is room for all of it.
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
    /// Drawn before the label, two spaces apart (the store's connection and unsent writes).
    public var status: String
    /// One row of cells drawn just left of the label, a space between (the signed-in
    /// person's face); left out first when the right side does not fit whole.
    public var face: [Span]

    public init(
        titles: [String], active: Int, rightLabel: String = "",
        activeStyle: Style = Style(bold: true, reverse: true),
        inactiveStyle: Style = .plain,
        labelStyle: Style = Style(foreground: .cyan),
        status: String = "", face: [Span] = []
    ) {
        self.titles = titles
        self.active = active
        self.rightLabel = rightLabel
        self.status = status
        self.face = face
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
        let label = SafeText.forDisplay(rightLabel, singleLine: true)
        let right = status.isEmpty ? label : SafeText.forDisplay(status, singleLine: true) + "  " + label
        let labelWidth = TextWidth.of(right)
        var chosen = tabs(form: 2)
        for form in 0...2 {
            let candidate = tabs(form: form)
            let width =
                candidate.texts.reduce(0) { $0 + TextWidth.of($1) } + candidate.gap * max(0, candidate.texts.count - 1)
            // The full form wants room for some of the label too (all of it beside a status,
            // which would otherwise push the name out); shorter forms only need to fit.
            let wanted = status.isEmpty ? min(labelWidth, 6) : labelWidth
            let needsLabel = form == 0 && labelWidth > 0 ? wanted + 1 : 0
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
        let faceWidth = face.reduce(0) { $0 + $1.width }
        if faceWidth > 0, !label.isEmpty, labelWidth + faceWidth + 1 <= room {
            let start = line.right - labelWidth - faceWidth - 1
            let statusPart = String(right.dropLast(label.count))
            let faceColumn =
                start + buffer.setString(statusPart, at: Position(row: line.row, column: start), style: labelStyle)
            Line(face).render(
                in: Rect(row: line.row, column: faceColumn, width: faceWidth, height: 1), into: &buffer)
            buffer.setString(
                label, at: Position(row: line.row, column: line.right - TextWidth.of(label)), style: labelStyle)
            return
        }
        let shown = TextWidth.truncate(right, to: room, ellipsis: buffer.ellipsis)
        let width = TextWidth.of(shown)
        buffer.setString(shown, at: Position(row: line.row, column: line.right - width), style: labelStyle)
    }
}
