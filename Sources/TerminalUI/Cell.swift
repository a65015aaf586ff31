/// One terminal cell: a grapheme of display width 1 or 2, or "" for the right half of a
/// wide grapheme drawn in the cell to its left.
public struct Cell: Hashable, Sendable {
    public var symbol: String
    public var style: Style

    public init(_ symbol: String = " ", style: Style = .plain) {
        self.symbol = symbol
        self.style = style
    }

    public static let blank = Cell()

    /// True for the right half of a wide grapheme.
    public var isContinuation: Bool { symbol.isEmpty }
}
