import Domain
import Localization
import TerminalUI
import ViewModels

/// An author's profile over the Feed: the profile as the Profile tab shows one, the compose
/// field or delete question when editing one's own post, then the author's posts.
struct AuthorProfileScreen: TabScreen {
    var state: AuthorProfileState
    var posts: FeedState
    /// The person's shared folders, drawn instead of the posts while `f` shows them.
    var folders: OthersFoldersState
    var context: ScreenContext

    func render(in area: Rect, into buffer: inout Buffer, layout: inout ScreenLayout) -> Position? {
        let inner = area.inset(top: 1, left: 2, right: 1)
        guard !inner.isEmpty else { return nil }
        guard let user = state.user else {
            let text = state.isLoaded ? tr(.authorMissing) : tr(.loading)
            buffer.setString(
                text, at: Position(row: inner.row, column: inner.column), style: Theme.dim,
                maxWidth: inner.width, ellipsis: true)
            return nil
        }
        var shown = user
        shown.followersCount = state.shownFollowers
        var follow: [Span] = []
        if let followed = state.shownFollowed {
            follow =
                [
                    Span(" · ", style: Theme.dim),
                    Span(
                        tr(followed ? .profileYouFollow : .profileNotFollowed),
                        style: followed ? Theme.label : Theme.dim),
                ] + pendingSpans(state.followIntent != nil, context: context)
        }
        if state.shownMuted == true {
            follow +=
                [Span(" · ", style: Theme.dim), Span(tr(.profileMuted), style: Theme.error)]
                + pendingSpans(state.muteIntent != nil, context: context)
        }
        return drawProfileAndPosts(
            shown, posts: posts, isPending: false, emptyText: tr(.authorNoPosts), in: inner,
            into: &buffer, layout: &layout, context: context, follow: follow,
            folders: state.showsFolders ? folders : nil)
    }
}

/// A profile above the person's shared folders, `● 카페 ⇄  12 places` each; a line
/// says so when signed out or when they share none.
func drawProfileAndFolders(
    _ user: User, folders: OthersFoldersState, in area: Rect, into buffer: inout Buffer,
    layout: inout ScreenLayout, context: ScreenContext, follow: [Span]
) -> Position? {
    let rows = folders.folders ?? []
    let lines = profileLines(
        user, postCount: 0, width: area.width, context: context, follow: follow,
        listTitle: tr(.othersFoldersTitle, ["count": grouped(rows.count)]))
    for (index, line) in lines.prefix(area.height).enumerated() {
        line.render(in: area.line(index), into: &buffer)
    }
    let listArea = area.split(top: lines.count).rest
    let empty =
        !folders.isSignedIn
        ? tr(.othersFoldersSignedOut)
        : folders.folders == nil ? tr(.loading) : tr(.othersFoldersNone, ["user": user.username])
    drawList(
        count: rows.count,
        item: { index in
            let row = rows[index]
            let key: TextKey = row.places.count == 1 ? .othersFolderPlace : .othersFolderPlaces
            let count = tr(key, ["count": grouped(row.places.count)])
            return [
                Line([
                    Span("● ", style: FavoritesScreen.style(for: row.folder.color)),
                    Span(row.folder.shownName + " ⇄", style: Theme.title),
                    Span("  " + count, style: Theme.dim),
                ])
            ]
        }, list: folders.list, in: listArea, into: &buffer, layout: &layout, emptyText: empty)
    return nil
}
