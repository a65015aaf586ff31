import TerminalUI

/// Where the last frame put things the mouse can hit: the tabs and the rows of the list.
public struct ScreenLayout: Equatable, Sendable {
    /// Header columns of each tab, in tab order.
    public var tabColumns: [Range<Int>] = []
    /// The list's area and the screen rows of each visible item.
    public var listArea: Rect?
    public var itemRows: [(rows: Range<Int>, index: Int)] = []
    /// The list's first item on screen (its view model keeps it for the next frame).
    public var listOffset: Int?
    /// The form fields' rows as drawn, scrolled (Profile), for clicks; nil for a field out of view.
    public var fieldRows: [Int?] = []
    /// How far the help overlay can scroll (0 when it fits or is closed).
    public var helpMaxOffset = 0
    /// The width of a post being written, for moving its cursor a row up or down.
    public var composeWidth: Int?
    /// Places drew the selected place's detail beside the list (100 columns or more).
    public var showsDetailPane = false

    public init() {}

    public static func == (lhs: ScreenLayout, rhs: ScreenLayout) -> Bool {
        lhs.tabColumns == rhs.tabColumns && lhs.listArea == rhs.listArea && lhs.listOffset == rhs.listOffset
            && lhs.fieldRows == rhs.fieldRows && lhs.helpMaxOffset == rhs.helpMaxOffset
            && lhs.composeWidth == rhs.composeWidth && lhs.showsDetailPane == rhs.showsDetailPane
            && lhs.itemRows.map(\.rows) == rhs.itemRows.map(\.rows)
            && lhs.itemRows.map(\.index) == rhs.itemRows.map(\.index)
    }

    /// The list item drawn at a screen row, if any.
    public func item(atRow row: Int) -> Int? {
        itemRows.first { $0.rows.contains(row) }?.index
    }

    /// The tab whose header text covers a column.
    public func tab(atColumn column: Int) -> Int? {
        tabColumns.firstIndex { $0.contains(column) }
    }
}

/// A drawn frame: the buffer, the cursor of a focused field, and the mouse layout.
public struct Frame {
    public var buffer: Buffer
    public var cursor: Position?
    public var layout: ScreenLayout
    /// The faces drawn with kitty graphics, over blank cells; nil when faces are drawn in cells.
    public var images: [ImagePlacement]? = nil
}
