import Domain
import Foundation
import Localization
import TerminalUI

extension KeyBindings {
    /// The defaults with the config's `bind` and `unbind` lines applied in file order; a bad
    /// line, or a key left meaning two actions on one screen, is an error naming its line.
    ///
    /// - `bind SCREEN ACTION = KEY, KEY…` gives ACTION on SCREEN exactly these keys.
    /// - `unbind SCREEN KEY` takes KEY from whichever action has it on SCREEN.
    public static func configured(_ config: Config, file: String) throws -> KeyBindings {
        var bindings = KeyBindings.defaults
        for directive in config.directives where directive.words.first == "bind" || directive.words.first == "unbind" {
            try bindings.apply(directive, file: file)
        }
        try bindings.checkConflicts(file: file)
        return bindings
    }

    /// Key names beyond `Key(name:)`: the characters the config syntax itself uses.
    static func parseKey(_ name: String) -> Key? {
        switch name.lowercased() {
        case "comma": return .character(",")
        case "hash": return .character("#")
        case "equals": return .character("=")
        default: return Key(name: name)
        }
    }

    mutating func apply(_ directive: ConfigDirective, file: String) throws {
        func fail(_ reason: String) -> ConfigError { ConfigError(file: file, line: directive.line, reason: reason) }
        let isBind = directive.words[0] == "bind"
        guard directive.words.count == 3 else {
            throw fail(tr(isBind ? .configExpectedBind : .configExpectedUnbind))
        }
        guard let screen = KeyScreen(rawValue: directive.words[1].lowercased()) else {
            throw fail(
                tr(
                    .configUnknownScreen,
                    [
                        "screen": directive.words[1],
                        "screens": KeyScreen.allCases.map(\.rawValue).joined(separator: ", "),
                    ]))
        }
        func key(_ name: String) throws -> Key {
            guard let key = Self.parseKey(name) else { throw fail(tr(.configUnknownKeyName, ["key": name])) }
            if key == .ctrl("c") { throw fail(tr(.configCtrlC)) }
            if screen.isTextField, case .character = key {
                throw fail(tr(.configTypesText, ["key": name, "screen": screen.rawValue]))
            }
            return key
        }
        if !isBind {
            let removed = try key(directive.words[2])
            var found = false
            for index in actions.indices where actions[index].screen == screen && actions[index].keys.contains(removed)
            {
                let name = actions[index].name
                var keys = actions[index].keys
                keys.removeAll { $0 == removed }
                setKeys(keys, of: name, on: screen, line: directive.line)
                found = true
            }
            if !found { throw fail(tr(.configNotBound, ["key": removed.description, "screen": screen.rawValue])) }
            return
        }
        let name = directive.words[2]
        guard names.contains(name) else { throw fail(tr(.configUnknownAction, ["action": name])) }
        guard let index = actions.firstIndex(where: { $0.name == name && $0.screen == screen }) else {
            let screens = self.screens(of: name).map(\.rawValue).joined(separator: ", ")
            throw fail(tr(.configWrongScreen, ["action": name, "screen": screen.rawValue, "screens": screens]))
        }
        let names = (directive.value ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !names.isEmpty, !names.contains(where: \.isEmpty) else {
            throw fail(tr(.configBindNeedsKeys, ["screen": screen.rawValue]))
        }
        var keys: [Key] = []
        for name in names {
            let parsed = try key(name)
            if !keys.contains(parsed) { keys.append(parsed) }
        }
        setKeys(keys, of: actions[index].name, on: screen, line: directive.line)
    }

    /// Gives `name` on `screen` these keys, and the same action on the screens that take
    /// their keys from it (`keysFrom`) unless a line named them themselves.
    mutating func setKeys(_ keys: [Key], of name: String, on screen: KeyScreen, line: Int) {
        for index in actions.indices where actions[index].name == name {
            let isOwn = actions[index].screen == screen
            guard isOwn || (actions[index].keysFrom == screen && !actions[index].isRebound) else { continue }
            actions[index].keys = keys
            actions[index].line = line
            if isOwn { actions[index].isRebound = true }
        }
    }

    /// One key, one action, in every group of screens that act together.
    func checkConflicts(file: String) throws {
        for context in KeyScreen.contexts {
            var owner: [Key: ActionBinding] = [:]
            for entry in actions where context.contains(entry.screen) {
                for key in entry.keys {
                    if let other = owner[key], other.name != entry.name {
                        let line = max(other.line ?? 0, entry.line ?? 0)
                        throw ConfigError(
                            file: file, line: line,
                            reason: tr(
                                .configConflict,
                                [
                                    "key": key.description, "first": other.name, "firstScreen": other.screen.rawValue,
                                    "second": entry.name, "secondScreen": entry.screen.rawValue,
                                ]))
                    }
                    owner[key] = owner[key] ?? entry
                }
            }
        }
    }
}
