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

    @Test(arguments: sizes) func placesFavoritesAndHelp(width: Int, height: Int) throws {
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "새내기 🌸")
        try Language.$scoped.withValue(.ko) {
            let harness = world.harness(width: width, height: height)
            #expect(harness.lines[0].hasPrefix("1 장소  2 즐겨찾기  3 피드  4 프로필"))
            expectGolden(harness, "ko-places")
            harness.press("s")
            harness.press("/")
            harness.type("서")
            expectGolden(harness, "ko-places-hangul")
            harness.press("esc")
            harness.press("?")
            expectGolden(harness, "ko-help-places")
            harness.press("esc")
            harness.press("2")
            expectGolden(harness, "ko-favorites")
            _ = try #require(harness.line(containing: "(1) · 최근 저장순"))
        }
    }

    @Test(arguments: sizes) func feedAndCompose(width: Int, height: Int) throws {
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "새내기")
        Language.$scoped.withValue(.ko) {
            let harness = world.harness(width: width, height: height)
            harness.press("3")
            expectGolden(harness, "ko-feed")
            #expect(harness.text.contains("분 전") || harness.text.contains("시간 전"))
            harness.press("n")
            harness.type("안녕 🌸")
            expectGolden(harness, "ko-feed-compose")
        }
    }

    @Test(arguments: sizes) func profile(width: Int, height: Int) throws {
        let world = try AppWorld()
        Language.$scoped.withValue(.ko) {
            let harness = world.harness(width: width, height: height)
            harness.press("4")
            expectGolden(harness, "ko-profile-signed-out")
            harness.press("c")
            harness.type("new@example.com")
            harness.press("tab")
            harness.type("short")
            harness.press("enter")
            expectGolden(harness, "ko-profile-register-error")
        }
    }

    @Test(arguments: sizes) func profileSignedIn(width: Int, height: Int) throws {
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "새내기 🌸", bio: "서울에서 온 newcomer. 지도와 긴 산책, 🍜 를 좋아합니다.")
        try world.services.tweets.post("하네스에서 쓴 첫 글", session: world.services.session())
        Language.$scoped.withValue(.ko) {
            let harness = world.harness(width: width, height: height)
            harness.press("4")
            expectGolden(harness, "ko-profile")
        }
    }

    @Test(arguments: ["1", "2", "3", "4", "?"]) func tinyTerminal(key: String) throws {
        let world = try AppWorld()
        Language.$scoped.withValue(.ko) {
            let harness = world.harness(width: 20, height: 6)
            harness.press(key)
            expectGolden(harness, "ko-tiny-\(key == "?" ? "help" : key)")
        }
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
