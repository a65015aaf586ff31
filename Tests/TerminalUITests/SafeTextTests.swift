import Testing
@testable import TerminalUI

struct SafeTextTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("\u{1B}[31mred\u{1B}[0m", "red"),
        ("\u{1B}[2J\u{1B}[Hcleared", "cleared"),
        ("\u{1B}]0;evil title\u{07}after", "after"),
        ("\u{1B}]0;evil title\u{1B}\\after", "after"),
        ("\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\", "link"),
        ("\u{1B}Pdcs stuff\u{1B}\\ok", "ok"),
        ("lone\u{1B}", "lone"),
        ("a\u{1B}cb", "ab"),
        ("\u{9B}31mC1 csi", "C1 csi"),
        ("\u{9D}0;t\u{9C}x", "x"),
        ("a\u{85}b\u{80}c\u{9F}", "abc"),
        ("bell\u{07}del\u{7F}nul\u{0}bs\u{8}", "belldelnulbs"),
        ("abc\u{202E}def\u{202C}", "abcdef"),
        ("\u{2066}iso\u{2069}\u{200E}\u{200F}\u{61C}", "iso"),
        ("tab\there", "tab here"),
        ("서울\u{1B}[1m특별시", "서울특별시"),
        ("cafe\u{301}", "cafe\u{301}"),
        ("👩‍👩‍👧 ok", "👩‍👩‍👧 ok"),
    ] as [(String, String)])
    func removesControls(input: String, expected: String) {
        #expect(SafeText.clean(input) == expected)
    }

    @Test func newlinesStayUnlessSingleLine() {
        #expect(SafeText.clean("a\nb") == "a\nb")
        #expect(SafeText.clean("a\nb", singleLine: true) == "a b")
        #expect(SafeText.clean("a\r\nb") == "a\nb")
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
}
