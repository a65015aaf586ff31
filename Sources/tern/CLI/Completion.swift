import Localization

/// What a shell may put at the cursor, worked out from the declarations help is built from
/// (`CommandTable`, `GlobalOptions`): the words after `tern` so far, then the word being typed.
/// The shell scripts (`ShellCompletion`) ask for it through `tern __complete WORD…`.
struct Completion {
    /// One word to offer, with the line a shell that shows descriptions (zsh, fish) shows.
    struct Candidate: Equatable {
        let word: String
        let help: String
    }

    enum Answer: Equatable {
        case words([Candidate])
        case files
        case directories
    }

    /// Reads the values the local store knows (folders, usernames) only when asked.
    let values: (ValueCompletion) -> [String]

    func answer(typed: [String], current: String) -> Answer {
        let reading = Reading(typed)
        if let option = reading.pendingValue { return offer(option.completion, prefix: "", current: current) }
        if current.hasPrefix("--"), let equals = current.firstIndex(of: "=") {
            let name = String(current[current.index(current.startIndex, offsetBy: 2)..<equals])
            guard let option = reading.options.first(where: { $0.name == name }), option.takesValue else {
                return .words([])
            }
            return offer(option.completion, prefix: String(current[...equals]), current: current)
        }
        if current.hasPrefix("-") {
            return .words(
                reading.options.filter { "--\($0.name)".hasPrefix(current) }.map {
                    Candidate(word: "--\($0.name)", help: $0.helpText)
                })
        }
        if let command = reading.command {
            let position = reading.words.count - command.words.count
            guard let positional = Self.positional(at: position, of: command) else { return .words([]) }
            return offer(positional.completion, prefix: "", current: current)
        }
        let next = Self.nextWords(after: reading.words, offeringHelp: !reading.isHelp)
        return .words(next.filter { $0.word.hasPrefix(current) })
    }

    /// The words that may follow `words` in a command's name: subcommands of a group, or the
    /// first words of every command (and `help`).
    static func nextWords(after words: [String], offeringHelp: Bool = true) -> [Candidate] {
        var seen: [Candidate] = []
        if words.isEmpty, offeringHelp { seen.append(Candidate(word: "help", help: tr(.helpShowCommandHelp))) }
        for spec in CommandTable.all
        where spec.words.count > words.count && Array(spec.words.prefix(words.count)) == words {
            let word = spec.words[words.count]
            guard !seen.contains(where: { $0.word == word }) else { continue }
            let isLast = spec.words.count == words.count + 1
            let group = CommandTable.groupSummaries[word].map { tr($0) }
            let subcommands = nextWords(after: words + [word], offeringHelp: false).map(\.word)
            seen.append(
                Candidate(word: word, help: isLast ? spec.summaryText : group ?? subcommands.joined(separator: ", ")))
        }
        return seen
    }

    private static func positional(at position: Int, of command: CommandSpec) -> Positional? {
        if position < command.positionals.count { return command.positionals[position] }
        return command.positionals.last.flatMap { $0.count == .words ? $0 : nil }
    }

    private func offer(_ completion: ValueCompletion, prefix: String, current: String) -> Answer {
        let words: [String]
        switch completion {
        case .nothing: return .words([])
        case .files: return .files
        case .directories: return .directories
        case .words(let fixed): words = fixed
        case .folders, .usernames: words = values(completion)
        }
        return .words(
            words.map { prefix + $0 }.filter { $0.hasPrefix(current) }.map { Candidate(word: $0, help: "") })
    }

    /// The words typed so far, read as the parser reads them: options (and their values)
    /// apart from the words that name the command and its positionals.
    private struct Reading {
        /// The words that are neither options nor option values, `help` left out.
        var words: [String] = []
        /// The option whose value is the word being typed.
        var pendingValue: OptionSpec?
        var command: CommandSpec?
        var isHelp = false

        init(_ typed: [String]) {
            var optionsEnded = false
            for word in typed {
                if pendingValue != nil {
                    pendingValue = nil
                } else if optionsEnded || !word.hasPrefix("-") {
                    if word == "help", words.isEmpty, !isHelp {
                        isHelp = true
                    } else {
                        words.append(word)
                    }
                } else if word == "--" {
                    optionsEnded = true
                } else if word.hasPrefix("--"), !word.contains("=") {
                    pendingValue = options(for: words).first { "--\($0.name)" == word && $0.takesValue }
                }
            }
            if !isHelp { command = Self.command(named: words) }
        }

        /// The options in effect: the command's (a group's default command's for the group's
        /// name alone), then the global ones.
        var options: [OptionSpec] { options(for: words) }

        private func options(for words: [String]) -> [OptionSpec] {
            let groupDefault = CommandTable.commands(in: words.first ?? "").first {
                words.count == 1 && $0.isGroupDefault
            }
            return ((Self.command(named: words) ?? groupDefault)?.options ?? []) + GlobalOptions.specs
        }

        /// The longest command whose words begin `words`; a group's name alone names none.
        private static func command(named words: [String]) -> CommandSpec? {
            CommandTable.all.filter { spec in
                spec.words.count <= words.count && Array(words.prefix(spec.words.count)) == spec.words
            }.max { $0.words.count < $1.words.count }
        }
    }
}
