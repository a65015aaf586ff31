/// One cell to send to the terminal.
public struct CellChange: Hashable, Sendable {
    public var row: Int
    public var column: Int
    public var cell: Cell

    public init(row: Int, column: Int, cell: Cell) {
        self.row = row
        self.column = column
        self.cell = cell
    }
}

/// The cells that differ between two frames. When the sizes differ every cell of the next
/// frame is listed. Continuation cells (right halves of wide characters) are left out: a
/// backend draws a wide character over both cells from its left half, and the left half is
/// listed whenever either half changed.
public struct BufferDiff: Sendable {
    public var changes: [CellChange]

    public init(from previous: Buffer?, to next: Buffer) {
        var changes: [CellChange] = []
        let width = next.width
        let newCells = next.cells
        let oldCells = previous.flatMap { $0.size == next.size ? $0.cells : nil }
        for row in 0..<next.height {
            for column in 0..<width {
                let index = row * width + column
                let cell = newCells[index]
                guard let oldCells else {
                    if !cell.isContinuation { changes.append(CellChange(row: row, column: column, cell: cell)) }
                    continue
                }
                var changed = oldCells[index] != cell
                if !changed, column + 1 < width, newCells[index + 1].isContinuation {
                    changed = oldCells[index + 1] != newCells[index + 1]
                }
                guard changed else { continue }
                if !cell.isContinuation {
                    changes.append(CellChange(row: row, column: column, cell: cell))
                } else if column > 0,
                    changes.last.map({ $0.row != row || $0.column != column - 1 }) ?? true
                {
                    // Only the right half changed: resend the wide character to its left.
                    changes.append(CellChange(row: row, column: column - 1, cell: newCells[index - 1]))
                }
            }
        }
        self.changes = changes
    }

    public var isEmpty: Bool { changes.isEmpty }

    /// The bytes an ANSI terminal would receive for these changes: a cursor move where the
    /// next cell does not follow the last one, a style sequence where the style changes, and
    /// the UTF-8 of each symbol. Used to check that small changes stay small.
    public var estimatedBytes: Int {
        var bytes = 0
        var cursor: Position? = nil
        var style: Style? = nil
        for change in changes {
            if cursor != Position(row: change.row, column: change.column) {
                bytes += "\u{1B}[\(change.row + 1);\(change.column + 1)H".utf8.count
            }
            if style != change.cell.style {
                bytes += 12
                style = change.cell.style
            }
            bytes += change.cell.symbol.utf8.count
            cursor = Position(row: change.row, column: change.column + max(1, TextWidth.of(change.cell.symbol)))
        }
        return bytes
    }

    /// Rows that have at least one change.
    public var changedRows: Set<Int> { Set(changes.map(\.row)) }
}
