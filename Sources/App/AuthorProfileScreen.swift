import Domain
import Localization
import TerminalUI
import ViewModels

/// An author's profile over the Feed: the profile as the Profile tab shows one, the compose
/// field or delete question when editing one's own post, then the author's posts.
struct AuthorProfileScreen: TabScreen {
    var state: AuthorProfileState
    var posts: FeedState
    var context: ScreenContext

    func render(in area: Rect, into buffer: inout Buffer, layout: inout ScreenLayout) -> Position? {
        let inner = area.inset(top: 1, left: 2, right: 1)
        guard !inner.isEmpty else { return nil }
        guard let user = state.user else {
            let text = state.isLoaded ? tr(.authorMissing) : tr(.loading)
            buffer.setString(text, at: Position(row: inner.row, column: inner.column), style: Theme.dim,
                             maxWidth: inner.width, ellipsis: true)
            return nil
        }
        let lines = profileLines(user, postCount: max(posts.position.total, posts.rows.count), width: inner.width, context: context)
        for (index, line) in lines.prefix(inner.height).enumerated() {
            line.render(in: inner.line(index), into: &buffer)
        }
        var rest = inner.split(top: lines.count).rest
        let cursor = drawPostEditor(posts, in: &rest, into: &buffer, layout: &layout)
        drawList(count: posts.rows.count, item: { postLines(posts.rows[$0], width: rest.width, context: context) },
                 list: posts.list, in: rest, into: &buffer, layout: &layout,
                 emptyText: posts.isLoaded ? tr(.authorNoPosts) : tr(.loading))
        return cursor
    }
}
