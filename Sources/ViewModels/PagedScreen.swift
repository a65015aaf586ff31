import TerminalUI

/// A tab whose list is a window read through a `PagedList`: this one conformance gives the
/// three paged tabs `ScreenModel`'s list keys, on the selection the window owns.
public protocol PagedScreen: ScreenModel {
    /// The list's selection (its `PagedList`).
    var selection: ListSelection { get }
    /// Publishes the state after the selection moved.
    func selectionMoved()
}

extension PagedScreen {
    public var list: ListState { selection.list }
    public var listPosition: ListPosition { selection.position }

    public func storeList(_ list: ListState, publish: Bool) {
        selection.list = list
        guard publish else { return }
        selection.selectionMoved()
        selectionMoved()
    }

    public func moveSelection(by delta: Int) {
        selection.move(by: delta)
        selectionMoved()
    }

    public func selectFirst() {
        selection.selectFirst()
        selectionMoved()
    }

    public func selectLast() {
        selection.selectLast()
        selectionMoved()
    }
}
