import App
import Domain
import Foundation
import Localization
import TerminalUI
import Testing

/// The interface in Korean, at the usual sizes and the smallest: every screen's text comes
/// from the Korean catalogue, wide characters keep their columns, and cut text ends in `…`.
@Suite struct KoreanGoldenTests {
    static let sizes = [(80, 24), (120, 40)]

    static let scripts = [
        ScreenScript(
            newcomer: "새내기 🌸", .golden("ko-places"), .press("s"), .press("/"), .type("서"),
            .golden("ko-places-hangul"), .press("esc"), .press("?"), .golden("ko-help-places"), .press("esc"),
            .press("2"), .golden("ko-favorites")),
        ScreenScript(
            newcomer: "새내기", .press("3"), .golden("ko-feed"), .press("n"), .type("안녕 🌸"), .golden("ko-feed-compose")),
        // search: the people search over the Feed, found by Hangul initials.
        ScreenScript(.press("3"), .press("/"), .type("ㅅㅇ"), .golden("ko-people-search")),
        ScreenScript(
            .press("4"), .golden("ko-profile-signed-out"), .press("c"), .type("new@example.com"), .press("tab"),
            .type("short"), .press("enter"), .golden("ko-profile-register-error")),
        // The help scrolled to its end: every row whole, `↑` above and nothing hidden below.
        ScreenScript(
            .press("?"), .press("G"), .golden("ko-help-places-end"), .press("esc"), .press("3"), .press("?"),
            .golden("ko-help-feed")),
        ScreenScript(
            newcomer: "새내기 🌸", bio: "서울에서 온 newcomer. 지도와 긴 산책, 🍜 를 좋아합니다.",
            posts: ["하네스에서 쓴 첫 글"], .press("4"), .golden("ko-profile")),
        // pick: the place picker and the attached place, in Korean.
        ScreenScript(
            newcomer: "새내기", .press("3"), .press("n"), .type("강가에서 점심"), .press("ctrl-p"), .type("서울"),
            .golden("ko-feed-place-picker"), .press("enter"), .golden("ko-feed-compose-place")),
    ]

    @Test(arguments: sizes, scripts) func screen(size: (Int, Int), script: ScreenScript) throws {
        try script.run(width: size.0, height: size.1, language: .ko)
    }

    @Test func feedTimesAreKorean() throws {
        let (_, harness) = try ScreenScript(newcomer: "새내기", .press("3")).run(width: 80, height: 24, language: .ko)
        #expect(harness.text.contains("분 전") || harness.text.contains("시간 전"))
    }

    @Test(arguments: ["1", "2", "3", "4", "5", "?"]) func tinyTerminal(key: String) throws {
        try ScreenScript(.press(key), .golden("ko-tiny-\(key == "?" ? "help" : key)")).run(
            width: 20, height: 6, language: .ko)
    }

    @Test func wideTextIsNeverCutInHalfAndEndsInAnEllipsis() throws {
        let world = try AppWorld()
        Language.$scoped.withValue(.ko) {
            for width in 20...44 {
                let harness = world.harness(width: width, height: 8)
                harness.press("2")
                for row in 0..<8 {
                    // A wide character's second column is an empty cell; no half character remains.
                    for column in 0..<width where harness.screen[row, column].symbol.isEmpty {
                        #expect(column > 0 && TextWidth.of(harness.screen[row, column - 1].symbol) == 2)
                    }
                }
                let message = harness.lines.first { $0.contains("즐겨찾기를") }
                #expect(message != nil, "width \(width)")
            }
        }
    }

