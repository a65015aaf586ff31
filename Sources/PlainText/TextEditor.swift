import Localization

/// The one text editor of Tern: the text of an input field and its cursor (a character
/// index). View models keep it in their state, the interface draws it, and keys become
/// `Edit`s. What it holds is always clean (see `SafeText`) and at most `limit` characters;
/// an edit that had to cut something says so, for the person to see. A multi-line editor
/// (a post) keeps line breaks; the others turn them into spaces.
public struct TextEditor: Hashable, Sendable {
    /// The limit of a field that sets none: room for any value Tern accepts, and small
    /// enough that every keystroke costs little.
    public static let defaultLimit = 1_000

    public private(set) var text: String
    public private(set) var cursor: Int
    /// At most this many characters.
    public let limit: Int
    /// Whether `\n` stays in the text (inserted by the line-break key or pasted).
    public let isMultiline: Bool

    /// `text` cleaned and cut to `limit`, with the cursor at its end.
    public init(_ text: String = "", limit: Int = TextEditor.defaultLimit, multiline: Bool = false) {
        self.limit = max(0, limit)
        self.isMultiline = multiline
        let cleaned = SafeText.clean(String(text.prefix(self.limit * 2)), singleLine: !multiline)
        self.text = String(cleaned.prefix(self.limit))
        self.cursor = self.text.count
    }

    public var isEmpty: Bool { text.isEmpty }

    /// One editing step, as the keys of a field produce them.
    public enum Edit: Hashable, Sendable {
        case insert(String)
        case backspace, deleteForward, deleteWordBackward, left, right, home, end, clear
        /// The cursor before the character at this offset (clamped), as moving between the
        /// rows of a multi-line field does.
        case moveTo(Int)
    }

    /// What an edit left out, in words for a toast.
    public enum Cut: Hashable, Sendable, CustomStringConvertible {
        /// Text beyond the field's limit.
        case tooLong(limit: Int)
        /// Combining marks beyond `SafeText.maxCombiningMarks` on one character.
        case tooManyMarks

        public var description: String {
            switch self {
            case .tooLong(let limit): return tr(.textCutTooLong, ["max": String(limit)])
            case .tooManyMarks: return tr(.textCutTooManyMarks, ["max": String(SafeText.maxCombiningMarks)])
            }
        }
    }

    /// Applies `edit`; returns what had to be left out, if anything.
    @discardableResult
    public mutating func apply(_ edit: Edit) -> Cut? {
        let cut = perform(edit)
        // An edit can join two runs of marks (marks typed before marks that start the
        // text or a line, or a line break deleted between two runs): cut the joined run.
        return boundMarkRuns() ? (cut ?? .tooManyMarks) : cut
    }

    private mutating func perform(_ edit: Edit) -> Cut? {
        switch edit {
        case .insert(let string): return insert(string)
        case .backspace:
            guard cursor > 0 else { return nil }
            text.remove(at: index(cursor - 1))
            cursor -= 1
        case .deleteForward:
            guard cursor < text.count else { return nil }
            text.remove(at: index(cursor))
        case .deleteWordBackward:
            // Like a shell: the spaces and line breaks before the cursor, then the word before them.
            let end = index(cursor)
            var start = end
            while start > text.startIndex, text[text.index(before: start)].isWhitespace {
                start = text.index(before: start)
            }
            while start > text.startIndex, !text[text.index(before: start)].isWhitespace {
                start = text.index(before: start)
            }
            cursor -= text[start..<end].count
            text.removeSubrange(start..<end)
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(text.count, cursor + 1)
        case .home: cursor = 0
        case .end: cursor = text.count
        case .moveTo(let offset): cursor = min(max(0, offset), text.count)
        case .clear:
            text = ""
            cursor = 0
        }
        return nil
    }

    /// Cuts every run of combining marks to `SafeText.maxCombiningMarks`, keeping the
    /// cursor on the same character; whether anything was cut.
    private mutating func boundMarkRuns() -> Bool {
        guard SafeText.longestMarkRun(text) > SafeText.maxCombiningMarks else { return false }
        let singleLine = !isMultiline
        // Cleaning streams, so the cleaned text before the cursor is a prefix of the whole.
        cursor = SafeText.clean(String(text[..<index(cursor)]), singleLine: singleLine).count
        text = SafeText.clean(text, singleLine: singleLine)
        // A cut joiner can split one character in two: the limit still holds.
        if text.count > limit { text = String(text.prefix(limit)) }
        cursor = min(cursor, text.count)
        return true
    }

    private func index(_ offset: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: min(max(0, offset), text.count))
    }

    private mutating func insert(_ string: String) -> Cut? {
        let room = max(0, limit - text.count)
        var cleaned = SafeText.clean(string, singleLine: !isMultiline)
        var cut: Cut? = SafeText.longestMarkRun(string) > SafeText.maxCombiningMarks ? .tooManyMarks : nil
        let before = index(cursor)
        if cleaned.count > room {
            cleaned = String(cleaned.prefix(room))
            cut = .tooLong(limit: limit)
        }
        guard !cleaned.isEmpty else { return cut }
        let after = text[before...].count
        text.insert(contentsOf: cleaned, at: before)
        cursor = max(0, min(text.count, text.count - after))
        return cut
    }
}
