import Localization
import TerminalUI
import ViewModels

/// A thread: the title, the compose field when replying, then the parents, the post and its
/// replies (a deleted parent drawn `(deleted post)`), with the Feed's rows. A place's posts
/// are drawn by the same screen under their own title (`place`).
struct ThreadScreen: TabScreen {
    var state: FeedState
    var context: ScreenContext
    /// The place whose posts these are (its shown name), nil for a thread.
    var place: String?

    /// `Posts about Busan · 3 posts`, or `Thread`.
    var title: String {
        guard let place else { return tr(.threadTitle) }
        let total = state.position.total
        let posts = tr(total == 1 ? .placeCountPost : .placeCountPosts, ["count": Formats.number(total)])
        return tr(.placePostsTitle, ["name": place, "posts": posts])
    }

    var emptyText: String {
        guard state.isLoaded else { return tr(.loading) }
        return place.map { tr(.placePostsEmpty, ["name": $0]) } ?? tr(.threadDeletedPost)
    }

    func render(in area: Rect, into buffer: inout Buffer, layout: inout ScreenLayout) -> Position? {
        guard !area.isEmpty else { return nil }
        var (titleRow, rest) = area.split(top: 1)
        drawTitle(
            context.listTitle(title), position: state.rows.isEmpty ? nil : state.position, in: titleRow,
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
            emptyText: emptyText)
        PostMapPane.draw(state, layout: layout, in: pane, into: &buffer, context: context)
        return cursor
    }
}
