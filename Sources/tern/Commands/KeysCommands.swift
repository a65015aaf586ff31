import App
import Domain
import Localization
import TerminalUI

/// `tern keys`: every action the interface's keys trigger, with its stable name (what
/// `bind` and `unbind` in the config use), its screen, the keys in effect and the defaults.
enum KeysCommands {
    static let specs: [CommandSpec] = [
        CommandSpec(
            words: ["keys"], summary: .cmdKeys,
            run: list)
    ]

    /// One row of `tern keys --json`.
    struct Row: Encodable {
        let action: String
        let screen: String
        let keys: [String]
        let defaultKeys: [String]
        let help: String
    }

    /// One row per action: `bindings`' keys beside the defaults (`docs/keys.md` is made from
    /// the defaults' rows, `ReferenceDocs`).
    static func rows(_ bindings: KeyBindings) -> [Row] {
        zip(bindings.actions, KeyBindings.defaults.actions).map { current, original in
            Row(
                action: current.name, screen: current.screen.rawValue, keys: current.keys.map(\.description),
                defaultKeys: original.keys.map(\.description), help: tr(current.help))
        }
    }

    static func list(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let file = context.paths.configFile
        let rows = Self.rows(try KeyBindings.configured(try Config.load(file: file), file: file))
        if context.options.json {
            try context.printJSON(rows)
            return
        }
        let table =
            [[tr(.keysAction), tr(.keysScreen), tr(.keysKeys), tr(.keysDefault), ""]]
            + rows.map { row in
                [
                    row.action, row.screen, row.keys.isEmpty ? "-" : row.keys.joined(separator: ", "),
                    row.defaultKeys.joined(separator: ", "), row.help,
                ]
            }
        let widths = (0..<4).map { column in table.map { TextWidth.of($0[column]) }.max() ?? 0 }
        for line in table {
            let cells = line.enumerated().map { column, text in
                column < 4 ? text + String(repeating: " ", count: widths[column] - TextWidth.of(text) + 2) : text
            }
            context.printLine(cells.joined().trimmingTrailingSpaces)
        }
        context.printLine("Ctrl-C: " + tr(.keyQuitAnywhere))
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String { String(reversed().drop { $0 == " " }.reversed()) }
}
