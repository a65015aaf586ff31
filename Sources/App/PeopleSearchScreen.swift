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
            count: state.people.count,
            item: { index in
                let person = state.people[index]
                let highlight = state.highlights.indices.contains(index) ? state.highlights[index] : nil
                return [Self.line(person, highlight, face: Self.face(of: person, context: context))]
            },
            list: state.list,
            in: rest.inset(top: 1), into: &buffer, layout: &layout, emptyText: empty)
        return field.cursorPosition(in: fieldArea)
    }

    /// The person's face one row high, as beside `@you` in the header (empty when faces are off).
    static func face(of user: User, context: ScreenContext) -> [Span] {
        context.face(
            key: user.id, avatar: user.avatar, displayName: user.displayName, username: user.username,
            rows: FaceCells.headerRows
        ).first.map { $0 + [Span(" ")] } ?? []
    }

    /// `FACE @username  Display Name  · N followers`, what the query matched emphasised.
    static func line(_ user: User, _ highlight: PersonHighlight?, face: [Span] = []) -> Line {
        let username = highlight?.username.map { ($0.lowerBound + 1)..<($0.upperBound + 1) }
        let name = user.displayName.isEmpty ? nil : highlight?.displayName
        return Line(
            face
                + Line.emphasising("@" + user.username, range: username, style: Theme.label, emphasis: Theme.match)
                .spans
                + ["  "]
                + Line.emphasising(DisplayName.shown(user.displayName), range: name, emphasis: Theme.match).spans
                + [Span("  · " + tr(.cliPeopleFollowers, ["count": grouped(user.followersCount)]), style: Theme.dim)])
    }
}
