/// The line-drawing characters widgets draw with: box corners and lines, the separator
/// between panes, and the marks of a list that scrolls. A terminal in a locale that is not
/// UTF-8 gets the ASCII set (`+ - |`), which every terminal shows.
public struct LineSymbols: Hashable, Sendable {
    public var horizontal: String
    public var vertical: String
    public var topLeft: String
    public var topRight: String
    public var bottomLeft: String
    public var bottomRight: String
    public var moreAbove: String
    public var moreBelow: String
    /// Between parts of one line, such as a name and a time (`Ann @ann · 2d`).
    public var separator: String

    public static let unicode = LineSymbols(
        horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐",
        bottomLeft: "└", bottomRight: "┘", moreAbove: "↑", moreBelow: "↓",
        separator: "·")
    public static let ascii = LineSymbols(
        horizontal: "-", vertical: "|", topLeft: "+", topRight: "+",
        bottomLeft: "+", bottomRight: "+", moreAbove: "^", moreBelow: "v",
        separator: "-")
}
