import Foundation
import Testing

@testable import PlainText

struct SafeTextTests {
    @Test(
        arguments: [
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
            ("line\u{2028}para\u{2029}end", "line para end"),
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

    /// Every code point the filter must refuse, and neighbours it must keep: one table
    /// that the importer, validation, the editor and drawing all follow.
    @Test(
        arguments: [
            (0x00, true), (0x09, true), (0x0A, true), (0x1B, true), (0x1F, true), (0x20, false), (0x7E, false),
            (0x7F, true), (0x80, true), (0x85, true), (0x9B, true), (0x9F, true), (0xA0, false), (0xE9, false),
            (0x061B, false), (0x061C, true), (0x061D, false), (0x200D, false), (0x200E, true), (0x200F, true),
            (0x2027, false), (0x2028, true), (0x2029, true), (0x202A, true), (0x202E, true), (0x202F, false),
            (0x2065, false), (0x2066, true), (0x2069, true), (0x206A, false), (0xAC00, false), (0xFE0F, false),
            (0x1F600, false),
        ] as [(UInt32, Bool)])
    func unsafeTable(codePoint: UInt32, unsafe: Bool) {
        let scalar = Unicode.Scalar(codePoint)!
        #expect(SafeText.isUnsafe(scalar) == unsafe)
        #expect(SafeText.unsafeRanges.contains { $0.contains(codePoint) } == unsafe)
    }

    @Test func cleanOutputNeverHoldsAnUnsafeCharacter() {
        for codePoint in UInt32(0)...0x2100 {
            guard let scalar = Unicode.Scalar(codePoint) else { continue }
            let cleaned = SafeText.clean("a" + String(scalar) + "b", singleLine: true)
            #expect(SafeText.firstUnsafe(in: cleaned) == nil, "U+\(String(codePoint, radix: 16)) survived")
        }
    }

    @Test func combiningMarksAreCutToThirtyPerCharacter() {
        let zalgo = "e" + String(repeating: "\u{301}", count: 20_000) + "x"
        let cleaned = SafeText.clean(zalgo)
        #expect(cleaned.unicodeScalars.count == 1 + SafeText.maxCombiningMarks + 1)
        #expect(cleaned.hasSuffix("x"))
        #expect(SafeText.clean("cafe\u{301}") == "cafe\u{301}")
    }

    @Test func joinersAndOtherExtendersAreCutLikeMarks() {
        let joined = "👩" + String(repeating: "\u{200D}", count: 2_000) + "x"
        let cleaned = SafeText.clean(joined)
        #expect(cleaned.unicodeScalars.count == 1 + SafeText.maxCombiningMarks + 1)
        #expect(cleaned.count == 2)
        let chain = String(repeating: "👩\u{200D}", count: 1_000) + "x"
        let chained = SafeText.clean(chain)
        #expect(SafeText.longestMarkRun(chained) == SafeText.maxCombiningMarks)
        #expect(chained.unicodeScalars.last == "x")
        #expect(chained.map { $0.unicodeScalars.count }.max()! <= 1 + SafeText.maxCombiningMarks)
        // Real sequences are far below the bound and stay whole.
        let family = "👩\u{200D}👩\u{200D}👧"
        let thumbs = "👍\u{1F3FD}"
        #expect(SafeText.clean(family + thumbs) == family + thumbs)
    }

    @Test func displayTextIsCutWithAnEllipsis() {
        let long = String(repeating: "가", count: 10_000)
        let shown = SafeText.forDisplay(long, maxCharacters: 100)
        #expect(shown.count == 101)
        #expect(shown.hasSuffix("…"))
        #expect(SafeText.forDisplay("short") == "short")
        #expect(SafeText.quoted("--\u{1B}[2Jkey\nx") == "--key x")
    }

    @Test func cleanPrefixSaysWhetherItSawEverything() {
        #expect(SafeText.cleanPrefix("abc", maxScalars: 3, singleLine: true) == ("abc", true))
        #expect(SafeText.cleanPrefix("abcd", maxScalars: 3, singleLine: true) == ("abc", false))
        #expect(SafeText.cleanPrefix("\u{1B}[31mab", maxScalars: 2, singleLine: true) == ("ab", true))
    }

    @Test(
        arguments: [
            ("{\"a\":\"x\u{85}y\"}", "{\"a\":\"x\\u0085y\"}"),
            ("[\"\u{9B}2J\", \"\u{202E}\u{2066}\"]", "[\"\\u009b2J\", \"\\u202e\\u2066\"]"),
            ("\"\u{2028}\u{2029}\u{7F}\u{200E}\u{61C}\"", "\"\\u2028\\u2029\\u007f\\u200e\\u061c\""),
            ("{\n  \"k\" : \"서울 👩‍👩‍👧\"\n}", "{\n  \"k\" : \"서울 👩‍👩‍👧\"\n}"),
        ] as [(String, String)])
    func jsonEscapesEveryUnsafeCharacter(json: String, expected: String) throws {
        let escaped = SafeText.escapingUnsafeInJSON(json)
        #expect(escaped == expected)
        #expect(!escaped.unicodeScalars.contains { $0.value >= 0x7F && SafeText.isUnsafe($0) })
        let before = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        let after = try JSONSerialization.jsonObject(with: Data(escaped.utf8), options: .fragmentsAllowed)
        #expect(String(describing: before) == String(describing: after))
    }
}
