import Foundation
import Domain
import Localization
import TerminalUI
import ViewModels

/// `/` on the Feed: the people search field at the top of the Feed's area, then the people
/// it finds, one a line: `@username  Display Name  · N followers`.
struct PeopleSearchScreen: TabScreen {
    var state: PeopleSearchState
    var context: ScreenContext

    func render(in area: Rect, into buffer: inout Buffer, layout: inout ScreenLayout) -> Position? {
        guard !area.isEmpty else { return nil }
        let (fieldRow, rest) = area.split(top: 1)
        let label = tr(.peopleSearchTitle) + " "
        buffer.setString(
            label, at: Position(row: fieldRow.row, column: fieldRow.column), style: Theme.title,
            maxWidth: fieldRow.width)
        let fieldArea = fieldRow.inset(left: TextWidth.of(label), right: 1)
        let field = TextFieldView(
            state: state.query, placeholder: tr(.peopleSearchHint), isFocused: true,
            secureSymbol: context.markers.passwordDot)
        field.render(in: fieldArea, into: &buffer)
        let empty =
            !state.isAnswered
            ? tr(.loading) : tr(.peopleSearchNobody, ["query": state.query.text.trimmingCharacters(in: .whitespaces)])
        drawList(
            count: state.people.count, item: { [Self.line(state.people[$0])] }, list: state.list,
            in: rest.inset(top: 1), into: &buffer, layout: &layout, emptyText: empty)
        return field.cursorPosition(in: fieldArea)
    }

    /// `@username  Display Name  · N followers`.
    static func line(_ user: User) -> Line {
        Line([
            Span("@" + user.username, style: Theme.label), "  ", Span(DisplayName.shown(user.displayName)),
            Span("  · " + tr(.cliPeopleFollowers, ["count": grouped(user.followersCount)]), style: Theme.dim),
        ])
    }
}
