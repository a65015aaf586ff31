import Localization

/// One subcommand: the words that name it, what it does, its declared positionals and
/// options, and what it runs. Its usage line and help come from these declarations.
struct CommandSpec: Sendable {
    let words: [String]
    /// What it does, as a key in the catalogues (`summaryText` in the language of this run).
    let summary: TextKey
    let positionals: [Positional]
    let options: [OptionSpec]
    /// Runs when only its group's name is given (`tern favorites` is `tern favorites list`).
    let isGroupDefault: Bool
    let run: @Sendable (CommandContext, ParsedArguments) throws -> Void

    init(
        words: [String], summary: TextKey, positionals: [Positional] = [], options: [OptionSpec] = [],
        isGroupDefault: Bool = false, run: @escaping @Sendable (CommandContext, ParsedArguments) throws -> Void
    ) {
        self.words = words
        self.summary = summary
        self.positionals = positionals
        self.options = options
        self.isGroupDefault = isGroupDefault
        self.run = run
    }

    /// `places search QUERY [--limit N] [--near LAT,LON]`: the words (a group default's last
    /// one in brackets), the positionals, then the options (required ones without brackets).
    var usage: String {
        var parts = words
        if isGroupDefault, let last = parts.popLast() { parts.append("[\(last)]") }
        parts += positionals.map(\.synopsis)
        parts += options.map { $0.isRequired ? $0.synopsis : "[\($0.synopsis)]" }
        return parts.joined(separator: " ")
    }

    var summaryText: String { tr(summary) }

    /// The group it belongs to (`places` for `places search`); nil for a single word.
    var group: String? { words.count > 1 ? words[0] : nil }
}
