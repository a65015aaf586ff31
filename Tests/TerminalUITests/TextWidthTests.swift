import Testing

@testable import TerminalUI

struct TextWidthTests {
    @Test(
        arguments: [
            ("a", 1), ("Z", 1), (" ", 1),
            // A syllable, a compatibility jamo, conjoining jamo.
            ("가", 2), ("힣", 2), ("ㄱ", 2), ("\u{1100}\u{1161}\u{11A8}", 2),
            ("中", 2), ("東", 2), ("カ", 2), ("Ａ", 2),
            ("😀", 2), ("🍣", 2), ("👩‍👩‍👧", 2), ("🇰🇷", 2), ("❤️", 2), ("👍🏽", 2),
            ("é", 1), ("e\u{301}", 1), ("a\u{308}\u{304}", 1),
            ("★", 1), ("☆", 1), ("♥", 1), ("♡", 1), ("…", 1), ("⣿", 1),
            ("\u{200B}", 0), ("\u{7}", 0),
        ] as [(String, Int)])
    func graphemeWidth(text: String, width: Int) {
        #expect(text.count == 1)
        #expect(TextWidth.of(Character(text)) == width)
    }

    @Test(
        arguments: [
            ("Seoul", 5), ("서울특별시", 10), ("Tokyo 東京", 10), ("café", 4), ("cafe\u{301}", 4), ("a👩‍👩‍👧b", 4), ("", 0),
        ] as [(String, Int)])
    func stringWidth(text: String, width: Int) {
        #expect(TextWidth.of(text) == width)
    }

    @Test(
        arguments: [
            ("Seoul", 10, "Seoul"),
            ("Seoul", 5, "Seoul"),
            ("Seoul City", 6, "Seoul…"),
            ("서울특별시", 10, "서울특별시"),
            ("서울특별시", 9, "서울특별…"),
            ("서울특별시", 6, "서울…"),
            ("서울특별시", 4, "서…"),
            ("서울", 1, "…"),
            ("a😀b", 3, "a…"),
            ("abc", 0, ""),
        ] as [(String, Int, String)])
    func truncation(text: String, width: Int, expected: String) {
        let result = TextWidth.truncate(text, to: width)
        #expect(result == expected)
        #expect(TextWidth.of(result) <= width)
    }

    @Test func wrapsByWords() {
        #expect(TextWidth.wrap("the quick brown fox jumps", width: 10) == ["the quick", "brown fox", "jumps"])
    }

    @Test func wrapBreaksLongWordsAndKeepsWideCharactersWhole() {
        #expect(TextWidth.wrap("abcdefghij xy", width: 4) == ["abcd", "efgh", "ij", "xy"])
        #expect(TextWidth.wrap("가나다라마", width: 5) == ["가나", "다라", "마"])
        #expect(TextWidth.wrap("오늘 날씨가 정말 좋네요", width: 10) == ["오늘", "날씨가", "정말", "좋네요"])
        #expect(TextWidth.wrap("오늘 날씨가", width: 12) == ["오늘 날씨가"])
    }

    @Test func wrapKeepsNewlinesAndHandlesTinyWidths() {
        #expect(TextWidth.wrap("one\n\ntwo", width: 10) == ["one", "", "two"])
        #expect(TextWidth.wrap("가", width: 1) == ["가"])
        #expect(TextWidth.wrap("abc", width: 0) == [])
    }
}
