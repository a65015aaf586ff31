import PlainText
import TerminalUI

/// What the app asks of every tab's view model: its list (selection and scroll offset, in
/// ratatui's `ListState`, owned here and never written by the renderer), its text field,
/// and Enter / Esc. The app routes keys to `AppViewModel.screen` through this one table
/// instead of a switch over the tabs per key.
public protocol ScreenModel: AnyObject {
    /// The list's selection and the first item on screen.
    var list: ListState { get }
    /// How many items the list has now.
    var listCount: Int { get }
    /// Rows of list the last frame showed (page keys move by what fits).
    var rowsInView: Int { get set }
    /// Keeps `list`; publishes the state (a redraw) only when `publish`.
    func storeList(_ list: ListState, publish: Bool)
    /// How many items a page key moves when `rows` rows of list are on screen.
    func pageItems(rows: Int) -> Int
    /// A click on item `index` of the list.
    func click(_ index: Int)
    /// Moves the selection by `delta` items; `g` and `G`: the whole list's first and last
    /// items (a paged list reads them first).
    func moveSelection(by delta: Int)
    func selectFirst()
    func selectLast()
    /// Where the selection is in the whole list, which may hold more than `listCount` items.
    var listPosition: ListPosition { get }

    /// Whether a text field has focus: keys no binding takes edit it, and `q` types.
    var isEditingText: Bool { get }
    func edit(_ edit: TextEditor.Edit)
    /// Enter in the field or form.
    func submit()
    /// Esc in the field or form.
    func cancel()
}

extension ScreenModel {
    public func moveSelection(by delta: Int) { changeList { $0.move(by: delta, count: listCount) } }
    public func select(_ index: Int) { changeList { $0.select(index, count: listCount) } }
    public func selectFirst() { changeList { $0.selectFirst(count: listCount) } }
    public func selectLast() { changeList { $0.selectLast(count: listCount) } }
    public var listPosition: ListPosition { ListPosition(index: list.selected, total: listCount) }
    public func pageDown() { moveSelection(by: max(1, pageItems(rows: rowsInView))) }
    public func pageUp() { moveSelection(by: -max(1, pageItems(rows: rowsInView))) }

    /// The last frame drew the list from item `offset` in `rows` rows. Kept for the next
    /// frame (so the list does not jump) and the page keys; drawing it again would show the
    /// same, so nothing is published.
    public func listShown(offset: Int, rows: Int) {
        rowsInView = rows
        var shown = list
        shown.offset = offset
        storeList(shown, publish: false)
    }

    private func changeList(_ change: (inout ListState) -> Void) {
        var changed = list
        change(&changed)
        storeList(changed, publish: true)
    }
}

/// A list's state with the selection kept inside `0..<count` (0 for an empty list).
func clamped(_ list: ListState, count: Int) -> ListState {
    var result = list
    result.select(list.selected, count: count)
    return result
}
