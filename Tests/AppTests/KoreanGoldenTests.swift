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
        ScreenScript(newcomer: "새내기 🌸", .golden("ko-places"), .press("s"), .press("/"), .type("서"),
                     .golden("ko-places-hangul"), .press("esc"), .press("?"), .golden("ko-help-places"), .press("esc"),
                     .press("2"), .golden("ko-favorites")),
        ScreenScript(newcomer: "새내기", .press("3"), .golden("ko-feed"), .press("n"), .type("안녕 🌸"), .golden("ko-feed-compose")),
        ScreenScript(.press("4"), .golden("ko-profile-signed-out"), .press("c"), .type("new@example.com"), .press("tab"),
                     .type("short"), .press("enter"), .golden("ko-profile-register-error")),
        ScreenScript(newcomer: "새내기 🌸", bio: "서울에서 온 newcomer. 지도와 긴 산책, 🍜 를 좋아합니다.",
                     posts: ["하네스에서 쓴 첫 글"], .press("4"), .golden("ko-profile")),
    ]

    @Test(arguments: sizes, scripts) func screen(size: (Int, Int), script: ScreenScript) throws {
        try script.run(width: size.0, height: size.1, language: .ko)
    }

    @Test func feedTimesAreKorean() throws {
        let (_, harness) = try ScreenScript(newcomer: "새내기", .press("3")).run(width: 80, height: 24, language: .ko)
        #expect(harness.text.contains("분 전") || harness.text.contains("시간 전"))
    }

    @Test(arguments: ["1", "2", "3", "4", "?"]) func tinyTerminal(key: String) throws {
        try ScreenScript(.press(key), .golden("ko-tiny-\(key == "?" ? "help" : key)")).run(width: 20, height: 6, language: .ko)
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
}
