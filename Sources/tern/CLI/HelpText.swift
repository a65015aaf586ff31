/// The help of Tern, of a group and of a command, all derived from the declarations in
/// `CommandTable` and `GlobalOptions`.
enum HelpText {
    static let version = "tern 0.1.0"

    static func general() -> String {
        var lines = [
            "Tern: places and posts in your terminal.",
            "",
        ]
        lines += columns([
            ("tern [GLOBAL OPTIONS]", "start the interface"),
            ("tern [GLOBAL OPTIONS] COMMAND …", "run one command"),
            ("tern help [COMMAND]", "show what a command or group takes"),
        ], indent: "Usage: ", continuation: "       ")
        lines.append("")
        lines.append("Commands:")
        lines += commandList(CommandTable.all)
        lines.append("")
        lines.append("Global options:")
        lines += optionList(GlobalOptions.specs)
        lines.append("")
        lines.append("Exit status: 0 success, 1 a refused or failed action, 2 a usage error.")
        return lines.joined(separator: "\n")
    }

    static func group(_ name: String) -> String {
        var lines = ["Usage: tern \(name) COMMAND …", ""]
        if let summary = CommandTable.groupSummaries[name] { lines += [capitalised(summary) + ".", ""] }
        lines.append("Commands:")
        lines += commandList(CommandTable.commands(in: name))
        lines.append("")
        lines.append("Run 'tern help \(name) COMMAND' for a command's options.")
        return lines.joined(separator: "\n")
    }

    static func command(_ spec: CommandSpec) -> String {
        var lines = ["Usage: tern \(spec.usage)", "", capitalised(spec.summary) + "."]
        if !spec.options.isEmpty {
            lines.append("")
            lines.append("Options:")
            lines += optionList(spec.options)
        }
        lines.append("")
        lines.append("Global options (--json, --data-dir DIR, …) work here too: tern --help lists them.")
        return lines.joined(separator: "\n")
    }

    /// Usage on one line, what it does indented below: summaries are too long for a column.
    private static func commandList(_ specs: [CommandSpec]) -> [String] {
        specs.flatMap { ["  tern " + $0.usage, "      " + $0.summary] }
    }

    private static func optionList(_ specs: [OptionSpec]) -> [String] {
        columns(specs.map { ($0.synopsis, $0.help) }, indent: "  ", continuation: "  ")
    }

    /// Two columns, the second starting two spaces after the widest first cell.
    private static func columns(_ rows: [(String, String)], indent: String, continuation: String) -> [String] {
        let width = rows.map(\.0.count).max() ?? 0
        return rows.enumerated().map { index, row in
            (index == 0 ? indent : continuation) + row.0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + row.1
        }
    }

    private static func capitalised(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}
