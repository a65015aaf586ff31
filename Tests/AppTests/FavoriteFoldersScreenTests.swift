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
    /// 40 folders at 100×30: the column scrolls to keep the selected folder drawn, and `↑`
    /// `↓` at its right edge say folders are hidden above or below.
    @Test func theFolderColumnScrollsWithTheSelection() throws {
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "New Comer")
        for number in 1...40 {
            let name = "폴더 " + (number < 10 ? "0" : "") + String(number)
            try world.services.favorites.createFolder(name: name, session: world.services.session())
        }
        let harness = world.harness(width: 100, height: 30)
        harness.press("2")
        let column = { harness.lines.dropFirst(2).map { Self.columns(24, of: $0) } }
        #expect(column()[0].contains("Favorites"))
        #expect(column().contains { $0.hasSuffix("↓ ") }, "folders hidden below are marked")
        #expect(!column().contains { $0.hasSuffix("↑ ") })
        for _ in 0..<35 { harness.press("]") }
        #expect(harness.app.favorites.state.selectedFolder?.name == "폴더 35")
        #expect(column().contains { $0.contains("폴더 35") }, "the selected folder is drawn:\n\(harness.text)")
        #expect(!column().contains { $0.contains("Favorites") })
        #expect(column().contains { $0.hasSuffix("↑ ") }, "folders hidden above are marked")
        for _ in 0..<5 { harness.press("]") }
        #expect(column().contains { $0.contains("폴더 40") })
        #expect(!column().contains { $0.hasSuffix("↓ ") }, "nothing hidden below the last folder")
    }

    /// The memo and folder-name fields stop at the limits their hints give (200 and 30
    /// characters): the counter counts to them and typing past them is refused at once.
    @Test func memoAndFolderNameStopAtTheirLimits() throws {
        let started = try ScreenScript(newcomer: "New Comer").run(width: 80, height: 24)
        let harness = started.harness
        harness.press("s")
        harness.press("2")
        for (key, limit) in [("e", 200), ("n", 30)] {
            harness.press(key)
            harness.type(String(repeating: "a", count: limit - 1))
            #expect(harness.text.contains("\(limit - 1)/\(limit)"), "\(harness.text)")
            harness.type("bcd")
            #expect(Self.promptText(harness.app.favorites.state.prompt)?.count == limit)
            #expect(harness.text.contains("at most \(limit) characters"), "\(harness.text)")
            if key == "e" { harness.press("esc") }
        }
        harness.press("enter")
        #expect(harness.app.favorites.state.selectedFolder?.name == String(repeating: "a", count: 29) + "b")
    }

    /// At 120 columns, beside the folders and the map, a favorite's row keeps when it was saved.
    @Test func theSavedTimeIsNotCutAt120Columns() throws {
        let started = try ScreenScript(newcomer: "New Comer").run(width: 120, height: 40)
        let harness = started.harness
        harness.press("s")
        harness.press("2")
        let row = try #require(harness.line(containing: "★ Seoul"))
        #expect(row.contains("saved now"), "\(row)")
    }

    static func promptText(_ prompt: FavoritesPrompt?) -> String? {
        switch prompt {
        case .memo(let form): return form.input.text
        case .folderName(let form): return form.input.text
        default: return nil
        }
    }

    /// The first `width` columns of a screen line (Hangul takes two).
    static func columns(_ width: Int, of line: String) -> String {
        var used = 0
        return String(
            line.prefix { character in
                used += TextWidth.of(String(character))
                return used <= width
            })
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
