import Localization
import TerminalUI

/// One action on one screen, with the keys that trigger it: a row of the table every keymap,
/// footer, help overlay and `tern keys` is made from.
public struct ActionBinding: Sendable {
    /// The stable name the config and `tern keys` use, such as `like`.
    public var name: String
    public var screen: KeyScreen
    public var action: AppAction
    public var keys: [Key]
    public var help: TextKey
    /// How the default keys are shown when that differs from the key names, such as `j/Down`.
    var defaultLabel: String?
    var inFooter: Bool
    /// The config line that set the keys; nil for the defaults.
    var line: Int?

    init(
        _ name: String, _ screen: KeyScreen, _ action: AppAction, _ keys: [Key], _ help: TextKey,
        label: String? = nil, inFooter: Bool = true
    ) {
        self.name = name
        self.screen = screen
        self.action = action
        self.keys = keys
        self.help = help
        self.defaultLabel = label
        self.inFooter = inFooter
    }

    /// The keys as the footer and help show them: the default label until the keys change.
    public var label: String {
        if line == nil, let defaultLabel { return defaultLabel }
        return keys.map(\.description).joined(separator: "/")
    }

    /// The keymap entry, in the current language, with `help` instead of its own text if given.
    func binding(help: TextKey? = nil) -> Binding<AppAction> {
        Binding(keys: keys, label: label, help: tr(help ?? self.help), action: action, inFooter: inFooter)
    }
}
