import Localization

/// `docs/keys.md` and `docs/commands.md`, made from the key table's defaults and the command
/// declarations (`make docs`; an end-to-end test fails when the committed files differ).
/// The docs are English, so they are made in English whatever the run's language.
enum ReferenceDocs {
    static let generatedNote =
        "<!-- Made by `make docs` (`tern __generate %@`) from the code: edit the code, not this file. -->"

    /// What each screen of the key table is, for its heading.
    static let screenTitles: [String: String] = [
        "global": "Everywhere (`global`)",
        "list": "Every list (`list`)",
        "places": "Places (`places`)",
        "favorites": "Favorites (`favorites`)",
        "feed": "Feed (`feed`)",
        "profile": "Profile (`profile`)",
        "search": "The Places search field (`search`)",
        "compose": "Writing a post (`compose`)",
        "form": "Forms: sign-in, account, profile (`form`)",
        "help": "The help overlay (`help`)",
        "confirm": "A question (`confirm`)",
        "author": "An author's profile (`author`)",
        "detail": "The full-screen place detail (`detail`)",
        "thread": "A post's thread (`thread`)",
        "people": "The people search over the Feed (`people`)",
        "place-picker": "The place picker over a post being written (`place-picker`)",
        "posts": "A place's posts (`posts`)",
    ]

    static func keys() -> String {
        let rows = KeysCommands.rows(.defaults)
        var lines = [
            note("keys.md"), "", "# Keys", "",
            "The interface's default keys, by screen. The name is what `bind` and `unbind` in the config use",
            "([config.md](config.md#keys)); `tern keys` lists the keys in effect. What each screen shows:",
            "[interface.md](interface.md).",
        ]
        var screens: [String] = []
        for row in rows where !screens.contains(row.screen) { screens.append(row.screen) }
        for screen in screens {
            lines += [
                "", "## " + (screenTitles[screen] ?? "`\(screen)`"), "", "| keys | name | what it does |",
                "|---|---|---|",
            ]
            for row in rows where row.screen == screen {
                let keys = row.defaultKeys.map { "`\($0)`" }.joined(separator: " ")
                lines.append("| \(keys) | `\(row.action)` | \(cell(row.help)) |")
            }
        }
        lines += ["", "Ctrl-C: " + tr(.keyQuitAnywhere) + " (it cannot be rebound)."]
        return lines.joined(separator: "\n") + "\n"
    }

    static func commands() -> String {
        var lines = [
            note("commands.md"), "", "# Commands", "",
            "Every command and option, as `tern help COMMAND` shows them. " + tr(.helpExitStatus),
            "How they behave: [cli.md](cli.md).", "", "## Global options", "",
            "They go anywhere on the line.", "",
        ]
        lines += optionTable(GlobalOptions.specs)
        var groupsDone: Set<String> = []
        for spec in CommandTable.all {
            guard let group = spec.group else {
                lines += ["", "## `tern \(spec.usage)`", ""] + command(spec)
                continue
            }
            guard groupsDone.insert(group).inserted else { continue }
            lines += ["", "## `tern \(group)`"]
            if let summary = CommandTable.groupSummaries[group] { lines += ["", HelpText.sentence(tr(summary))] }
            for member in CommandTable.commands(in: group) {
                lines += ["", "### `tern \(member.usage)`", ""] + command(member)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func command(_ spec: CommandSpec) -> [String] {
        var lines = [HelpText.sentence(spec.summaryText)]
        if !spec.options.isEmpty { lines += [""] + optionTable(spec.options) }
        return lines
    }

    private static func optionTable(_ options: [OptionSpec]) -> [String] {
        ["| option | what it does |", "|---|---|"]
            + options.map { "| `\($0.synopsis.replacingOccurrences(of: "|", with: "\\|"))` | \(cell($0.helpText)) |" }
    }

    private static func note(_ file: String) -> String {
        generatedNote.replacingOccurrences(of: "%@", with: file)
    }

    /// Text for a table cell: `|` escaped.
    private static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
}
