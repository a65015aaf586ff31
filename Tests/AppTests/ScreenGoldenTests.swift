import App
import Domain
import Foundation
import TerminalUI
import Testing
import ViewModels

@Suite struct ScreenGoldenTests {
    static let sizes = [(80, 24), (120, 40)]

    @Test(arguments: sizes) func places(width: Int, height: Int) throws {
        let world = try AppWorld()
        let harness = world.harness(width: width, height: height)
        expectGolden(harness, "places")
        harness.press("/")
        harness.type("서")
        expectGolden(harness, "places-hangul")
    }

    @Test(arguments: sizes) func placesLongNameSelected(width: Int, height: Int) throws {
        let world = try AppWorld()
        let harness = world.harness(width: width, height: height)
        harness.press("G")
        expectGolden(harness, "places-long")
    }

    @Test(arguments: sizes) func favorites(width: Int, height: Int) throws {
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "New Comer 🌸")
        let harness = world.harness(width: width, height: height)
        harness.press("s")
        harness.press("j")
        harness.press("s")
        harness.press("2")
        expectGolden(harness, "favorites")
    }

    @Test(arguments: sizes) func favoritesEmpty(width: Int, height: Int) throws {
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "New Comer")
        let harness = world.harness(width: width, height: height)
        harness.press("2")
        expectGolden(harness, "favorites-empty")
    }

    @Test(arguments: sizes) func feed(width: Int, height: Int) throws {
        let world = try AppWorld()
        let harness = world.harness(width: width, height: height)
        harness.press("3")
        expectGolden(harness, "feed")
    }

    @Test(arguments: sizes) func feedCompose(width: Int, height: Int) throws {
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "New Comer")
        let harness = world.harness(width: width, height: height)
        harness.press("3")
        harness.press("n")
        harness.type("안녕 🌸")
        expectGolden(harness, "feed-compose")
    }

    @Test(arguments: sizes) func profileSignedOut(width: Int, height: Int) throws {
        let world = try AppWorld()
        let harness = world.harness(width: width, height: height)
        harness.press("4")
        expectGolden(harness, "profile-signed-out")
        harness.press("c")
        harness.type("new@example.com")
        harness.press("tab")
        harness.type("secret password")
        expectGolden(harness, "profile-register")
    }

    @Test(arguments: sizes) func profileSignedIn(width: Int, height: Int) throws {
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "New Comer 🌸", bio: "서울에서 온 newcomer. Likes maps, long walks and 🍜.")
        try world.services.tweets.post("first post from the harness", session: world.services.session())
        let harness = world.harness(width: width, height: height)
        harness.press("4")
        expectGolden(harness, "profile")
    }

    @Test(arguments: sizes) func help(width: Int, height: Int) throws {
        let world = try AppWorld()
        let harness = world.harness(width: width, height: height)
        harness.press("?")
        expectGolden(harness, "help-places")
    }

    @Test(arguments: ["1", "2", "3", "4", "?"]) func tinyTerminal(key: String) throws {
        let world = try AppWorld()
        let harness = world.harness(width: 20, height: 6)
        harness.press(key)
        expectGolden(harness, "tiny-\(key == "?" ? "help" : key)")
    }
}
