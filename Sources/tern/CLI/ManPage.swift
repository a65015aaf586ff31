import Localization

/// `tern.1`, the manual page, made from the same declarations as `tern --help` and the key
/// table (`tern __generate tern.1`; `make install` installs it). The commands, options and
/// keys come from the code; the environment and the files are listed here, in English.
enum ManPage {
    static func page() -> String {
        var page = [
            ".TH TERN 1 \"\" \"\(HelpText.version)\" \"User Commands\"",
            ".SH NAME", "tern \\- places and posts in your terminal",
            ".SH SYNOPSIS",
            ".B tern", "[\\fIGLOBAL OPTIONS\\fR]", ".br",
            ".B tern", "[\\fIGLOBAL OPTIONS\\fR] \\fICOMMAND\\fR ...", ".br",
            ".B tern help", "[\\fICOMMAND\\fR]",
            ".SH DESCRIPTION",
            text(
                "Tern searches places (Hangul included), keeps favorites in folders, and reads and writes a "
                    + "feed of short posts, in one ncurses interface or one command at a time. Without a command it "
                    + "starts the interface; every command prints text for people, or JSON with --json."),
            ".SH GLOBAL OPTIONS",
            text("They go anywhere on the line. Options take --name VALUE or --name=VALUE; -- ends the options."),
        ]
        page += options(GlobalOptions.specs)
        page.append(".SH COMMANDS")
        var groupsDone: Set<String> = []
        for spec in CommandTable.all {
            guard let group = spec.group else {
                page += command(spec)
                continue
            }
            guard groupsDone.insert(group).inserted else { continue }
            page.append(".SS " + text(group))
            if let summary = CommandTable.groupSummaries[group] { page.append(text(HelpText.sentence(tr(summary)))) }
            for member in CommandTable.commands(in: group) { page += command(member) }
        }
        page += keys()
        page += [".SH EXIT STATUS", text(tr(.helpExitStatus))]
        page += section("ENVIRONMENT", environment)
        page += section("FILES", files)
        page += [
            ".SH SEE ALSO",
            text(
                "The guides in the source tree's docs/ directory: interface.md, cli.md, config.md, server.md, files.md."
            ),
        ]
        return page.joined(separator: "\n") + "\n"
    }

    static let environment: [(String, String)] = [
        ("TERN_DATA_DIR", "the data directory, as --data-dir"),
        ("TERN_SESSION", "the session file, as --session"),
        ("TERN_STORE", "a team server's postgres:// URL or another database file, as --store"),
        ("TERN_LANG", "the language: en, ko, or a locale name; else the config's language, else the locale"),
        ("TERN_THEME", "the theme: dark, light, high-contrast or mono"),
        ("NO_COLOR", "any non-empty value draws without colour (the mono theme)"),
        ("TERN_INVITE", "the invitation a team server's registration takes"),
        ("TERN_POOLER", "the pgbouncer (postgres:// URL) a signed-in account reaches the team server through"),
        ("KAKAO_REST_API_KEY", "Kakao Local's REST API key (wins over the config's kakao_key)"),
        ("TERN_KAKAO_URL, TERN_NOMINATIM_URL", "the online providers' servers"),
        ("TERN_RESOURCES", "where the shipped catalog and sample community are"),
        ("XDG_DATA_HOME, XDG_STATE_HOME, XDG_CONFIG_HOME", "where the files below are, by default"),
    ]

    static let files: [(String, String)] = [
        ("~/.local/share/tern/tern.db", "the embedded database"),
        ("~/.local/share/tern/places/", "imported places, the catalog image, online answers"),
        ("~/.local/share/tern/sync/", "a team server's local replica and outbox, per account"),
        ("~/.local/state/tern/session", "the session (mode 0600)"),
        ("~/.local/state/tern/pool-session", "a team server's pooled session token, with TERN_POOLER (mode 0600)"),
        ("~/.config/tern/config", "the config: keys, themes, language, online providers, home point, store"),
    ]

    private static func command(_ spec: CommandSpec) -> [String] {
        var lines = [".TP", "\\fBtern " + text(spec.usage) + "\\fR", text(HelpText.sentence(spec.summaryText))]
        if !spec.options.isEmpty { lines += [".RS"] + options(spec.options) + [".RE"] }
        return lines
    }

    private static func options(_ specs: [OptionSpec]) -> [String] {
        specs.flatMap { [".TP", "\\fB" + text($0.synopsis) + "\\fR", text($0.helpText)] }
    }

    private static func keys() -> [String] {
        var lines = [
            ".SH KEYS",
            text(
                "The interface's default keys, by screen; the config's bind and unbind lines change them, "
                    + "and tern keys lists the keys in effect."),
        ]
        let rows = KeysCommands.rows(.defaults)
        var screens: [String] = []
        for row in rows where !screens.contains(row.screen) { screens.append(row.screen) }
        for screen in screens {
            lines.append(".SS " + text(screen))
            for row in rows where row.screen == screen {
                lines += [".TP", "\\fB" + text(row.defaultKeys.joined(separator: ", ")) + "\\fR", text(row.help)]
            }
        }
        return lines + [".TP", "\\fBCtrl-C\\fR", text(tr(.keyQuitAnywhere))]
    }

    private static func section(_ title: String, _ rows: [(String, String)]) -> [String] {
        [".SH " + title] + rows.flatMap { [".TP", "\\fB" + text($0.0) + "\\fR", text($0.1)] }
    }

    /// `value` as roff text: backslashes and hyphens escaped, a leading `.` or `'` kept from
    /// being read as a request, and every character past ASCII written as `\[uXXXX]`.
    static func text(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "\n": out += " "
            default:
                if scalar.isASCII {
                    out.unicodeScalars.append(scalar)
                } else {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                }
            }
        }
        return out.hasPrefix(".") || out.hasPrefix("'") ? "\\&" + out : out
    }
}
