import Testing

@testable import TerminalUI

struct BufferTests {
    @Test func linesPadToTheWidestAndWideCharactersTakeTwoCells() {
        let buffer = Buffer(lines: ["ab", "서울"])
        #expect(buffer.width == 4)
        #expect(buffer.height == 2)
        #expect(buffer[0, 2] == Cell(" "))
        #expect(buffer[1, 0].symbol == "서")
        #expect(buffer[1, 1].isContinuation)
        #expect(buffer[1, 2].symbol == "울")
        #expect(buffer.lines == ["ab  ", "서울"])
    }

    @Test func setStringReturnsColumnsAndClips() {
        var buffer = Buffer(width: 6, height: 1)
        #expect(buffer.setString("가나다라", at: Position(row: 0, column: 0)) == 6)
        #expect(buffer.unstyled == Buffer(lines: ["가나다"]))
        var odd = Buffer(width: 5, height: 1)
        #expect(odd.setString("가나다", at: Position(row: 0, column: 0)) == 4)
        #expect(odd == Buffer(lines: ["가나 "]))
        var limited = Buffer(width: 10, height: 1)
        #expect(limited.setString("abcdef", row: 0, column: 2, maxWidth: 3) == 3)
        #expect(limited == Buffer(lines: ["  abc     "]))
    }

    @Test func ellipsisMarksCutText() {
        var buffer = Buffer(width: 8, height: 1)
        buffer.setString("서울특별시청", at: Position(row: 0, column: 0), ellipsis: true)
        #expect(buffer.unstyled == Buffer(lines: ["서울특… "]))
    }

    @Test func asciiLocalesCutWithTheirOwnEllipsis() {
        var buffer = Buffer(width: 6, height: 1)
        buffer.ellipsis = Markers.ascii.ellipsis
        buffer.setString("Seoul City", at: Position(row: 0, column: 0), ellipsis: true)
        #expect(buffer.unstyled == Buffer(lines: ["Seoul~"]))
    }

    @Test func outOfRangeWritesAreIgnored() {
        var buffer = Buffer(width: 3, height: 1)
        #expect(buffer.setString("x", at: Position(row: 1, column: 0)) == 0)
        #expect(buffer.setString("x", at: Position(row: -1, column: 0)) == 0)
        #expect(buffer.setString("x", at: Position(row: 0, column: 3)) == 0)
        #expect(buffer.unstyled == Buffer(lines: ["   "]))
        var empty = Buffer(width: 0, height: 0)
        #expect(empty.setString("x", at: Position(row: 0, column: 0)) == 0)
        empty.fill(Rect(row: 0, column: 0, width: 5, height: 5), with: Cell("x"))
        #expect(empty.cells.isEmpty)
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var buffer = Buffer(lines: ["가나다"])
        buffer.setString("x", at: Position(row: 0, column: 1))
        #expect(buffer.unstyled == Buffer(lines: [" x나다"]))
        buffer.setString("y", at: Position(row: 0, column: 2))
        #expect(buffer.unstyled == Buffer(lines: [" xy 다"]))
        buffer.setString("라", at: Position(row: 0, column: 3))
        #expect(buffer.unstyled == Buffer(lines: [" xy라 "]))
    }

    @Test func stylesAreStoredPerCell() {
        var buffer = Buffer(width: 4, height: 1)
        buffer.setString("ab", at: Position(row: 0, column: 1), style: .bold)
        #expect(buffer[0, 0].style == .plain)
        #expect(buffer[0, 1].style == .bold)
        #expect(buffer[0, 2].style == .bold)
        #expect(buffer[0, 3].style == .plain)
    }

    @Test func descriptionShowsTheScreen() {
        #expect(Buffer(lines: ["ab", "c"]).description == "+--+\n|ab|\n|c |\n+--+")
    }

    @Test func rectSplitsClampAtTinySizes() {
        let area = Rect(row: 0, column: 0, width: 3, height: 2)
        let (top, rest) = area.split(top: 5)
        #expect(top.height == 2)
        #expect(rest.isEmpty)
        #expect(area.inset(by: 2).isEmpty)
        #expect(area.rows([1, 1, 1]).map(\.height) == [1, 1, 0])
        #expect(area.centered(width: 10, height: 1) == Rect(row: 0, column: 0, width: 3, height: 1))
        #expect(Rect(row: 0, column: 0, width: -4, height: 2).width == 0)
    }

    @Test func setStringNeverStoresControls() {
        var buffer = Buffer(width: 20, height: 1)
        buffer.setString("\u{1B}]0;pwn\u{07}x\u{9B}2Jy\u{202E}z\u{1B}[31m!", at: Position(row: 0, column: 0))
        #expect(buffer.unstyled == Buffer(lines: ["xyz!                "]))
        for cell in buffer.cells {
            for scalar in cell.symbol.unicodeScalars {
                #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value))
            }
        }
    }

    @Test func drawingAHugeNameCostsOnlyWhatIsShown() {
        var buffer = Buffer(width: 12, height: 1)
        let name = String(repeating: "서울", count: 5_000_000)
        buffer.setString(name, at: Position(row: 0, column: 0), ellipsis: true)
        #expect(buffer.unstyled == Buffer(lines: ["서울서울서… "]))
    }
}