    /// At 80×24 and 120×40 every row of the help, on every tab, can be read whole by
    /// scrolling: no Korean label is cut with `…`, and the bottom line says when more is below.
    @Test(arguments: [(80, 24), (120, 40)]) func helpRowsAreNeverCut(size: (Int, Int)) throws {
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "새내기", bio: "")
        Language.$scoped.withValue(.ko) {
            for tab in ["1", "2", "3", "4"] {
                let harness = world.harness(width: size.0, height: size.1)
                harness.press(tab)
                harness.press("?")
                let sections = AppKeyMap.helpSections(for: harness.app)
                var frames = [harness.lines]
                var hintShown = false
                for _ in 0..<60 {
                    hintShown = hintShown || harness.text.contains("↓ 아래에 더 있음")
                    harness.press("j")
                    if harness.lines == frames.last { break }
                    frames.append(harness.lines)
                }
                #expect(frames.count == 1 || hintShown, "tab \(tab): the help scrolls without saying so")
                #expect(!harness.text.contains("아래에 더 있음"), "tab \(tab): the end of the help still says more is below")
                let seen = frames.flatMap { $0 }
                for entry in sections.flatMap(\.entries) {
                    let whole = seen.contains { $0.contains(entry.keys) && $0.contains(entry.help) }
                    #expect(whole, "tab \(tab) at \(size.0)x\(size.1): \(entry.keys) \(entry.help) is cut")
                }
            }
        }
    }

    /// The English catalogue's texts that Korean says otherwise (at least three letters, no
    /// placeholders; the default folder's stored name is data, not an interface text).
    static let englishOnlyTexts: [String] = {
        let english = Catalogue.texts(.en)
        let korean = Catalogue.texts(.ko)
        return TextKey.allCases.compactMap { key -> String? in
            guard let text = english[key], text != korean[key], !text.contains("{"), text != FavoriteFolder.defaultName,
                text.filter(\.isLetter).count >= 3
            else { return nil }
            return text
        }
    }()

    /// The English texts `screen` shows as whole words.
    static func englishTexts(in screen: String) -> [String] {
        func isLetter(_ character: Character?) -> Bool { character.map { $0.isASCII && $0.isLetter } ?? false }
        return englishOnlyTexts.filter { text in
            var rest = screen[...]
            while let range = rest.range(of: text) {
                let before = range.lowerBound > screen.startIndex ? screen[screen.index(before: range.lowerBound)] : nil
                let after = range.upperBound < screen.endIndex ? screen[range.upperBound] : nil
                if !isLetter(before) && !isLetter(after) { return true }
                rest = screen[range.upperBound...]
            }
            return false
        }
    }

    /// Every screen, form, picker and question a person can reach, in Korean at 80×24 and
    /// 120×40: none shows an English interface text.
    @Test(arguments: [(80, 24), (120, 40)]) func everyScreenReadsKorean(size: (Int, Int)) throws {
        let journeys: [[String]] = [
            ["/", "서", "enter", "enter"], ["s", "2", "m"], ["s", "2", "n"], ["s", "2", "M"], ["s", "2", "c"],
            ["s", "2", "x"],
            ["s", "2", "d"], ["S"], ["c"], ["3", "n"], ["3", "v"], ["3", "v", "v", "v"], ["3", "enter"],
            ["3", "n", "안", "esc"], ["4"],
            ["4", "e"],
            ["4", "o"], ["1", "?", "G"], ["2", "?", "G"], ["3", "?", "G"], ["4", "?", "G"],
        ]
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "새내기", bio: "")
        try world.services.tweets.post("하네스에서 쓴 첫 글", session: world.services.session())
        Language.$scoped.withValue(.ko) {
            for journey in journeys {
                let harness = world.harness(width: size.0, height: size.1)
                for key in journey {
                    if key.count == 1, !key.unicodeScalars.allSatisfy(\.isASCII) {
                        harness.type(key)
                    } else {
                        harness.press(key)
                    }
                    let left = Self.englishTexts(in: harness.text)
                    #expect(left.isEmpty, "after \(journey): English \(left)\n\(harness.text)")
                }
            }
        }
    }

    /// No Korean golden screen shows a text of the English catalogue where Korean has its
    /// own (a box title, a label, a hint), apart from the default folder's stored name.
    @Test func koreanGoldensShowNoEnglishCatalogueText() throws {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
        let files = try FileManager.default.contentsOfDirectory(atPath: golden.path).filter { $0.hasPrefix("ko-") }
        #expect(files.count >= 20)
        for file in files {
            let screen = try String(contentsOf: golden.appendingPathComponent(file), encoding: .utf8)
            #expect(Self.englishTexts(in: screen).isEmpty, "\(file) shows English \(Self.englishTexts(in: screen))")
        }
    }
}
