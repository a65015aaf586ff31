import Domain
import Foundation
import Localization
import PlaceCatalog
import TerminalUI

/// How rows look in text output: markers that fall back to ASCII outside a UTF-8 locale,
/// and the feed's three-line posts.
enum TextOutput {
    /// The same markers as the interface: ★ ☆ ♥ ♡, or the ASCII set outside a UTF-8 locale.
    static let markers = Markers.forLocale(isUTF8: isUTF8)
    static let isUTF8 = Markers.isUTF8Locale(environment: ProcessEnvironment.atStart)

    /// `text` followed by spaces up to `width` characters (never cut). Plain Swift rather
    /// than Foundation's `padding(toLength:)`, which bridges to NSString.
    static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    static func heart(_ liked: Bool) -> String { liked ? markers.liked : markers.notLiked }
    static func star(_ saved: Bool) -> String { saved ? markers.saved : markers.notSaved }
    static var dot: String { isUTF8 ? "·" : "-" }

    /// `Display Name @username · 2d` (`(edited)` after an edit), the caption, then `♥ 12  · id` (the id is what
    /// `tern like` takes).
    static func lines(for post: FeedPost, now: Date = Date()) -> [String] {
        let name = DisplayName.shown(post.displayName)
        let handle = post.username.isEmpty ? "" : " @" + post.username
        let edited = post.editedAt == nil ? "" : " " + tr(.postEditedMark)
        let answers = post.replyToUsername.map { " \(dot) \(markers.replyTo)" + ($0.isEmpty ? "" : " @" + $0) } ?? ""
        var lines =
            post.repostedBy.map { person in
                [markers.reposted + " " + tr(.feedReposted, ["name": DisplayName.shown(person.displayName)])]
            } ?? []
        lines.append("\(name)\(handle) \(dot) \(RelativeTime.describe(post.timestamp, now: now))\(edited)\(answers)")
        lines += post.caption.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        let repost = (post.didRepost ? markers.reposted : markers.repost) + " \(post.reposts)"
        let bookmark = post.didBookmark ? "  " + markers.bookmarked : ""
        let replies = "  \(markers.replies) \(post.replies)"
        lines.append("  \(heart(post.didLike)) \(post.likes)  \(repost)\(replies)\(bookmark)  \(dot) \(post.id)")
        return lines
    }
}

/// A post in the JSON shape docs/cli.md gives.
struct FeedPostJSON: Encodable {
    let id: String
    let caption: String
    let timestamp: Date
    let uid: String
    let username: String
    let displayName: String
    let likes: Int
    let didLike: Bool
    // Conversations
    let reposts: Int
    let didRepost: Bool
    let didBookmark: Bool
    // Replies
    let replyTo: String?
    let replies: Int
    // timeline: who of the people followed reposted it, in the Following view (else null)
    let repostedBy: PersonJSON?
    // post-places: the post's PLACE, or null
    let place: PlaceJSON?

    private enum CodingKeys: String, CodingKey {
        case id, caption, timestamp, uid, username, displayName, likes, didLike, reposts, didRepost, didBookmark
        case replyTo, replies, repostedBy, place
    }

    /// `{"uid", "username", "displayName"}`.
    struct PersonJSON: Encodable {
        let uid: String
        let username: String
        let displayName: String
    }

    /// The synthesised encoding, but `replyTo` is written as null rather than left out.
    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(caption, forKey: .caption)
        try container.encode(timestamp, forKey: .timestamp)
        try container.encode(uid, forKey: .uid)
        try container.encode(username, forKey: .username)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(likes, forKey: .likes)
        try container.encode(didLike, forKey: .didLike)
        try container.encode(reposts, forKey: .reposts)
        try container.encode(didRepost, forKey: .didRepost)
        try container.encode(didBookmark, forKey: .didBookmark)
        try container.encode(replyTo, forKey: .replyTo)
        try container.encode(replies, forKey: .replies)
        try container.encode(repostedBy, forKey: .repostedBy)
        try container.encode(place, forKey: .place)
    }

    init(_ post: FeedPost, places: PostPlaceReader) {
        id = post.id
        caption = post.caption
        timestamp = post.timestamp
        uid = post.uid
        username = post.username
        displayName = post.displayName
        likes = post.likes
        didLike = post.didLike
        reposts = post.reposts
        didRepost = post.didRepost
        didBookmark = post.didBookmark
        replyTo = post.replyTo
        replies = post.replies
        repostedBy = post.repostedBy.map {
            PersonJSON(uid: $0.uid, username: $0.username, displayName: $0.displayName)
        }
        place = places.json(for: post)
    }
}
