import TerminalUI
import ViewModels

/// Feed: the title says All or Liked, the compose field when writing, then the posts.
struct FeedScreen {
    var state: FeedState
    var context: ScreenContext
    var offsets: ListOffset

    func render(in area: Rect, into buffer: inout Buffer, layout: inout ScreenLayout) -> Position? {
        guard !area.isEmpty else { return nil }
        var (titleRow, rest) = area.split(top: 1)
        let title = state.mode == .all ? "Feed · All posts, newest first" : "Feed · Liked, most recently liked first"
        buffer.setString(title, at: Position(row: titleRow.row, column: titleRow.column), style: Theme.title,
                         maxWidth: titleRow.width, ellipsis: true)
        var cursor: Position?
        if let compose = state.compose {
            let (composeArea, remaining) = rest.split(top: 3)
            rest = remaining
            let label = "New post "
            buffer.setString(label, at: Position(row: composeArea.row, column: composeArea.column), style: Theme.title,
                             maxWidth: composeArea.width)
            let fieldArea = composeArea.line(0).inset(left: TextWidth.of(label), right: 1)
            let field = TextFieldView(state: compose, placeholder: "what's on your mind?", isFocused: true)
            field.render(in: fieldArea, into: &buffer)
            cursor = field.cursorPosition(in: fieldArea)
            let left = state.charactersLeft
            var info = "\(left) characters left"
            if let error = state.composeError { info += " · " + error }
            buffer.setString(info, at: Position(row: composeArea.row + 1, column: composeArea.column),
                             style: left < 0 || state.composeError != nil ? Theme.error : Theme.dim,
                             maxWidth: composeArea.width, ellipsis: true)
        }
        let empty: String
        if state.mode == .liked && !state.isSignedIn {
            empty = "Sign in on the Profile tab (4) to see the posts you liked."
        } else if state.mode == .liked {
            empty = "No liked posts yet. Press v for all posts and l to like one."
        } else {
            empty = state.isLoaded ? "No posts yet. Press n to write the first one." : "Loading…"
        }
        drawList(count: state.rows.count, item: { postLines(state.rows[$0], width: rest.width, context: context) }, selected: state.selected, offset: offsets, in: rest, into: &buffer, layout: &layout,
                 emptyText: empty)
        return cursor
    }
}
