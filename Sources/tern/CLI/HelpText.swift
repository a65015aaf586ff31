enum HelpText {
    static let version = "tern 0.1.0"

    static func general() -> String {
        var lines = [
            "Tern: places and posts in your terminal.",
            "",
            "Usage: tern [GLOBAL OPTIONS]            start the interface",
            "       tern [GLOBAL OPTIONS] COMMAND …",
            "",
            "Commands:",
        ]
        // Usage on one line, what it does indented below: summaries are too long for a column.
        for spec in CommandTable.all {
            lines.append("  tern " + spec.usage)
            lines.append("      " + spec.summary)
        }
        lines.append("")
        lines.append("Global options:")
        for option in GlobalOptions.specs {
            let left = "--\(option.name)" + (option.valueName.map { " \($0)" } ?? "")
            lines.append("  " + left.padding(toLength: 18, withPad: " ", startingAt: 0) + option.help)
        }
        lines.append("")
        lines.append("Exit status: 0 success, 1 a refused or failed action, 2 a usage error.")
        return lines.joined(separator: "\n")
    }

    static func command(_ spec: CommandSpec) -> String {
        var lines = ["Usage: tern \(spec.usage)", "", spec.summary]
        if !spec.options.isEmpty {
            lines.append("")
            lines.append("Options:")
            for option in spec.options {
                let left = "--\(option.name)" + (option.valueName.map { " \($0)" } ?? "")
                lines.append("  " + left.padding(toLength: 18, withPad: " ", startingAt: 0) + option.help)
            }
        }
        return lines.joined(separator: "\n")
    }
}
