import Domain
import Foundation

/// How rows look in text output: markers that fall back to ASCII outside a UTF-8 locale,
/// and the feed's three-line posts.
enum TextOutput {
    /// Whether the locale (LC_ALL, else LC_CTYPE, else LANG) names UTF-8.
    static let isUTF8: Bool = {
        let environment = ProcessInfo.processInfo.environment
        let locale = [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let lowered = locale.lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8")
    }()

    static func heart(_ liked: Bool) -> String { isUTF8 ? (liked ? "♥" : "♡") : (liked ? "<3" : "-") }
    static func star(_ saved: Bool) -> String { isUTF8 ? (saved ? "★" : "☆") : (saved ? "*" : "o") }
    static var dot: String { isUTF8 ? "·" : "-" }

    /// `Display Name @username · 2d`, the caption, then `♥ 12  · id` (the id is what
    /// `tern like` takes).
    static func lines(for post: FeedPost, now: Date = Date()) -> [String] {
        let name = post.displayName.isEmpty ? "(no name)" : post.displayName
        let handle = post.username.isEmpty ? "" : " @" + post.username
        var lines = ["\(name)\(handle) \(dot) \(TernTime.age(of: post.timestamp, now: now))"]
        lines += post.caption.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        lines.append("  \(heart(post.didLike)) \(post.likes)  \(dot) \(post.id)")
        return lines
    }
}

/// A post in the JSON shape of PRODUCT.md.
struct FeedPostJSON: Encodable {
    let id: String
    let caption: String
    let timestamp: Date
    let uid: String
    let username: String
    let displayName: String
    let likes: Int
    let didLike: Bool

    init(_ post: FeedPost) {
        id = post.id
        caption = post.caption
        timestamp = post.timestamp
        uid = post.uid
        username = post.username
        displayName = post.displayName
        likes = post.likes
        didLike = post.didLike
    }
}

/// A favorite in the JSON shape of PRODUCT.md.
struct FavoriteJSON: Encodable {
    let placeID: String
    let placeName: String
    let address: String
    let coordinate: Coordinate
    let savedAt: Date

    init(_ favorite: FavoritePlace) {
        placeID = favorite.placeID
        placeName = favorite.placeName
        address = favorite.address
        coordinate = favorite.coordinate
        savedAt = favorite.savedAt
    }
}
