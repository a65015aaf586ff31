import Localization

/// A command-line option declared once: its name, the name of its value, its help line and
/// how its value is read. Usage lines, help text and validation are all derived from it
/// (the shape of swift-argument-parser's `@Option`).
struct Option<Value: Sendable>: Sendable {
    let name: String
    /// `nil` for a flag, which takes no value.
    let valueName: String?
    /// The help line's key in the catalogues, and its placeholders' values (worked out only
    /// when help is shown: every command's options are declared on every start).
    let help: TextKey
    let helpValues: @Sendable () -> [String: String]
    /// Listed in the usage line without brackets, and a usage error when missing.
    let isRequired: Bool
    /// What a value must be, for the usage error when `parse` refuses one.
    let expected: @Sendable () -> String
    /// The value, or nil when `text` is not `expected`; may throw an error of its own
    /// that says more (it becomes the usage error's text).
    let parse: @Sendable (String) throws -> Value?
    /// What a shell offers for the value (nil: worked out from the value's name).
    let completion: ValueCompletion

    init(
        _ name: String, value valueName: String?, help: TextKey,
        helpValues: @autoclosure @escaping @Sendable () -> [String: String] = [:],
        required: Bool = false, completion: ValueCompletion? = nil,
        expected: @autoclosure @escaping @Sendable () -> String = "",
        parse: @escaping @Sendable (String) throws -> Value?
    ) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.helpValues = helpValues
        self.isRequired = required
        self.completion = completion ?? ValueCompletion(valueName: valueName ?? "")
        self.expected = expected
        self.parse = parse
    }

    /// The type-erased declaration a command's option table holds.
    var spec: OptionSpec {
        OptionSpec(
            name: name, valueName: valueName, help: help, helpValues: helpValues, isRequired: isRequired,
            completion: completion
        ) {
            text in
            let parsed: Value?
            do {
                parsed = try parse(text)
            } catch {
                throw UsageError("\(error)")
            }
            guard let parsed else { throw UsageError.badValue(option: name, expected: expected(), given: text) }
            return parsed
        }
    }
}

extension Option where Value == Bool {
    /// An option without a value: present or not.
    static func flag(_ name: String, help: TextKey) -> Option {
        Option(name, value: nil, help: help) { _ in true }
    }
}

extension Option where Value == String {
    /// Any text; `allowsEmpty: false` refuses `--name ""`.
    static func text(
        _ name: String, value valueName: String, help: TextKey, required: Bool = false,
        allowsEmpty: Bool = true, completion: ValueCompletion? = nil
    ) -> Option {
        Option(
            name, value: valueName, help: help, required: required, completion: completion,
            expected: tr(.usageNonEmptyValue)
        ) { text in
            allowsEmpty || !text.isEmpty ? text : nil
        }
    }
}

extension Option where Value == Int {
    /// A whole number within `range`.
    static func integer(
        _ name: String, value valueName: String, in range: ClosedRange<Int>, help: TextKey,
        helpValues: @autoclosure @escaping @Sendable () -> [String: String] = [:]
    ) -> Option {
        Option(
            name, value: valueName, help: help, helpValues: helpValues(),
            expected: tr(.usageWholeNumber, ["low": String(range.lowerBound), "high": String(range.upperBound)])
        ) { text in
            Int(text).flatMap { range.contains($0) ? $0 : nil }
        }
    }
}

/// An option as a command's table holds it, whatever the type of its value.
struct OptionSpec: Sendable {
    let name: String
    let valueName: String?
    let help: TextKey
    let helpValues: @Sendable () -> [String: String]
    let isRequired: Bool
    let completion: ValueCompletion
    /// Reads a value (a flag gets the empty string), or throws the usage error that says why not.
    let read: @Sendable (String) throws -> any Sendable

    var takesValue: Bool { valueName != nil }

    /// The help line in the language of this run.
    var helpText: String { tr(help, helpValues()) }

    /// `--name VALUE` or `--name`, as usage lines and help show it.
    var synopsis: String { "--\(name)" + (valueName.map { " " + $0 } ?? "") }
}
