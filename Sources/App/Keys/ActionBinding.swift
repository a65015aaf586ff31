import Localization
import TerminalUI
import ViewModels

/// One action on one screen, declared once: its name, its keys, what it does, when the
/// footer offers it, and its help text (a catalogue key, so English and Korean). A row of the
/// table every keymap, footer, help overlay, `tern keys` and `docs/keys.md` is made from.
public struct ActionBinding: Sendable {
    /// The stable name the config and `tern keys` use, such as `like`.
    public var name: String { action.name }
    public var screen: KeyScreen
    public var action: AppAction
    public var keys: [Key]
    public var help: TextKey
    /// How the default keys are shown when that differs from the key names, such as `j/Down`.
    var defaultLabel: String?
    var inFooter: Bool
    /// The screen whose same-named action this one is (an author's profile likes as the Feed
    /// does): a `bind` or `unbind` there moves these keys too, unless this screen has its own.
    var keysFrom: KeyScreen?
    /// The config line that set the keys; nil for the defaults.
    var line: Int?
    /// Whether a line named this screen itself (then `keysFrom`'s lines leave it alone).
    var isRebound = false

    /// `offered`: while it returns false the footer leaves the action out (undo with nothing
    /// to undo), so that the footer offers exactly what works; the key still acts.
    init(
        _ name: String, _ screen: KeyScreen, _ keys: [Key], _ help: TextKey, label: String? = nil,
        inFooter: Bool = true, keysFrom: KeyScreen? = nil, offered: (@Sendable (AppViewModel) -> Bool)? = nil,
        perform: @escaping @Sendable (AppController) -> Void
    ) {
        self.screen = screen
        self.action = AppAction(name: name, perform: perform, isOffered: offered)
        self.keys = keys
        self.help = help
        self.defaultLabel = label
        self.inFooter = inFooter
        self.keysFrom = keysFrom
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
