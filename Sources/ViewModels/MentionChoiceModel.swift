import Domain
import PlainText
import TerminalUI

/// `m` on a post that mentions several accounts: which profile to open, as a picker over the
/// Feed (j/k choose, Enter opens, Esc closes). Its list is the mentions in the post's order.
public final class MentionChoiceModel: ScreenModel {
    public let mentions: [PostMention]
    public private(set) var list = ListState()
    public var rowsInView = 10
    /// Enter: the chosen account's uid; Esc: nil.
    private let onDone: (String?) -> Void
    private let onChange: () -> Void

    init(mentions: [PostMention], onChange: @escaping () -> Void, onDone: @escaping (String?) -> Void) {
        self.mentions = mentions
        self.onChange = onChange
        self.onDone = onDone
    }

    public var selected: Int { list.selected }

    public var listCount: Int { mentions.count }

    public func storeList(_ list: ListState, publish: Bool) {
        self.list = clamped(list, count: mentions.count)
        if publish { onChange() }
    }

    public func pageItems(rows: Int) -> Int { max(1, rows) }
    public func click(_ index: Int) { select(index) }
    public var isEditingText: Bool { false }
    public func edit(_ edit: TextEditor.Edit) {}
    public func submit() { onDone(mentions.indices.contains(selected) ? mentions[selected].uid : nil) }
    public func cancel() { onDone(nil) }
}
