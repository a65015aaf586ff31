/// The text of an input field and its cursor (a character index). View models keep it in
/// their state; the screens draw it.
public struct TextInput: Equatable, Sendable {
    public private(set) var text: String
    public private(set) var cursor: Int
    public var limit: Int?

    public init(_ text: String = "", limit: Int? = nil) {
        let cleaned = TextInput.clean(text)
        self.text = limit.map { String(cleaned.prefix($0)) } ?? cleaned
        self.cursor = self.text.count
        self.limit = limit
    }

    public var isEmpty: Bool { text.isEmpty }

    /// One editing step, as the keys of a field produce them.
    public enum Edit: Equatable, Sendable {
        case insert(String)
        case backspace, deleteForward, left, right, home, end, clear
    }

    public mutating func apply(_ edit: Edit) {
        switch edit {
        case .insert(let string):
            var cleaned = TextInput.clean(string)
            if let limit { cleaned = String(cleaned.prefix(max(0, limit - text.count))) }
            guard !cleaned.isEmpty else { return }
            let index = text.index(text.startIndex, offsetBy: min(cursor, text.count))
            let before = text.count
            text.insert(contentsOf: cleaned, at: index)
            cursor = min(text.count, cursor + max(0, text.count - before))
        case .backspace:
            guard cursor > 0, cursor <= text.count else { return }
            text.remove(at: text.index(text.startIndex, offsetBy: cursor - 1))
            cursor -= 1
        case .deleteForward:
            guard cursor < text.count else { return }
            text.remove(at: text.index(text.startIndex, offsetBy: cursor))
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(text.count, cursor + 1)
        case .home: cursor = 0
        case .end: cursor = text.count
        case .clear:
            text = ""
            cursor = 0
        }
    }

    /// Typed text keeps no control characters, line breaks or bidi overrides.
    static func clean(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x20 || (0x7F...0x9F).contains(v) { continue }
            if (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F || v == 0x061C {
                continue
            }
            scalars.append(scalar)
        }
        return String(scalars)
    }
}
