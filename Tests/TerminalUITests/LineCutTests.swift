import Testing

@testable import TerminalUI

/// Cut text always ends in `…`, also when a span exactly fills the row and more follows.
@Suite struct LineCutTests {
    @Test(arguments: [
        (10, "Seoul Kor…"), (11, "Seoul Kore…"), (12, "Seoul Korea…"), (14, "Seoul Korea  2"), (5, "Seou…"),
    ])
    func aCutLineEndsInAnEllipsis(width: Int, expected: String) {
        var buffer = Buffer(width: width, height: 1)
        Line([Span("Seoul"), Span(" Korea"), Span("  2")]).render(in: buffer.area, into: &buffer)
        #expect(buffer.lines == [expected.padding(toLength: width, withPad: " ", startingAt: 0)])
    }
}
