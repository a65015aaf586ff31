/// A key press as the app sees it, independent of the terminal library.
///
/// Also writable as a string literal, for keymaps: `"k"`, `"up"`, `"enter"`, `"esc"`,
/// `"tab"`, `"shift-tab"`, `"pgdn"`, `"ctrl-c"`, `"alt-enter"`, `"f1"`, `"space"`.
public enum Key: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    case character(Character)
    case enter, escape, tab, backTab
    /// Esc then Enter, as terminals send Alt-Enter (and Meta-Enter).
    case altEnter
    case up, down, left, right
    case pageUp, pageDown, home, end
    case backspace, delete, insert
    case ctrl(Character)
    case function(Int)

    public init(stringLiteral value: String) {
        self = Key(name: value) ?? .character(value.first ?? " ")
    }

    /// Parses a key name as used in keymaps; nil when unknown.
    public init?(name: String) {
        let lower = name.lowercased()
        switch lower {
        case "enter", "return": self = .enter
        case "alt-enter", "meta-enter", "m-enter": self = .altEnter
        case "esc", "escape": self = .escape
        case "tab": self = .tab
        case "shift-tab", "s-tab", "backtab": self = .backTab
        case "up": self = .up
        case "down": self = .down
        case "left": self = .left
        case "right": self = .right
        case "pgup", "pageup": self = .pageUp
        case "pgdn", "pagedown": self = .pageDown
        case "home": self = .home
        case "end": self = .end
        case "backspace", "bs": self = .backspace
        case "delete", "del": self = .delete
        case "insert", "ins": self = .insert
        case "space": self = .character(" ")
        default:
            if name.count == 1, let character = name.first {
                self = .character(character)
            } else if lower.hasPrefix("ctrl-"), lower.count == 6, let character = lower.last {
                self = .ctrl(character)
            } else if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...24).contains(number) {
                self = .function(number)
            } else {
                return nil
            }
        }
    }

    /// A short name for footers and the help overlay: `k`, `Up`, `Enter`, `Ctrl-C`.
    public var description: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let character): return String(character)
        case .enter: return "Enter"
        case .altEnter: return "Alt-Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .backspace: return "Backspace"
        case .delete: return "Del"
        case .insert: return "Ins"
        case .ctrl(let character): return "Ctrl-" + String(character).uppercased()
        case .function(let number): return "F\(number)"
        }
    }
}
