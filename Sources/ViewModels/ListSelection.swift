import TerminalUI

/// The selection of one list and how the keys move it, owned by the list's window
/// (`PagedList`): the one place a tab's selection lives (its published state copies it).
public protocol ListSelection: AnyObject {
    /// The selection and scroll offset within the rows held.
    var list: ListState { get set }
    /// The selection's place in the whole list.
    var position: ListPosition { get }
    /// Moves by `delta` rows of the whole list, reading on when the move leaves the window.
    func move(by delta: Int)
    func selectFirst()
    func selectLast()
    /// The selection moved within the rows held (a key, a click): reads on near an edge.
    func selectionMoved()
}

extension PagedList: ListSelection {}
