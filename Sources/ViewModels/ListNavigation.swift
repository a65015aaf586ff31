/// The list keys every screen shares (`j` `k`, PgDn PgUp, `g` `G`): a screen says how many
/// rows it has, which is selected and how to store a selection, and the moves follow.
public protocol ListNavigation: AnyObject {
    var rowCount: Int { get }
    var selectedIndex: Int { get }
    var pageSize: Int { get }
    /// Stores `index` (already clamped) and publishes the state.
    func storeSelection(_ index: Int)
}

public extension ListNavigation {
    func moveSelection(by delta: Int) { select(selectedIndex + delta) }
    func pageDown() { moveSelection(by: max(1, pageSize)) }
    func pageUp() { moveSelection(by: -max(1, pageSize)) }
    func selectFirst() { select(0) }
    func selectLast() { select(rowCount - 1) }

    /// Selects row `index`, clamped to the rows: the one place a selection is clamped.
    func select(_ index: Int) { storeSelection(clampSelection(index, count: rowCount)) }
}

/// `index` kept inside `0..<count` (0 for an empty list).
func clampSelection(_ index: Int, count: Int) -> Int {
    count == 0 ? 0 : min(max(0, index), count - 1)
}
