import PlainText

/// A screen's worth of cells, drawn into by widgets and then diffed against the previous
/// frame. Its `description` prints the screen, so a failing test shows it.
public struct Buffer: Equatable, Sendable, CustomStringConvertible {
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var cells: [Cell]
    /// What cut text ends with; set it to `Markers.ascii.ellipsis` in a non-UTF-8 locale.
    public var ellipsis: String = "…"
    /// The box lines, separators and scroll marks widgets draw with (`LineSymbols.ascii` in
    /// a non-UTF-8 locale).
    public var lineSymbols = LineSymbols.unicode

    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: fill, count: self.width * self.height)
    }

    public init(size: Size) {
        self.init(width: size.width, height: size.height)
    }

    /// A plain-styled buffer from text lines, padded with spaces to the widest line.
    /// Wide characters take two cells, as they would when drawn.
    public init(lines: [String]) {
        let width = lines.map { TextWidth.of($0) }.max() ?? 0
        self.init(width: width, height: lines.count)
        for (row, line) in lines.enumerated() {
            setString(line, at: Position(row: row, column: 0))
        }
    }

    /// Buffers are equal when they show the same cells; `ellipsis` is a drawing setting.
    public static func == (lhs: Buffer, rhs: Buffer) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.cells == rhs.cells
    }

    public var area: Rect { Rect(row: 0, column: 0, width: width, height: height) }
    public var size: Size { Size(width: width, height: height) }

    public subscript(row: Int, column: Int) -> Cell {
        get {
            guard row >= 0, row < height, column >= 0, column < width else { return .blank }
            return cells[row * width + column]
        }
        set { put(newValue, row: row, column: column) }
    }

    public subscript(position: Position) -> Cell {
        get { self[position.row, position.column] }
        set { self[position.row, position.column] = newValue }
    }

    /// Writes one cell, blanking the other half of any wide character it overwrites.
    mutating func put(_ cell: Cell, row: Int, column: Int) {
        guard row >= 0, row < height, column >= 0, column < width else { return }
        let index = row * width + column
        if cells[index].isContinuation, column > 0 {
            cells[index - 1].symbol = " "
        }
        if !cells[index].isContinuation, column + 1 < width, cells[index + 1].isContinuation {
            cells[index + 1].symbol = " "
        }
        cells[index] = cell
    }

    /// Draws `text` (cleaned by `SafeText`, on one line) from `position` with `style`,
    /// within `maxWidth` columns and the buffer's width. A wide character that does not
    /// fit is left out, never cut in half. With `ellipsis`, cut text ends with `…`.
    /// Returns the number of columns used.
    @discardableResult
    public mutating func setString(
        _ text: String, at position: Position, style: Style = .plain,
        maxWidth: Int? = nil, ellipsis: Bool = false
    ) -> Int {
        guard position.row >= 0, position.row < height, position.column < width else { return 0 }
        var column = position.column
        var limit = width - column
        if let maxWidth { limit = min(limit, maxWidth) }
        guard limit > 0 else { return 0 }
        // Only the start that can fit is cleaned and measured: drawing costs the columns
        // shown, not the text's length (a column never takes more scalars than this).
        var (text, isWhole) = SafeText.cleanPrefix(
            text, maxScalars: (limit + 1) * (SafeText.maxCombiningMarks + 8),
            singleLine: true)
        if ellipsis {
            text =
                isWhole
                ? TextWidth.truncate(text, to: limit, ellipsis: self.ellipsis)
                : TextWidth.prefix(text, width: max(0, limit - TextWidth.of(self.ellipsis))) + self.ellipsis
        }
        let end = column + limit
        for character in text {
            let w = TextWidth.of(character)
            if w == 0 { continue }
            if column + w > end { break }
            if column >= 0 {
                put(Cell(String(character), style: style), row: position.row, column: column)
                if w == 2 { put(Cell("", style: style), row: position.row, column: column + 1) }
            }
            column += w
        }
        return column - position.column
    }

    /// Same as `setString(_:at:style:maxWidth:ellipsis:)` with separate coordinates.
    @discardableResult
    public mutating func setString(
        _ text: String, row: Int, column: Int, style: Style = .plain,
        maxWidth: Int? = nil, ellipsis: Bool = false
    ) -> Int {
        setString(text, at: Position(row: row, column: column), style: style, maxWidth: maxWidth, ellipsis: ellipsis)
    }

    /// Fills `area` (clipped to the buffer) with `cell`.
    public mutating func fill(_ area: Rect, with cell: Cell = .blank) {
        let clipped = area.intersection(self.area)
        guard !clipped.isEmpty else { return }
        for row in clipped.row..<clipped.bottom {
            for column in clipped.column..<clipped.right {
                put(cell, row: row, column: column)
            }
        }
    }

    /// Lays `style` over every cell of `area` (see `Style.patched(with:)`).
    public mutating func applyStyle(_ style: Style, to area: Rect) {
        let clipped = area.intersection(self.area)
        guard !clipped.isEmpty else { return }
        for row in clipped.row..<clipped.bottom {
            for column in clipped.column..<clipped.right {
                cells[row * width + column].style = cells[row * width + column].style.patched(with: style)
            }
        }
    }

    /// Resets every cell to blank, keeping the size.
    public mutating func clear() {
        cells = Array(repeating: .blank, count: width * height)
    }

    /// The text of one row, with wide characters once (their continuation cells skipped).
    public func line(_ row: Int) -> String {
        guard row >= 0, row < height else { return "" }
        var text = ""
        for column in 0..<width { text += cells[row * width + column].symbol }
        return text
    }

    /// The same symbols with every style reset: what tests compare with `Buffer(lines:)`
    /// before checking styles cell by cell.
    public var unstyled: Buffer {
        var copy = self
        for index in copy.cells.indices { copy.cells[index].style = .plain }
        return copy
    }

    /// All rows as text.
    public var lines: [String] { (0..<height).map(line) }

    public var description: String {
        let border = "+" + String(repeating: "-", count: width) + "+"
        return ([border] + lines.map { "|" + $0 + "|" } + [border]).joined(separator: "\n")
    }
}
