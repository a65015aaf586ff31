import App
import Domain
import Foundation
import TerminalUI
import Testing

/// Every built-in theme on Places (a saved place, a match, the selection) and the Feed (a
/// heart), with the cells' styles written out under the text.
@Suite struct ThemeGoldenTests {
    @Test(arguments: Theme.builtIn.map(\.name)) func themeScreens(name: String) throws {
        let theme = try #require(Theme.named(name))
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "New Comer")
        try Theme.$current.withValue(theme) {
            let harness = world.harness(width: 80, height: 24)
            harness.press("s")
            harness.press("/")
            harness.type("s")
            harness.press("enter")
            expectStyledGolden(harness, "theme-\(name)-places")
            harness.press("3")
            harness.press("l")
            harness.press("j")
            expectStyledGolden(harness, "theme-\(name)-feed")
            harness.press("?")
            expectStyledGolden(harness, "theme-\(name)-help")
            _ = try #require(harness.line(containing: "Keys"))
        }
    }

    /// `theme = mono` draws no colour anywhere, the mini-maps of Places and Favorites included.
    @Test func monoDrawsTheMapsWithoutColour() throws {
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "New Comer")
        try Theme.$current.withValue(.mono) {
            let harness = world.harness(width: 120, height: 40)
            harness.press("s")
            for tab in ["1", "2"] {
                harness.press(tab)
                _ = try #require(harness.line(containing: "Map"), "tab \(tab) has a map:\n\(harness.text)")
                var coloured: [String] = []
                for row in 0..<40 {
                    for column in 0..<120
                    where harness.screen[row, column].style.foreground != .default
                        || harness.screen[row, column].style.background != .default
                    {
                        coloured.append("\(row),\(column) \(harness.screen[row, column].symbol)")
                    }
                }
                #expect(coloured.isEmpty, "tab \(tab): coloured cells \(coloured.prefix(5))")
            }
        }
    }

    @Test func customColoursRecolourTheirRoles() throws {
        let config = try Config.parse(
            """
            theme = light
            color heart = #ff5f87
            color star = 214
            color selection = blue
            color errors = bright-red
            """, file: "/c")
        let theme = try Theme.configured(config, file: "/c", environment: [:])
        #expect(theme.name == "light")
        #expect(theme.heart.foreground == .rgb(0xFF, 0x5F, 0x87) && theme.heart.bold)
        #expect(theme.star.foreground == .indexed(214))
        #expect(theme.selection.background == .blue)
        #expect(theme.error.foreground == .brightRed && theme.toastError.background == .brightRed)
        #expect(theme.match == Theme.light.match)
    }

    @Test func environmentThemeWinsAndNoColorWinsOverAll() throws {
        let config = try Config.parse("theme = light\ncolor heart = red\n", file: "/c")
        #expect(
            try Theme.configured(config, file: "/c", environment: ["TERN_THEME": "high-contrast"]).name
                == "high-contrast")
        #expect(
            try Theme.configured(config, file: "/c", environment: ["NO_COLOR": "1", "TERN_THEME": "light"]) == .mono)
        #expect(try Theme.configured(.defaults, file: "/c", environment: [:]) == .dark)
        #expect(throws: ThemeError.unknownEnvironmentTheme("solarized")) {
            try Theme.configured(config, file: "/c", environment: ["TERN_THEME": "solarized"])
        }
    }

    static let badConfigs: [(String, String)] = [
        ("theme = solarized", "/c:1: unknown theme \"solarized\" (known: dark, light, high-contrast, mono)"),
        ("\ncolor heart = pinkish", "/c:2: unknown colour \"pinkish\": a name (red, bright-blue…), 0-255 or #rrggbb"),
        ("color heart = 256", "/c:1: unknown colour \"256\": a name (red, bright-blue…), 0-255 or #rrggbb"),
        ("color heart = #12345g", "/c:1: unknown colour \"#12345g\": a name (red, bright-blue…), 0-255 or #rrggbb"),
        (
            "color hearts = red",
            "/c:1: unknown colour role \"hearts\" (roles: selection, heart, star, match, muted, borders, errors)"
        ),
    ]

    @Test(arguments: badConfigs) func badThemeLinesNameFileAndLine(text: String, message: String) throws {
        let config = try Config.parse(text, file: "/c")
        #expect(throws: ConfigError.self) { try Theme.configured(config, file: "/c", environment: [:]) }
        do { _ = try Theme.configured(config, file: "/c", environment: [:]) } catch {
            #expect("\(error)" == message)
        }
    }

    @Test func coloursFallBackToTheNearestTheTerminalHas() {
        #expect(Color(spec: "#ff0000")?.nearestIndex(among: 256) == 196)
        #expect(Color(spec: "#ff0000")?.nearestIndex(among: 16) == 9)
        #expect(Color(spec: "#808080")?.nearestIndex(among: 256) == 244)
        #expect(Color(spec: "214")?.nearestIndex(among: 256) == 214)
        #expect(Color(spec: "214")?.nearestIndex(among: 16) == 3)
        #expect(Color(spec: "red")?.nearestIndex(among: 16) == 1)
        #expect(Color(spec: "default")?.nearestIndex(among: 256) == nil)
    }
}

/// Compares the screen and its styles with `Golden/<name>-<W>x<H>.txt`: the text, then
/// `--- styles`, a legend of one letter per style, and the letters of each row.
func expectStyledGolden(_ harness: AppHarness, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let screen = harness.screen
    var legend: [Style: Character] = [:]
    var order: [Style] = []
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    var rows: [String] = []
    for row in 0..<screen.height {
        var text = ""
        for column in 0..<screen.width {
            let style = screen[row, column].style
            if legend[style] == nil {
                legend[style] = letters[min(order.count, letters.count - 1)]
                order.append(style)
            }
            text.append(legend[style]!)
        }
        rows.append(text)
    }
    let styles = order.map { "\(legend[$0]!): \(describe($0))" }
    expectGolden(
        harness, name, text: harness.text + "\n--- styles\n" + (styles + rows).joined(separator: "\n") + "\n",
        sourceLocation: sourceLocation)
}

private func describe(_ style: Style) -> String {
    var parts: [String] = []
    if style.foreground != .default { parts.append("fg=\(style.foreground)") }
    if style.background != .default { parts.append("bg=\(style.background)") }
    for (flag, word) in [
        (style.bold, "bold"), (style.dim, "dim"), (style.underline, "underline"), (style.reverse, "reverse"),
    ]
    where flag { parts.append(word) }
    return parts.isEmpty ? "plain" : parts.joined(separator: " ")
}
