import PlainText
import Testing

@testable import TerminalUI

/// Every widget at small and empty sizes: no crash, nothing drawn outside its area.
struct WidgetSizeTests {
    /// Made afresh for each test (widgets are values, not `Sendable`).
    static var widgets: [(String, any Widget)] {
        [
            (
                "header",
                TabHeaderView(titles: ["Places", "Favorites", "Feed", "Profile"], active: 3, rightLabel: "@서울사람")
            ),
            ("footer", FooterView(hints: [KeyHint(keys: "j/k", help: "move"), KeyHint(keys: "?", help: "help")])),
            ("toast", ToastView("Removed 서울 — u to undo", kind: .info)),
            (
                "list",
                ListView(
                    items: (0..<30).map { [Line("★ 서울 \($0) 🍣"), "caption"] }, state: ListState(offset: 3, selected: 20)
                )
            ),
            ("empty list", ListView(rows: [], state: ListState(), emptyText: "Nothing here yet")),
            ("field", TextFieldView(state: TextEditor("서울특별시 café"), placeholder: "Search", isFocused: true)),
            ("password", TextFieldView(state: TextEditor("hunter2"), isSecure: true, isFocused: true)),
            (
                "form",
                FormView(
                    title: "Sign in",
                    fields: [
                        FormField(label: "Email", error: "required"),
                        FormField(label: "Password", isSecure: true),
                    ], message: "Enter sign in")
            ),
            ("help", HelpOverlayView(entries: [KeyHint(keys: "j/k", help: "move"), KeyHint(keys: "q", help: "quit")])),
            (
                "map",
                MapView(
                    points: [GeoPoint(latitude: 37.5, longitude: 127), GeoPoint(latitude: 35.1, longitude: 129)],
                    selected: GeoPoint(latitude: 37.5, longitude: 127))
            ),
            ("paragraph", ParagraphView("오늘 날씨가 정말 좋네요 and a rather long English caption 👩‍👩‍👧")),
            ("box", BoxView(title: "Details")),
            ("lines", LinesView(["서울특별시", Line([Span("37.5665, 126.9780", style: .dim)])])),
        ]
    }

    @Test(arguments: [(20, 6), (1, 1), (2, 1), (1, 3), (0, 0), (5, 0), (80, 24), (3, 2)] as [(Int, Int)])
    func drawsAtAnySize(width: Int, height: Int) {
        for (name, widget) in Self.widgets {
            var buffer = Buffer(width: width, height: height)
            widget.render(in: buffer.area, into: &buffer)
            #expect(buffer.width == width && buffer.height == height, "\(name)")
        }
    }

    @Test func widgetsStayInsideTheirArea() {
        let area = Rect(row: 2, column: 3, width: 14, height: 3)
        for (name, widget) in Self.widgets {
            var buffer = Buffer(width: 20, height: 8, fill: Cell("x"))
            widget.render(in: area, into: &buffer)
            for row in 0..<8 {
                for column in 0..<20 where !area.contains(Position(row: row, column: column)) {
                    #expect(buffer[row, column] == Cell("x"), "\(name) drew at \(row),\(column)\n\(buffer)")
                }
            }
        }
    }

    @Test func linesAreCutNotWrapped() {
        var buffer = Buffer(width: 8, height: 3)
        LinesView(["서울특별시", Line([Span("37.5", style: .dim), Span(", 126.9780")])]).render(
            in: buffer.area, into: &buffer)
        #expect(buffer.unstyled == Buffer(lines: ["서울특… ", "37.5, 1…", "        "]))
        #expect(buffer[1, 0].style == .dim)
        #expect(buffer[1, 4].style == .plain)
    }

    @Test func aWholeScreenAtTwentyBySix() {
        var buffer = Buffer(width: 20, height: 6)
        let (header, rest) = buffer.area.split(top: 1)
        let (body, footer) = rest.split(bottom: 1)
        TabHeaderView(titles: ["Places", "Favorites", "Feed", "Profile"], active: 0, rightLabel: "guest")
            .render(in: header, into: &buffer)
        ListView(
            rows: ["☆ Seoul  (서울특별시)  Seoul, KR", "★ Busan  (부산광역시)", "☆ Jeju", "☆ Incheon", "☆ Daegu"],
            state: ListState(selected: 1)
        ).render(in: body, into: &buffer)
        FooterView(hints: [KeyHint(keys: "j/k", help: "move"), KeyHint(keys: "?", help: "help")]).render(
            in: footer, into: &buffer)
        #expect(
            buffer.unstyled
                == Buffer(lines: [
                    "1 Places 2 3 4 guest",
                    "☆ Seoul  (서울특별…",
                    "★ Busan  (부산광역…",
                    "☆ Jeju              ",
                    "☆ Incheon           ",
                    "j/k move  ? help    ",
                ]))
        #expect(buffer[2, 19].style.reverse)
        #expect(!buffer[1, 0].style.reverse)
    }
}
