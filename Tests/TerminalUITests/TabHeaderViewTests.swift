import Testing

@testable import TerminalUI

struct TabHeaderViewTests {
    let titles = ["Places", "Favorites", "Feed", "Profile"]

    func draw(width: Int, active: Int, label: String) -> Buffer {
        var buffer = Buffer(width: width, height: 1)
        TabHeaderView(titles: titles, active: active, rightLabel: label).render(in: buffer.area, into: &buffer)
        return buffer
    }

    @Test func fullWidthShowsEveryTitleAndTheLabelAtTheRight() {
        let buffer = draw(width: 80, active: 2, label: "@minji")
        #expect(
            buffer.unstyled
                == Buffer(lines: [
                    "1 Places  2 Favorites  3 Feed  4 Profile" + String(repeating: " ", count: 34) + "@minji"
                ]))
        let activeColumns = 23..<29  // "3 Feed"
        for column in 0..<80 {
            let style = buffer[0, column].style
            if activeColumns.contains(column) {
                #expect(style.reverse && style.bold, "column \(column)")
            } else if column >= 74 {
                #expect(style.foreground == .cyan, "column \(column)")
            } else {
                #expect(!style.reverse, "column \(column)")
            }
        }
    }

    @Test func twentyColumnsKeepOnlyTheActiveTitle() {
        #expect(draw(width: 20, active: 0, label: "guest").unstyled == Buffer(lines: ["1 Places 2 3 4 guest"]))
        #expect(draw(width: 20, active: 1, label: "@minji").unstyled == Buffer(lines: ["1 2 Favorites 3 4 @…"]))
    }

    @Test func wideLabelsAreCutWhole() {
        #expect(draw(width: 20, active: 0, label: "@서울사람").unstyled == Buffer(lines: ["1 Places 2 3 4  @서…"]))
    }

    @Test func narrowerStillDrawsNumbers() {
        #expect(draw(width: 8, active: 3, label: "guest").unstyled == Buffer(lines: ["1 2 3 4 "]))
        #expect(draw(width: 3, active: 0, label: "guest").unstyled == Buffer(lines: ["1 2"]))
        #expect(draw(width: 1, active: 0, label: "guest").unstyled == Buffer(lines: ["1"]))
    }
}
