/// The text of an input field and the cursor, as a character index into it.
public struct TextFieldState: Hashable, Sendable {
    public private(set) var text: String
    public private(set) var cursor: Int
    /// At most this many characters, when set.
    public var limit: Int?

    public init(text: String = "", limit: Int? = nil) {
        let cleaned = SafeText.clean(text, singleLine: true)
        self.text = limit.map { String(cleaned.prefix($0)) } ?? cleaned
        self.cursor = self.text.count
        self.limit = limit
    }

    public var isEmpty: Bool { text.isEmpty }

    /// Replaces the text and puts the cursor at its end.
    public mutating func setText(_ newText: String) {
        self = TextFieldState(text: newText, limit: limit)
    }

    public mutating func insert(_ string: String) {
        var cleaned = SafeText.clean(string, singleLine: true)
        if let limit { cleaned = String(cleaned.prefix(max(0, limit - text.count))) }
        guard !cleaned.isEmpty else { return }
        let index = text.index(text.startIndex, offsetBy: cursor)
        let before = text.count
        text.insert(contentsOf: cleaned, at: index)
        // Count what was added by the change in length, as combining marks may merge.
        cursor = min(text.count, cursor + (text.count - before))
    }

    public mutating func backspace() {
        guard cursor > 0 else { return }
        let index = text.index(text.startIndex, offsetBy: cursor - 1)
        text.remove(at: index)
        cursor -= 1
    }

    public mutating func deleteForward() {
        guard cursor < text.count else { return }
        text.remove(at: text.index(text.startIndex, offsetBy: cursor))
    }

    public mutating func moveLeft() { cursor = max(0, cursor - 1) }
    public mutating func moveRight() { cursor = min(text.count, cursor + 1) }
    public mutating func moveHome() { cursor = 0 }
    public mutating func moveEnd() { cursor = text.count }

    public mutating func clear() {
        text = ""
        cursor = 0
    }

    /// Applies an editing key (characters, Backspace, Delete, Left, Right, Home, End,
    /// Ctrl-A/E/U). Returns false for keys a field does not handle, such as Enter or Esc.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character): insert(String(character))
        case .backspace: backspace()
        case .delete: deleteForward()
        case .left: moveLeft()
        case .right: moveRight()
        case .home, .ctrl("a"): moveHome()
        case .end, .ctrl("e"): moveEnd()
        case .ctrl("u"): clear()
        default: return false
        }
        return true
    }
}
