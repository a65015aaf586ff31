import Localization
import TerminalUI

/// Every action's keys on every screen: the defaults, or the defaults with the config's
/// `bind` and `unbind` lines applied (`KeyBindings+Config`).
public struct KeyBindings: Sendable {
    public var actions: [ActionBinding]

    /// The keys of the running interface; set once at start-up and per test.
    @TaskLocal public static var current = KeyBindings.defaults

    /// The declarations in table order (the order of `tern keys`, `docs/keys.md` and the footers),
    /// each screen's in its own file under `Actions/`.
    public static let defaults = KeyBindings(
        actions: globalActions + placesActions + favoritesActions + feedActions + profileActions + fieldActions
            + activityActions
            + overlayActions)

    /// The keymap of one screen, in table order, with `quitAnywhere` last on the screens it
    /// belongs to (global, and those that stand alone: text fields and help).
    /// `only` and `help` name actions by their names.
    func keyMap(_ screen: KeyScreen, help: [String: TextKey] = [:], only: Set<String>? = nil) -> KeyMap<AppAction> {
        let entries = actions.filter { $0.screen == screen && !$0.keys.isEmpty && (only?.contains($0.name) ?? true) }
        var bindings = entries.map { $0.binding(help: help[$0.name]) }
        if screen == .global || screen.isTextField || screen == .confirm || screen == .help,
            only?.contains("quit") ?? true
        {
            bindings.append(Self.quitAnywhere.binding())
        }
        return KeyMap(bindings)
    }

    /// The screens each action name acts on, in table order, for `tern keys` and messages.
    public func screens(of name: String) -> [KeyScreen] {
        actions.filter { $0.name == name }.map(\.screen)
    }

    /// Action names in table order, once each.
    public var names: [String] {
        var seen = Set<String>()
        return actions.map(\.name).filter { seen.insert($0).inserted }
    }
}
