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
        var lines = ["\(name)\(handle) \(dot) \(RelativeTime.describe(post.timestamp, now: now))\(edited)"]
        lines += post.caption.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        let repost = (post.didRepost ? markers.reposted : markers.repost) + " \(post.reposts)"
        let bookmark = post.didBookmark ? "  " + markers.bookmarked : ""
        lines.append("  \(heart(post.didLike)) \(post.likes)  \(repost)\(bookmark)  \(dot) \(post.id)")
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

    init(_ post: FeedPost) {
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
    }
}
