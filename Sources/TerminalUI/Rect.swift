/// A rectangle of cells. Every helper clamps to non-negative sizes, so layout arithmetic
/// at tiny terminal sizes yields empty rectangles rather than crashes.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var row: Int
    public var column: Int
    public var width: Int
    public var height: Int

    public init(row: Int, column: Int, width: Int, height: Int) {
        self.row = row
        self.column = column
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public init(size: Size) {
        self.init(row: 0, column: 0, width: size.width, height: size.height)
    }

    public var isEmpty: Bool { width == 0 || height == 0 }
    public var bottom: Int { row + height }
    public var right: Int { column + width }
    public var size: Size { Size(width: width, height: height) }
    public var description: String { "Rect(row: \(row), column: \(column), width: \(width), height: \(height))" }

    public func contains(_ position: Position) -> Bool {
        position.row >= row && position.row < bottom && position.column >= column && position.column < right
    }

    /// The one-row rectangle at `index` rows from the top (empty when outside).
    public func line(_ index: Int) -> Rect {
        guard index >= 0, index < height else {
            return Rect(row: row + max(0, index), column: column, width: 0, height: 0)
        }
        return Rect(row: row + index, column: column, width: width, height: 1)
    }

    /// Splits off `count` rows at the top: (top, rest).
    public func split(top count: Int) -> (top: Rect, rest: Rect) {
        let taken = min(max(0, count), height)
        return (
            Rect(row: row, column: column, width: width, height: taken),
            Rect(row: row + taken, column: column, width: width, height: height - taken)
        )
    }

    /// Splits off `count` rows at the bottom: (rest, bottom).
    public func split(bottom count: Int) -> (rest: Rect, bottom: Rect) {
        let taken = min(max(0, count), height)
        return (
            Rect(row: row, column: column, width: width, height: height - taken),
            Rect(row: row + height - taken, column: column, width: width, height: taken)
        )
    }

    /// Splits off `count` columns at the left: (left, rest).
    public func split(left count: Int) -> (left: Rect, rest: Rect) {
        let taken = min(max(0, count), width)
        return (
            Rect(row: row, column: column, width: taken, height: height),
            Rect(row: row, column: column + taken, width: width - taken, height: height)
        )
    }

    /// Splits off `count` columns at the right: (rest, right).
    public func split(right count: Int) -> (rest: Rect, right: Rect) {
        let taken = min(max(0, count), width)
        return (
            Rect(row: row, column: column, width: width - taken, height: height),
            Rect(row: row, column: column + width - taken, width: taken, height: height)
        )
    }

    /// Consecutive rows of the given heights from the top; the last ones are empty when space runs out.
    public func rows(_ heights: [Int]) -> [Rect] {
        var rest = self
        return heights.map { height in
            let (top, remaining) = rest.split(top: height)
            rest = remaining
            return top
        }
    }

    /// Consecutive columns of the given widths from the left; the last ones are empty when space runs out.
    public func columns(_ widths: [Int]) -> [Rect] {
        var rest = self
        return widths.map { width in
            let (left, remaining) = rest.split(left: width)
            rest = remaining
            return left
        }
    }

    /// This rectangle shrunk by the given margins.
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        let newWidth = max(0, width - left - right)
        let newHeight = max(0, height - top - bottom)
        return Rect(row: row + min(top, height), column: column + min(left, width), width: newWidth, height: newHeight)
    }

    /// This rectangle shrunk by `amount` on every side.
    public func inset(by amount: Int) -> Rect {
        inset(top: amount, left: amount, bottom: amount, right: amount)
    }

    /// A rectangle of at most the given size centred in this one.
    public func centered(width: Int, height: Int) -> Rect {
        let w = min(max(0, width), self.width)
        let h = min(max(0, height), self.height)
        return Rect(row: row + (self.height - h) / 2, column: column + (self.width - w) / 2, width: w, height: h)
    }

    /// The overlap of two rectangles (empty when they do not overlap).
    public func intersection(_ other: Rect) -> Rect {
        let top = max(row, other.row)
        let left = max(column, other.column)
        let bottomEdge = min(bottom, other.bottom)
        let rightEdge = min(right, other.right)
        return Rect(row: top, column: left, width: rightEdge - left, height: bottomEdge - top)
    }
}
