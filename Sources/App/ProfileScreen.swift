import Domain
import Foundation
import Localization
import PlainText
import TerminalUI
import ViewModels

/// Profile: the sign-in / create-account offer, a form, or the signed-in user's profile and posts.
struct ProfileScreen: TabScreen {
    var state: ProfileState
    /// The signed-in user's posts (nil signed out).
    var posts: FeedState?
    var context: ScreenContext

    func render(in area: Rect, into buffer: inout Buffer, layout: inout ScreenLayout) -> Position? {
        guard !area.isEmpty else { return nil }
        if let form = state.form {
            return drawForm(form, in: area.inset(top: 1, left: 2, right: 1), into: &buffer, layout: &layout)
        }
        if let user = state.user {
            return drawProfileAndPosts(
                user, posts: posts, isPending: state.isUserPending, emptyText: tr(.profileNoPosts),
                in: area.inset(top: 1, left: 2, right: 1), into: &buffer, layout: &layout,
                context: context)
        } else {
            drawSignedOut(in: area.inset(top: 1, left: 2, right: 1), into: &buffer)
        }
        return nil
    }

    private func drawSignedOut(in area: Rect, into buffer: inout Buffer) {
        let lines: [Line] =
            [
                Line(tr(.profileSignedOut), style: Theme.title),
                Line(""),
            ]
            + AppKeyMap.profileOnly(signedIn: false).bindings.map { binding in
                Line([Span(binding.label, style: Theme.title), Span("  " + binding.help)])
            } + [
                Line(""),
                Line(tr(.profileSignedOutHint), style: Theme.dim),
            ]
        for (index, line) in lines.prefix(area.height).enumerated() {
            line.render(in: area.line(index), into: &buffer)
        }
    }

    private func drawForm(_ form: ProfileForm, in area: Rect, into buffer: inout Buffer, layout: inout ScreenLayout)
        -> Position?
    {
        let fields = form.fields.map {
            FormField(
                label: $0.field.title, state: $0.input, isSecure: $0.isSecure, error: $0.error,
                showsCount: !$0.isSecure && ![.email, .picture, .invitation].contains($0.field))
        }
        let message: String
        let style: Style
        if let text = form.message {
            message = text
            style = form.isBusy ? Theme.label : Theme.error
        } else {
            message = form.hint ?? (form.kind == .onboarding ? tr(.formOnboardingHint) : tr(.formHint))
            style = Theme.dim
        }
        let view = FormView(
            title: form.kind.title, fields: fields, focused: form.focused, message: message,
            messageStyle: style, fieldWidth: 40, secureSymbol: context.markers.passwordDot,
            errorStyle: Theme.error)
        view.render(in: area, into: &buffer)
        layout.fieldRows = view.fieldRows(in: area)
        return form.isBusy ? nil : view.cursorPosition(in: area)
    }

}

/// A profile (`profileLines`), then a post being written or edited, then the posts (nil:
/// none to show); returns the cursor. The Profile tab and an author's profile share it.
func drawProfileAndPosts(
    _ user: User, posts: FeedState?, isPending: Bool, emptyText: String, in area: Rect,
    into buffer: inout Buffer, layout: inout ScreenLayout, context: ScreenContext, follow: [Span] = [],
    folders: OthersFoldersState? = nil
) -> Position? {
    if let folders {
        return drawProfileAndFolders(
            user, folders: folders, in: area, into: &buffer, layout: &layout, context: context, follow: follow)
    }
    let postCount = posts.map { max($0.position.total, $0.rows.count) } ?? 0
    let lines = profileLines(
        user, postCount: postCount, isPending: isPending, width: area.width, context: context, follow: follow)
    for (index, line) in lines.prefix(area.height).enumerated() {
        line.render(in: area.line(index), into: &buffer)
    }
    guard let posts else { return nil }
    var listArea = area.split(top: lines.count).rest
    let cursor = drawPostEditor(posts, in: &listArea, into: &buffer, layout: &layout, markers: context.markers)
    drawList(
        count: posts.rows.count, item: { postLines(posts.rows[$0], width: listArea.width, context: context) },
        list: posts.list, in: listArea, into: &buffer, layout: &layout,
        emptyText: posts.isLoaded ? emptyText : tr(.loading))
    return cursor
}

/// A profile above its posts: the face four rows high, beside it display name, @username,
/// bio (up to three lines), join date and counts, then the posts' title. The Profile tab
/// and an author's profile share it.
func profileLines(
    _ user: User, postCount: Int, isPending: Bool = false, width: Int, context: ScreenContext, follow: [Span] = [],
    listTitle: String? = nil
) -> [Line] {
    let face = context.face(
        key: user.id, avatar: user.avatar, displayName: user.displayName, username: user.username,
        rows: FaceCells.profileRows)
    let indent = face.isEmpty ? "" : String(repeating: " ", count: FaceCells.columns(rows: FaceCells.profileRows) + 1)
    var lines: [[Span]] = [
        [Span(DisplayName.shown(user.displayName), style: Theme.title)] + pendingSpans(isPending, context: context),
        [Span("@" + (user.username.isEmpty ? context.markers.ellipsis : user.username), style: Theme.label)],
    ]
    let bio = TextWidth.wrap(SafeText.forDisplay(user.bio), width: max(1, width - indent.count)).prefix(3)
    lines += bio.map { [Span($0)] }
    lines.append(
        [
            Span(tr(.profileJoined, ["date": RelativeTime.longDate(user.createdOn)]), style: Theme.dim),
            Span(" · ", style: Theme.dim),
            Span(tr(.profileFollowers, ["count": grouped(user.followersCount)]), style: Theme.dim),
            Span(" · ", style: Theme.dim),
            Span(tr(.profileFollowing, ["count": grouped(user.followingCount)]), style: Theme.dim),
        ] + follow)
    return beside(face, lines, indent: indent) + [
        Line(""),
        Line(context.listTitle(listTitle ?? tr(.profilePosts, ["count": grouped(postCount)])), style: Theme.title),
    ]
}
