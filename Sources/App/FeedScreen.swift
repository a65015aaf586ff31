import Localization
import TerminalUI
import ViewModels

/// Feed: the title says All or Liked, the compose field when writing, then the posts.
struct FeedScreen: TabScreen {
    var state: FeedState
    var context: ScreenContext

    func render(in area: Rect, into buffer: inout Buffer, layout: inout ScreenLayout) -> Position? {
        guard !area.isEmpty else { return nil }
        var (titleRow, rest) = area.split(top: 1)
        let title = context.listTitle(Self.title(state.mode))
        drawTitle(title, position: state.rows.isEmpty ? nil : state.position, in: titleRow, into: &buffer)
        let pane = PostMapPane.split(&rest, into: &buffer)
        let cursor = drawPostEditor(state, in: &rest, into: &buffer, layout: &layout, markers: context.markers)
        // timeline: how to follow (All, following nobody), and the posts that came above.
        var notes: [(String, Style)] = []
        if state.mode == .all && state.isSignedIn && state.followsNobody {
            notes.append((tr(.feedFollowHint, ["key": AppKeyMap.firstKey("follow")]), Theme.dim))
        }
        if state.newAbove > 0 {
            notes.append(
                (
                    tr(
                        state.newAbove == 1 ? .feedNewPostAbove : .feedNewPosts,
                        ["count": grouped(state.newAbove), "key": AppKeyMap.firstKey("top")]), Theme.label
                ))
        }
        for (text, style) in notes where rest.height > 2 {
            let (line, remaining) = rest.split(top: 1)
            buffer.setString(
                text, at: Position(row: line.row, column: line.column), style: style, maxWidth: line.width,
                ellipsis: true)
            rest = remaining
        }
        // Posts on their way sit above the list (which holds only what the store lists).
        for row in state.sending where !rest.isEmpty {
            let lines = postLines(row, width: rest.width, context: context)
            let (postArea, remaining) = rest.split(top: min(rest.height, lines.count))
            for (index, line) in lines.prefix(postArea.height).enumerated() {
                line.render(in: postArea.line(index), into: &buffer)
            }
            rest = remaining
        }
        if state.isLoadingPage && rest.height > 1 {
            // Rows past the window are on their way: the list's last line says so.
            let (list, loading) = rest.split(bottom: 1)
            buffer.setString(
                tr(.listLoadingPage), at: Position(row: loading.row, column: loading.column), style: Theme.dim,
                maxWidth: loading.width)
            rest = list
        }
        let empty: String
        if state.mode == .liked && !state.isSignedIn {
            empty = tr(.feedLikedSignedOut)
        } else if state.mode != .all && !state.isSignedIn {
            empty = tr(.feedSignedOutView)
        } else if !state.isLoaded {
            empty = tr(.loading)
        } else {
            switch state.mode {
            case .all: empty = tr(.feedEmpty)
            case .following: empty = tr(.feedFollowingEmpty)
            case .liked: empty = tr(.feedLikedEmpty)
            case .bookmarks: empty = tr(.feedBookmarksEmpty, ["key": AppKeyMap.firstKey("bookmark")])
            }
        }
        drawList(
            count: state.rows.count, item: { postLines(state.rows[$0], width: rest.width, context: context) },
            list: state.list, in: rest, into: &buffer, layout: &layout,
            emptyText: empty)
        PostMapPane.draw(state, layout: layout, in: pane, into: &buffer, context: context)
        return cursor
    }

    /// The title line of each view.
    static func title(_ mode: FeedMode) -> String {
        switch mode {
        case .all: tr(.feedTitleAll)
        case .following: tr(.feedTitleFollowing)
        case .liked: tr(.feedTitleLiked)
        case .bookmarks: tr(.feedTitleBookmarks)
        }
    }
}

/// Above a list of posts: the compose field (writing or editing a post), taking its rows
/// from the top of `area` (the text's rows, at most a third of the list's, the attached
/// place's `📍 Name · Region` line, then the counter and a blank row); returns the cursor
/// and sets the field's width for moving up and down.
func drawPostEditor(
    _ state: FeedState, in area: inout Rect, into buffer: inout Buffer,
    layout: inout ScreenLayout, markers: Markers
) -> Position? {
    guard let compose = state.compose else { return nil }
    let label = composeLabel(state) + " "
    let field = TextAreaView(state: compose, placeholder: tr(.feedComposePlaceholder), isFocused: true)
    let fieldWidth = area.inset(left: TextWidth.of(label), right: 1).width
    let textRows = min(max(1, min(6, (area.height - 2) / 3)), field.rowCount(width: fieldWidth))
    let placeRows = state.attachedPlace == nil ? 0 : 1
    let (composeArea, remaining) = area.split(top: textRows + placeRows + 2)
    area = remaining
    buffer.setString(
        label, at: Position(row: composeArea.row, column: composeArea.column), style: Theme.title,
        maxWidth: composeArea.width)
    let fieldArea = composeArea.split(top: textRows).top.inset(left: TextWidth.of(label), right: 1)
    field.render(in: fieldArea, into: &buffer)
    layout.composeWidth = fieldArea.width
    let left = state.charactersLeft
    var info = tr(.feedCharactersLeft, ["count": grouped(left)])
    if let error = state.composeError { info += " · " + error }
    if let place = state.attachedPlace, composeArea.row + textRows < composeArea.bottom {
        let line = Line(
            [Span(String(repeating: " ", count: TextWidth.of(label)))]
                + [Span(markers.place + " " + place.name, style: Theme.label)]
                + (place.region.isEmpty ? [] : [Span(" · " + place.region, style: Theme.dim)])
                + [Span("  " + tr(.composePlaceHint, ["key": AppKeyMap.firstKey("attach-place")]), style: Theme.dim)])
        line.render(in: composeArea.line(textRows), into: &buffer)
    }
    let infoRow = composeArea.row + textRows + placeRows
    if infoRow < composeArea.bottom {
        buffer.setString(
            info, at: Position(row: infoRow, column: composeArea.column),
            style: left < 0 || state.composeError != nil ? Theme.error : Theme.dim,
            maxWidth: composeArea.width, ellipsis: true)
    }
    return field.cursorPosition(in: fieldArea)
}
