/// One entry of a keymap: the keys, how the footer and help name them, and the action.
public struct Binding<Action> {
    public var keys: [Key]
    /// How the keys are shown, such as `j/k`; by default the key names joined by `/`.
    public var label: String
    public var help: String
    public var action: Action
    /// Whether the footer lists it (the help overlay always does).
    public var inFooter: Bool

    public init(keys: [Key], label: String? = nil, help: String, action: Action, inFooter: Bool = true) {
        self.keys = keys
        self.label = label ?? keys.map(\.description).joined(separator: "/")
        self.help = help
        self.action = action
        self.inFooter = inFooter
    }
}

extension Binding: Sendable where Action: Sendable {}

/// A key and what it does, as shown in the footer.
public struct KeyHint: Hashable, Sendable {
    public var keys: String
    public var help: String

    public init(keys: String, help: String) {
        self.keys = keys
        self.help = help
    }
}

/// Bindings as data: the app looks actions up here, and the footer and help overlay are
/// generated from the same list. The first binding that lists a key wins.
public struct KeyMap<Action> {
    public var bindings: [Binding<Action>]

    public init(_ bindings: [Binding<Action>]) {
        self.bindings = bindings
    }

    /// The action bound to `key`, if any.
    public func action(for key: Key) -> Action? {
        bindings.first { $0.keys.contains(key) }?.action
    }

    /// This keymap with `other`'s bindings after its own (its own win on conflicts).
    public func merged(with other: KeyMap<Action>) -> KeyMap<Action> {
        KeyMap(bindings + other.bindings)
    }

    /// Hints for the footer, in keymap order.
    public var footerHints: [KeyHint] {
        bindings.filter(\.inFooter).map { KeyHint(keys: $0.label, help: $0.help) }
    }

    /// Every binding, for the help overlay.
    public var helpEntries: [KeyHint] {
        bindings.map { KeyHint(keys: $0.label, help: $0.help) }
    }

    /// Help lines with the keys in an aligned column: `j/k   move`.
    public var helpLines: [String] {
        let entries = helpEntries
        let column = entries.map { TextWidth.of($0.keys) }.max() ?? 0
        return entries.map { $0.keys + String(repeating: " ", count: column - TextWidth.of($0.keys) + 2) + $0.help }
    }
}

extension KeyMap: Sendable where Action: Sendable {}
