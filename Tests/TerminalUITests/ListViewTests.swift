import Testing

@testable import TerminalUI

struct ListViewTests {
    let rows: [Line] = (0..<10).map { Line("row \($0)") }

    @Test(
        arguments: [
            // (offset, selected, count, height) -> (offset, selected)
            (0, 0, 10, 4, 0, 0),
            (0, 3, 10, 4, 0, 3),
            (0, 4, 10, 4, 1, 4),
            (0, 9, 10, 4, 6, 9),
            (5, 2, 10, 4, 2, 2),
            (0, 15, 10, 4, 6, 9),
            (0, -3, 10, 4, 0, 0),
            (8, 9, 10, 4, 6, 9),
            (3, 3, 0, 4, 0, 0),
            (2, 2, 3, 10, 0, 2),
            (0, 5, 10, 0, 0, 5),
        ] as [(Int, Int, Int, Int, Int, Int)])
    func clamping(offset: Int, selected: Int, count: Int, height: Int, expectedOffset: Int, expectedSelected: Int) {
        let state = ListState(offset: offset, selected: selected).clamped(count: count, height: height)
        #expect(state == ListState(offset: expectedOffset, selected: expectedSelected))
    }

    @Test func movingClampsToTheList() {
        var state = ListState()
        state.move(by: -1, count: 10)
        #expect(state.selected == 0)
        state.move(by: 25, count: 10)
        #expect(state.selected == 9)
        state.selectFirst(count: 10)
        #expect(state == ListState(offset: 0, selected: 0))
        state.selectLast(count: 0)
        #expect(state.selected == 0)
    }

    @Test(arguments: [(0, 1, 3), (3, 1, 6), (8, 1, 9), (9, -1, 6), (2, -1, 0)] as [(Int, Int, Int)])
    func paging(from: Int, direction: Int, to: Int) {
        var state = ListState(selected: from)
        state.page(direction, count: 10, height: 4)
        #expect(state.selected == to)
    }

    @Test func scrollsToKeepTheSelectionVisible() {
        var buffer = Buffer(width: 8, height: 3)
        ListView(rows: rows, state: ListState(offset: 0, selected: 5)).render(in: buffer.area, into: &buffer)
        #expect(buffer.unstyled == Buffer(lines: ["row 3   ", "row 4   ", "row 5   "]))
        for column in 0..<8 {
            #expect(buffer[2, column].style.reverse)
            #expect(!buffer[1, column].style.reverse)
        }
    }

    @Test func spansKeepTheirColoursOnTheSelectedRow() {
        let line = Line([Span("★", style: .foreground(.yellow)), " ", Span("Se", style: .bold), "oul"])
        var buffer = Buffer(width: 10, height: 2)
        ListView(rows: [line, Line([Span("♥", style: .foreground(.red)), " 12"])], state: ListState())
            .render(in: buffer.area, into: &buffer)
        #expect(buffer.unstyled == Buffer(lines: ["★ Seoul   ", "♥ 12      "]))
        #expect(buffer[0, 0].style == Style(foreground: .yellow, reverse: true))
        #expect(buffer[0, 2].style == Style(bold: true, reverse: true))
        #expect(buffer[0, 4].style == Style(reverse: true))
        #expect(buffer[0, 9].style == Style(reverse: true))
        #expect(buffer[1, 0].style == Style(foreground: .red))
    }

    @Test func multiLineItemsScrollWhole() {
        let items: [[Line]] = (0..<4).map { [Line("post \($0)"), "caption", ""] }
        var buffer = Buffer(width: 7, height: 5)
        ListView(items: items, state: ListState(offset: 0, selected: 2)).render(in: buffer.area, into: &buffer)
        #expect(buffer.unstyled == Buffer(lines: ["post 2 ", "caption", "       ", "post 3 ", "caption"]))
        let view = ListView(items: items, state: ListState(offset: 0, selected: 2))
        #expect(view.item(at: Position(row: 3, column: 0), in: buffer.area) == 3)
    }

    @Test func emptyListShowsItsText() {
        var buffer = Buffer(width: 12, height: 2)
        ListView(rows: [], state: ListState(), emptyText: "No favorites yet").render(in: buffer.area, into: &buffer)
        #expect(buffer.unstyled == Buffer(lines: ["No favorites", "yet         "]))
    }

    @Test func cutRowsEndWithAnEllipsis() {
        var buffer = Buffer(width: 12, height: 1)
        let line = Line([Span("☆"), " 서울특별시 ", Span("Seoul, KR", style: .dim)])
        ListView(rows: [line], state: ListState(), showsSelection: false).render(in: buffer.area, into: &buffer)
        #expect(buffer.unstyled == Buffer(lines: ["☆ 서울특별… "]))
    }
}
