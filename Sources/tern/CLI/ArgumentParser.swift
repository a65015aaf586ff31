import Localization

/// Option values read from the command line, looked up by their declaration.
struct OptionValues {
    private var values: [String: Any] = [:]

    subscript<Value>(_ option: Option<Value>) -> Value? { values[option.name] as? Value }

    func has(_ flag: Option<Bool>) -> Bool { values[flag.name] != nil }

    func contains(_ spec: OptionSpec) -> Bool { values[spec.name] != nil }

    mutating func set(_ spec: OptionSpec, _ value: Any) { values[spec.name] = value }
}

/// A command's arguments after parsing: its positionals, and its options by declaration.
struct ParsedArguments {
    /// The command's usage line (without `tern `), for the usage errors its checks raise;
    /// worked out only for such an error, not on every run.
    private let usage: () -> String
    var positionals: [String] = []
    var options = OptionValues()

    init(usage: @autoclosure @escaping () -> String) {
        self.usage = usage
    }

    subscript<Value>(_ option: Option<Value>) -> Value? { options[option] }

    func has(_ flag: Option<Bool>) -> Bool { options.has(flag) }

    /// The positionals joined by spaces: a query or a post typed without quotes. A loop
    /// rather than `joined(separator:)`, whose first call costs the runtime a scan of every
    /// protocol conformance in the binary.
    var text: String {
        var text = ""
        for (index, word) in positionals.enumerated() {
            if index > 0 { text += " " }
            text += word
        }
        return text
    }

    /// `usage: tern …` for this command.
    func usageError() -> UsageError { UsageError.usage(usage()) }
}

/// A mistake in how Tern was called: exit status 2.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }

    static func usage(_ usage: String) -> UsageError { UsageError(tr(.usageLine, ["usage": usage])) }

    static func unknownOption(_ argument: String) -> UsageError {
        UsageError(tr(.usageUnknownOption, ["option": argument]))
    }

    static func unknownCommand(_ words: [String]) -> UsageError {
        let command = words.joined(separator: " ")
        guard let suggestion = CommandSuggestion.nearest(to: words) else {
            return UsageError(tr(.usageUnknownCommand, ["command": command]))
        }
        return UsageError(tr(.usageUnknownCommandSuggestion, ["command": command, "suggestion": suggestion]))
    }

    static func badValue(option: String, expected: String, given: String) -> UsageError {
        UsageError(tr(.usageBadValue, ["option": option, "expected": expected, "given": given]))
    }
}

/// An action that was refused or failed: exit status 1, one line on stderr.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// Reads arguments against declared options: `--name=value` and `--name value` both work,
/// and `--` ends the options so a post may start with a dash.
enum ArgumentParser {
    /// One option at `arguments[index]` (which starts with `--`), or nil when `specs` does
    /// not declare it. Advances `index` past the option and its value.
    static func readOption(
        _ arguments: [String], at index: inout Int, specs: [OptionSpec],
        into values: inout OptionValues
    ) throws -> Bool {
        let argument = arguments[index]
        var name = String(argument.dropFirst(2))
        var inlineValue: String?
        if let equals = name.firstIndex(of: "=") {
            inlineValue = String(name[name.index(after: equals)...])
            name = String(name[..<equals])
        }
        guard let spec = specs.first(where: { $0.name == name }) else { return false }
        index += 1
        guard spec.takesValue else {
            if inlineValue != nil { throw UsageError(tr(.usageTakesNoValue, ["option": name])) }
            values.set(spec, try spec.read(""))
            return true
        }
        if let inlineValue {
            values.set(spec, try spec.read(inlineValue))
        } else if index < arguments.count {
            values.set(spec, try spec.read(arguments[index]))
            index += 1
        } else {
            throw UsageError(tr(.usageNeedsValue, ["option": name, "value": spec.valueName ?? "VALUE"]))
        }
        return true
    }

    /// Parses a command's arguments by its declaration, and checks the declared counts,
    /// required options and empty words.
    static func parse(_ arguments: [String], for command: CommandSpec) throws -> ParsedArguments {
        var parsed = ParsedArguments(usage: command.usage)
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            if optionsEnded || !argument.hasPrefix("--") {
                parsed.positionals.append(argument)
                index += 1
            } else if argument == "--" {
                optionsEnded = true
                index += 1
            } else if try !readOption(arguments, at: &index, specs: command.options, into: &parsed.options) {
                throw UsageError.unknownOption(
                    argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument)
            }
        }
        try check(parsed, against: command)
        return parsed
    }

    private static func check(_ parsed: ParsedArguments, against command: CommandSpec) throws {
        for option in command.options where option.isRequired && !parsed.options.contains(option) {
            throw parsed.usageError()
        }
        let counts = command.positionals.map(\.count)
        let least = counts.filter { $0 != .optional }.count
        let most = counts.contains(.words) ? Int.max : counts.count
        guard (least...most).contains(parsed.positionals.count) else { throw parsed.usageError() }
        for (position, word) in parsed.positionals.enumerated() {
            let declared = command.positionals[min(position, command.positionals.count - 1)]
            if word.isEmpty, !declared.allowsEmpty {
                throw UsageError(tr(.usageMustNotBeEmpty, ["name": declared.name]))
            }
        }
    }
}
