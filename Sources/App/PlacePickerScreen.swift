import Domain
import Localization
import TerminalUI
import ViewModels

/// `attach-place` while writing a post: the screen as it was, then over its bottom rows a
/// box titled `Attach a place` with the query field, the places one a line (`★` a
/// favorite, `K` an online provider's, the removal of the attached place first), and the
/// picker's keys or what the providers are doing. Too small a terminal gets the field alone.
struct PlacePickerOver: TabScreen {
    var base: TabScreen
    var state: PlacePickerState
    var context: ScreenContext

    func render(in area: Rect, into buffer: inout Buffer, layout: inout ScreenLayout) -> Position? {
        _ = base.render(in: area, into: &buffer, layout: &layout)
        layout.itemRows = []
        layout.listArea = nil
        guard !area.isEmpty else { return nil }
        let listRows = min(max(state.rows.count, 1), 10)
        let height = min(listRows + 4, area.height)
        guard height >= 5, area.width >= 12 else {
            // The field alone on the last row: typing and Enter still work.
            let row = area.split(bottom: 1).bottom
            buffer.fill(row)
            return field(in: row, into: &buffer)
        }
        let box = area.split(bottom: height).bottom
        buffer.fill(box)
        let view = BoxView(title: tr(.placePickerTitle), style: Theme.current.border)
        view.render(in: box, into: &buffer)
        let inner = view.inner(of: box)
        let (fieldRow, below) = inner.split(top: 1)
        let cursor = field(in: fieldRow, into: &buffer)
        let (list, hint) = below.split(bottom: 1)
        if state.rows.isEmpty {
            let query = state.query.text.trimmingCharacters(in: .whitespaces)
            let text =
                !state.isAnswered
                ? tr(.loading) : query.isEmpty ? tr(.placePickerFavorites) : tr(.placePickerNothing, ["query": query])
            buffer.setString(
                text, at: Position(row: list.row, column: list.column), style: Theme.dim, maxWidth: list.width,
                ellipsis: true)
        }
        let first = max(0, state.list.selected - list.height + 1)
        for (offset, row) in state.rows.dropFirst(first).prefix(list.height).enumerated() {
            let isSelected = first + offset == state.list.selected
            let line = list.line(offset)
            let style = isSelected ? Theme.selected : Style.plain
            buffer.setString(
                String(repeating: " ", count: line.width), at: Position(row: line.row, column: line.column),
                style: style)
            Line(Self.spans(row, context: context, selected: isSelected)).render(in: line, into: &buffer)
        }
        let status =
            state.online.searching.isEmpty
            ? state.online.notice ?? tr(.placePickerKeys)
            : tr(.placePickerSearching, ["providers": state.online.searching.joined(separator: ", ")])
        buffer.setString(
            status, at: Position(row: hint.row, column: hint.column), style: Theme.dim, maxWidth: hint.width,
            ellipsis: true)
        return cursor
    }

    private func field(in row: Rect, into buffer: inout Buffer) -> Position? {
        let view = TextFieldView(
            state: state.query, placeholder: tr(.placePickerHint), isFocused: true,
            secureSymbol: context.markers.passwordDot)
        let label = context.markers.place + " "
        buffer.setString(label, at: Position(row: row.row, column: row.column), style: Theme.title, maxWidth: row.width)
        let fieldArea = row.inset(left: min(row.width, TextWidth.of(label)), right: 0)
        guard !fieldArea.isEmpty else { return nil }
        view.render(in: fieldArea, into: &buffer)
        return view.cursorPosition(in: fieldArea)
    }

    /// `★ Name · Region`, `K Name · Region`, `  Name · Region`, or `Remove Name`.
    static func spans(_ row: PlacePickerRow, context: ScreenContext, selected: Bool) -> [Span] {
        let base: Style = selected ? Theme.selected : .plain
        let dim: Style = selected ? Theme.selected : Theme.dim
        let mark: String
        switch row.kind {
        case .remove: return [Span(tr(.placePickerRemove, ["name": row.place.name]), style: base)]
        case .favorite: mark = context.markers.saved
        case .catalog: mark = " "
        case .online(let provider): mark = provider.isEmpty ? " " : provider
        }
        return [Span(mark + " ", style: selected ? base : Theme.label), Span(row.place.name, style: base)]
            + (row.place.region.isEmpty ? [] : [Span(" · " + row.place.region, style: dim)])
            + (row.place.distance.map { [Span(" · " + DistanceText.describe($0), style: dim)] } ?? [])
    }
}
