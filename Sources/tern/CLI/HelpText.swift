import Localization
import TerminalUI

/// The help of Tern, of a group and of a command, all derived from the declarations in
/// `CommandTable` and `GlobalOptions`.
enum HelpText {
    static let version = "tern 0.1.0"

    static func general() -> String {
        var lines = [
            tr(.helpTagline),
            "",
        ]
        lines += columns(
            [
                ("tern \(tr(.helpGlobalOptionsValue))", tr(.helpStartInterface)),
                ("tern \(tr(.helpGlobalOptionsValue)) COMMAND …", tr(.helpRunOneCommand)),
                ("tern help [COMMAND]", tr(.helpShowCommandHelp)),
            ], indent: tr(.helpUsage), continuation: tr(.helpUsageIndent))
        lines.append("")
        lines.append(tr(.helpCommands))
        lines += commandList(CommandTable.all)
        lines.append("")
        lines.append(tr(.helpGlobalOptions))
        lines += optionList(GlobalOptions.specs)
        lines.append("")
        lines.append(tr(.helpExitStatus))
        return lines.joined(separator: "\n")
    }

    static func group(_ name: String) -> String {
        var lines = [tr(.helpGroupUsage, ["group": name]), ""]
        if let summary = CommandTable.groupSummaries[name] { lines += [sentence(tr(summary)), ""] }
        lines.append(tr(.helpCommands))
        lines += commandList(CommandTable.commands(in: name))
        lines.append("")
        lines.append(tr(.helpRunGroupCommand, ["group": name]))
        return lines.joined(separator: "\n")
    }

    static func command(_ spec: CommandSpec) -> String {
        var lines = [tr(.helpCommandUsage, ["usage": spec.usage]), "", sentence(spec.summaryText)]
        if !spec.options.isEmpty {
            lines.append("")
            lines.append(tr(.helpOptions))
            lines += optionList(spec.options)
        }
        lines.append("")
        lines.append(tr(.helpGlobalHere))
        return lines.joined(separator: "\n")
    }

    /// Usage on one line, what it does indented below: summaries are too long for a column.
    private static func commandList(_ specs: [CommandSpec]) -> [String] {
        specs.flatMap { ["  tern " + $0.usage, "      " + $0.summaryText] }
    }

    private static func optionList(_ specs: [OptionSpec]) -> [String] {
        columns(specs.map { ($0.synopsis, $0.helpText) }, indent: "  ", continuation: "  ")
    }

    /// Two columns, the second starting two spaces after the widest first cell (in terminal
    /// columns: Hangul takes two).
    private static func columns(_ rows: [(String, String)], indent: String, continuation: String) -> [String] {
        let width = rows.map { TextWidth.of($0.0) }.max() ?? 0
        return rows.enumerated().map { index, row in
            (index == 0 ? indent : continuation) + row.0
                + String(repeating: " ", count: width + 2 - TextWidth.of(row.0)) + row.1
        }
    }

    /// A summary as a sentence: capitalised, with a full stop.
    static func sentence(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst() + "."
    }
}
