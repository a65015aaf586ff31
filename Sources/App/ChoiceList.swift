import Localization
import TerminalUI

/// Rows to choose from (with a coloured dot when given), the chosen one highlighted,
/// then the picker's keys.
func drawChoices(_ choices: [(dot: Style?, text: String)], selected: Int, in area: Rect, into buffer: inout Buffer) {
    let (list, hint) = area.split(bottom: 1)
    let first = max(0, selected - list.height + 1)
    for (offset, choice) in choices.dropFirst(first).prefix(list.height).enumerated() {
        let style = first + offset == selected ? Theme.selected : Style.plain
        let line = list.line(offset)
        buffer.setString(
            String(repeating: " ", count: line.width), at: Position(row: line.row, column: line.column), style: style)
        var column = line.column
        if let dot = choice.dot {
            buffer.setString("●", at: Position(row: line.row, column: column), style: dot)
            column += 2
        }
        buffer.setString(
            choice.text, at: Position(row: line.row, column: column), style: style,
            maxWidth: max(0, line.right - column), ellipsis: true)
    }
    buffer.setString(
        tr(.pickHint), at: Position(row: hint.row, column: hint.column), style: Theme.dim,
        maxWidth: hint.width, ellipsis: true)
}

/// A screen with a picker over its bottom rows (whose profile `m` opens, of a post's
/// mentions): the screen as it was, then a box with `title` and the choices.
struct ChoiceOver: TabScreen {
    var base: TabScreen
    var title: String
    var choices: [String]
    var selected: Int

    func render(in area: Rect, into buffer: inout Buffer, layout: inout ScreenLayout) -> Position? {
        _ = base.render(in: area, into: &buffer, layout: &layout)
        let height = min(min(choices.count, 10) + 3, max(0, area.height - 1))
        guard height >= 4 else { return nil }
        let box = area.split(bottom: height).bottom
        buffer.fill(box)
        let view = BoxView(title: title, style: Theme.current.border)
        view.render(in: box, into: &buffer)
        drawChoices(choices.map { (nil, $0) }, selected: selected, in: view.inner(of: box), into: &buffer)
        layout.itemRows = []
        layout.listArea = nil
        return nil
    }
}
