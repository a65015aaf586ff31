import App
import Domain
import Foundation
import Localization
import TerminalUI
import Testing
import ViewModels

/// The Favorites screen with folders, driven through the real keymap: create a folder,
/// save into it from Places, write a memo, move a place, change the order.
@Suite struct FavoriteFoldersScreenTests {
    static let sizes = [(80, 24), (120, 40)]

    @Test(arguments: sizes) func foldersMemosAndPickers(width: Int, height: Int) throws {
        let started = try ScreenScript(newcomer: "New Comer").run(width: width, height: height)
        let harness = started.harness
        harness.press("s")
        harness.press("2")
        harness.press("n")
        harness.type("제주 여행")
        expectGolden(harness, "folders-new")
        harness.press("enter")
        #expect(harness.app.favorites.state.selectedFolder?.name == "제주 여행")

        harness.press("1")
        harness.press("j")
        harness.press("S")
        expectGolden(harness, "folders-save-picker")
        harness.press("j")
        harness.press("enter")
        harness.press("2")
        #expect(harness.app.favorites.state.items.map(\.placeName) == ["Tokyo"])
        harness.press("e")
        harness.type("일출 명소, 07:37")
        harness.press("enter")
        #expect(harness.app.favorites.state.items.first?.memo == "일출 명소, 07:37")
        expectGolden(harness, "folders-trip")

        // Back to the default folder: move Seoul into the trip, order the trip by name.
        harness.press("[")
        harness.press("m")
        expectGolden(harness, "folders-move-picker")
        harness.press("enter")
        #expect(harness.app.favorites.state.items.isEmpty)
        harness.press("]")
        harness.press("o")
        #expect(harness.app.favorites.state.items.map(\.placeName) == ["Seoul", "Tokyo"])
        #expect(harness.app.favorites.state.selectedFolder?.sort == .name)
        harness.press("D")
        expectGolden(harness, "folders-delete")
        harness.press("esc")
        #expect(harness.app.favorites.state.folders.count == 2)
    }

    @Test func theStarStaysWhileThePlaceIsInAnyFolder() throws {
        let started = try ScreenScript(newcomer: "New Comer").run(width: 80, height: 24)
        let harness = started.harness
        harness.press("s")
        #expect(harness.lines[2].hasPrefix("★ Seoul"))
        harness.press("2")
        harness.press("n")
        harness.type("Trip")
        harness.press("enter")
        harness.press("[")
        harness.press("c")
        harness.press("enter")
        harness.press("s")
        harness.press("1")
        #expect(harness.lines[2].hasPrefix("★ Seoul"), "still in Trip")
        harness.press("2")
        harness.press("]")
        harness.press("x")
        harness.press("1")
        #expect(harness.lines[2].hasPrefix("☆ Seoul"), "in no folder")
    }
}

/// Favorites' footer and `?` overlay name each folder key once: `]`/Right forward, `[`/Left back.
@Suite struct FavoritesFolderKeysHelpTests {
    @Test(arguments: [Language.en, .ko]) func theFolderKeysAreShownAsTheyAct(language: Language) throws {
        try Language.$scoped.withValue(language) {
            let world = try AppWorld()
            let harness = world.harness(width: 120, height: 60)
            harness.press("2")
            #expect(harness.lines[59].contains("]/Right " + tr(.keyNextFolder)), "\(harness.lines[59])")
            #expect(!harness.text.contains("]/["))
            harness.press("?")
            #expect(harness.line(containing: "]/Right")?.contains(tr(.keyNextFolder)) == true)
            #expect(harness.line(containing: "[/Left")?.contains(tr(.keyPreviousFolder)) == true)
            #expect(!harness.text.contains("]/["))
        }
    }
}
