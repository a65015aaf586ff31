/// A tiny, table-driven argument parser: the toolchain ships no argument-parser package.
struct OptionSpec {
    let name: String
    let valueName: String?
    let help: String

    var takesValue: Bool { valueName != nil }
}

/// Options and positionals left after the global options are taken out.
struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []

    func value(_ name: String) -> String? { values[name] }
    func has(_ name: String) -> Bool { flags.contains(name) }
}

/// A mistake in how Tern was called: exit status 2.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// An action that was refused or failed: exit status 1, one line on stderr.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

enum ArgumentParser {
    /// Splits `arguments` by the option table; `--name=value` and `--name value` both work,
    /// and `--` ends option parsing so a post may start with a dash.
    static func parse(_ arguments: [String], options: [OptionSpec]) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("--") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let spec = options.first(where: { $0.name == name }) else {
                throw UsageError("unknown option --\(name)")
            }
            if spec.takesValue {
                if let inlineValue {
                    parsed.values[name] = inlineValue
                } else if index < arguments.count {
                    parsed.values[name] = arguments[index]
                    index += 1
                } else {
                    throw UsageError("--\(name) needs a value (\(spec.valueName ?? "VALUE"))")
                }
            } else {
                if inlineValue != nil { throw UsageError("--\(name) takes no value") }
                parsed.flags.insert(name)
            }
        }
        return parsed
    }
}
