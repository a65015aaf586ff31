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
            into: &buffer, layout: &layout, context: context, follow: follow)
    }
}
