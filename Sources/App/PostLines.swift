import Domain
import Foundation
import Localization
import PlainText
import TerminalUI
import ViewModels

/// The lines of one post: the author's face two rows high (`FaceCells`), beside it
/// `Display Name @username · 2d` (`(edited)` after an edit; a placeholder for a missing name) and the caption
/// wrapped to the width, then `♥ 12` (red) or `♡ 12`, the reposts `↻ 3` (in the accent colour when the viewer
/// reposted it), `⚑` when the viewer bookmarked it (with the dim pending mark `◌` while the
/// store has not confirmed a like, a mark or the post itself), and a blank line. A reply says whom it answers
/// (`↳ @name`) after the time, every post its reply count `↩ 2` after the reposts; a thread's deleted parent is
/// one dim `(deleted post)` line.
func postLines(_ row: FeedRowModel, width: Int, context: ScreenContext) -> [Line] {
    if row.isDeleted { return [Line([Span("  " + tr(.threadDeletedPost), style: Theme.dim)]), Line("")] }
    // Old data or a deleted author may have no names: a placeholder, never a bare ` @`.
    let name =
        row.displayName.isEmpty ? (row.username.isEmpty ? DisplayName.placeholder : row.username) : row.displayName
    let handle = row.username.isEmpty ? [] : [Span(" "), Span("@" + row.username, style: Theme.label)]
    let face = context.face(
        key: row.uid.isEmpty ? "@" + row.username : row.uid, avatar: row.avatar, displayName: row.displayName,
        username: row.username, rows: FaceCells.postRows)
    let indent = face.isEmpty ? "  " : String(repeating: " ", count: FaceCells.columns(rows: FaceCells.postRows) + 1)
    let header =
        [Span(name, style: Theme.title)] + handle
        + [Span(" · " + RelativeTime.describe(row.timestamp, now: context.now), style: Theme.dim)]
        + (row.isEdited ? [Span(" " + tr(.postEditedMark), style: Theme.dim)] : [])
        + replyToSpans(row, context: context)
    let caption = TextWidth.wrap(shownCaption(row.caption), width: max(1, width - indent.count)).map {
        mentionSpans($0, mentions: row.mentions)
    }
    let heart = Line(
        [
            Span(indent),
            Span(
                row.didLike ? context.markers.liked : context.markers.notLiked,
                style: row.didLike ? Theme.likedMarker : .plain),
            Span(" \(row.likes)  "),
            Span(
                row.didRepost ? context.markers.reposted : context.markers.repost,
                style: row.didRepost ? Theme.label : .plain),
            Span(" \(row.reposts)  "),
            Span(context.markers.replies),
            Span(" \(row.replies)"),
        ] + (row.didBookmark ? [Span("  "), Span(context.markers.bookmarked, style: Theme.label)] : [])
            + pendingSpans(row.isPending, context: context))
    // timeline: a repost in the Following view says whose, once, above the post.
    let reposted = row.repostedBy.map { person in
        let name = person.displayName.isEmpty ? "@" + person.username : person.displayName
        return Line(
            [Span(indent), Span(context.markers.reposted + " " + tr(.feedReposted, ["name": name]), style: Theme.dim)])
    }
    // `📍 Name · Region` under the caption of a post that carries a place.
    let place = row.place.map { place in
        [Span(context.markers.place + " " + place.name, style: Theme.label)]
            + (place.region.isEmpty ? [] : [Span(" · " + place.region, style: Theme.dim)])
            + (place.distance.map { [Span(" · " + DistanceText.describe($0), style: Theme.dim)] } ?? [])
    }
    return (reposted.map { [$0] } ?? []) + beside(face, [header] + caption + (place.map { [$0] } ?? []), indent: indent)
        + [heart, Line("")]
}

/// One line of a caption, its `@name`s of existing accounts (`mentions`) in the mention style.
func mentionSpans(_ line: String, mentions: [PostMention]) -> [Span] {
    guard !mentions.isEmpty else { return [Span(line)] }
    let characters = Array(line)
    var spans: [Span] = []
    var start = 0
    for mention in Mentions.spans(in: line) where mentions.contains(where: { $0.username == mention.name }) {
        if mention.range.lowerBound > start { spans.append(Span(String(characters[start..<mention.range.lowerBound]))) }
        spans.append(Span(String(characters[mention.range]), style: Theme.mention))
        start = mention.range.upperBound
    }
    if start < characters.count || spans.isEmpty { spans.append(Span(String(characters[start...]))) }
    return spans
}

/// The compose field's title: a new post, an edit, or a reply that says whom it answers.
func composeLabel(_ state: FeedState) -> String {
    guard let parent = state.replyingTo else { return tr(state.editingPostID == nil ? .feedNewPost : .feedEditPost) }
    return tr(.feedReplyTo, ["name": parent.username.isEmpty ? DisplayName.placeholder : "@" + parent.username])
}

/// ` · ↳ @name` after a reply's time (dim, the name as a label), nothing for a post that answers none.
func replyToSpans(_ row: FeedRowModel, context: ScreenContext) -> [Span] {
    guard row.replyTo != nil else { return [] }
    let name = row.replyToUsername.map { $0.isEmpty ? "" : " @" + $0 } ?? ""
    return [Span(" · " + context.markers.replyTo, style: Theme.dim), Span(name, style: Theme.label)]
}

/// `lines` to the right of `face`'s rows (one space between), the lines past the face
/// indented as far; a face taller than the lines gets lines of its own. Without a face the
/// first line starts at the left and the others are indented.
func beside(_ face: [[Span]], _ lines: [[Span]], indent: String) -> [Line] {
    if face.isEmpty { return lines.enumerated().map { Line(($0.offset == 0 ? [] : [Span(indent)]) + $0.element) } }
    return (0..<max(face.count, lines.count)).map { index in
        let left = index < face.count ? face[index] + [Span(" ")] : [Span(indent)]
        return Line(left + (index < lines.count ? lines[index] : []))
    }
}

/// A caption as a list shows it: cleaned, each line break kept, and a run of blank lines
/// shown as one blank line (a paragraph break, as Mastodon shows posts).
func shownCaption(_ caption: String) -> String {
    var lines: [Substring] = []
    for line in SafeText.forDisplay(caption).split(separator: "\n", omittingEmptySubsequences: false) {
        let isBlank = line.allSatisfy(\.isWhitespace)
        if isBlank, lines.last.map({ $0.allSatisfy(\.isWhitespace) }) ?? true { continue }
        lines.append(isBlank ? "" : line)
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines.joined(separator: "\n")
}

/// ` ◌` (dim) after a heart, star or name whose change the store has not confirmed, else nothing.
func pendingSpans(_ isPending: Bool, context: ScreenContext) -> [Span] {
    isPending ? [Span(" "), Span(context.markers.pending, style: Theme.dim)] : []
}
