import PlainText

/// A multi-line input (a post being written): the text wrapped at spaces to the width, its
/// line breaks kept, scrolled so that the cursor's row is in view (`↑`/`↓` in the last
/// column while rows are out of view), and a dim placeholder when empty. `rowCount(width:)`
/// says how many rows the whole text takes, and `cursorPosition(in:)` where the terminal cursor goes.
public struct TextAreaView: Widget {
    public var state: TextEditor
    public var placeholder: String
    public var isFocused: Bool
    public var style: Style

    public init(
        state: TextEditor, placeholder: String = "", isFocused: Bool = false,
        style: Style = Style(underline: true)
    ) {
        self.state = state
        self.placeholder = placeholder
        self.isFocused = isFocused
        self.style = style
    }

    /// The character ranges of the rows at `width`. A row ends at a line break, or before
    /// the word that would not fit (after the last space), or mid-word for a word wider
    /// than the row; the last column is kept for the cursor after the text, or a space.
    public static func rows(of characters: [Character], width: Int) -> [Range<Int>] {
        let limit = max(1, width - 1)
        var rows: [Range<Int>] = []
        var start = 0
        var column = 0
        var index = 0
        var lastSpace: Int?
        while index < characters.count {
            let character = characters[index]
            if character == "\n" {
                rows.append(start..<index)
                start = index + 1
                column = 0
                lastSpace = nil
                index += 1
                continue
            }
            let characterWidth = TextWidth.of(character)
            if character == " " && column + characterWidth > limit && column + characterWidth <= width {
                // A space may take the free column: the row ends after it.
                rows.append(start..<index + 1)
                start = index + 1
                column = 0
                lastSpace = nil
                index += 1
                continue
            }
            if column + characterWidth > limit && index > start {
                let end = lastSpace.map { $0 + 1 } ?? index
                rows.append(start..<end)
                start = end
                column = characters[start..<index].reduce(0) { $0 + TextWidth.of($1) }
                lastSpace = nil
                continue
            }
            if character == " " { lastSpace = index }
            column += characterWidth
            index += 1
        }
        rows.append(start..<characters.count)
        return rows
    }

    /// How many rows the text takes at `width` (at least one).
    public func rowCount(width: Int) -> Int {
        Self.rows(of: Array(state.text), width: width).count
    }

    /// The cursor's row and column in the whole wrapped text: at a wrap, the cursor is at
    /// the start of the next row, where typing continues.
    func cursorCell(rows: [Range<Int>], characters: [Character]) -> (row: Int, column: Int) {
        let cursor = min(state.cursor, characters.count)
        let row = rows.lastIndex { $0.lowerBound <= cursor } ?? 0
        let column = characters[rows[row].lowerBound..<cursor].reduce(0) { $0 + TextWidth.of($1) }
        return (row, column)
    }

    /// The first row shown in `height` rows: the top, or so that the cursor's row is the last.
    func firstRow(cursorRow: Int, height: Int) -> Int {
        max(0, cursorRow - max(1, height) + 1)
    }

    /// Where the cursor lands one row up (`by: -1`) or down (`by: 1`) at `width`, keeping its
    /// column as near as the row allows; nil on the first or last row.
    public func cursorIndex(movingRows delta: Int, width: Int) -> Int? {
        let characters = Array(state.text)
        let rows = Self.rows(of: characters, width: width)
        let (row, column) = cursorCell(rows: rows, characters: characters)
        let target = row + delta
        guard rows.indices.contains(target) else { return nil }
        let range = rows[target]
        // A row that wraps ends before its next row's first character.
        let wraps = target + 1 < rows.count && rows[target + 1].lowerBound == range.upperBound
        let last = wraps && !range.isEmpty ? range.upperBound - 1 : range.upperBound
        var index = range.lowerBound
        var used = 0
        while index < last, used + TextWidth.of(characters[index]) <= column {
            used += TextWidth.of(characters[index])
            index += 1
        }
        return index
    }

    public func cursorPosition(in area: Rect) -> Position? {
        guard isFocused, !area.isEmpty else { return nil }
        let characters = Array(state.text)
        let rows = Self.rows(of: characters, width: area.width)
        let (row, column) = cursorCell(rows: rows, characters: characters)
        let first = firstRow(cursorRow: row, height: area.height)
        return Position(row: area.row + row - first, column: area.column + min(column, area.width - 1))
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        for index in 0..<area.height {
            buffer.fill(area.line(index), with: Cell(" ", style: style))
        }
        if state.text.isEmpty {
            buffer.setString(
                placeholder, at: Position(row: area.row, column: area.column),
                style: style.patched(with: .dim), maxWidth: area.width, ellipsis: true)
            return
        }
        let characters = Array(state.text)
        let rows = Self.rows(of: characters, width: area.width)
        let first = firstRow(cursorRow: cursorCell(rows: rows, characters: characters).row, height: area.height)
        for (offset, range) in rows.dropFirst(first).prefix(area.height).enumerated() {
            buffer.setString(
                String(characters[range]), at: Position(row: area.row + offset, column: area.column),
                style: style, maxWidth: area.width)
        }
        // Rows out of view are marked in the last column, which wrapping keeps free for the cursor.
        if first > 0 {
            buffer.setString(
                buffer.lineSymbols.moreAbove, at: Position(row: area.row, column: area.right - 1),
                style: style.patched(with: .dim))
        }
        if first + area.height < rows.count {
            buffer.setString(
                buffer.lineSymbols.moreBelow, at: Position(row: area.bottom - 1, column: area.right - 1),
                style: style.patched(with: .dim))
        }
    }
}
