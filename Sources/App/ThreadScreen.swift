import Localization
import TerminalUI
import ViewModels

/// A thread: the title, the compose field when replying, then the parents, the post and its
/// replies (a deleted parent drawn `(deleted post)`), with the Feed's rows.
struct ThreadScreen: TabScreen {
    var state: FeedState
    var context: ScreenContext

    func render(in area: Rect, into buffer: inout Buffer, layout: inout ScreenLayout) -> Position? {
        guard !area.isEmpty else { return nil }
        var (titleRow, rest) = area.split(top: 1)
        drawTitle(
            context.listTitle(tr(.threadTitle)), position: state.rows.isEmpty ? nil : state.position, in: titleRow,
            into: &buffer)
        let pane = PostMapPane.split(&rest, into: &buffer)
        let cursor = drawPostEditor(state, in: &rest, into: &buffer, layout: &layout, markers: context.markers)
        for row in state.sending where !rest.isEmpty {
            let lines = postLines(row, width: rest.width, context: context)
            let (postArea, remaining) = rest.split(top: min(rest.height, lines.count))
            for (index, line) in lines.prefix(postArea.height).enumerated() {
                line.render(in: postArea.line(index), into: &buffer)
            }
            rest = remaining
        }
        drawList(
            count: state.rows.count, item: { postLines(state.rows[$0], width: rest.width, context: context) },
            list: state.list, in: rest, into: &buffer, layout: &layout,
            emptyText: state.isLoaded ? tr(.threadDeletedPost) : tr(.loading))
        PostMapPane.draw(state, layout: layout, in: pane, into: &buffer, context: context)
        return cursor
    }
}
