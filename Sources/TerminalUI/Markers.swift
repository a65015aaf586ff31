/// The symbols for saved places and liked posts.
///
/// UTF-8 terminals: saved `★`, not saved `☆`, liked `♥`, not liked `♡`, ellipsis `…`,
/// pending `◌`, reposts `↻`, bookmarked `⚑`. Other locales use ASCII: saved `*`, not saved
/// `-`, liked `<3`, not liked `--`, ellipsis `~`, pending `..`, reposted `RT` (else `rt`),
/// bookmarked `[B]`. Replies: a reply's `↳` (`->`) before whom it answers, a post's reply count `↩` (`re`).
public struct Markers: Hashable, Sendable {
    public var saved: String
    public var notSaved: String
    public var liked: String
    public var notLiked: String
    public var ellipsis: String
    /// The dot a password field shows for each character.
    public var passwordDot: String
    /// Beside a heart, star or profile whose change the store has not confirmed yet.
    public var pending: String
    /// A post's repost count: reposted by the viewer, or not.
    public var reposted: String
    public var repost: String
    /// A post the viewer bookmarked.
    public var bookmarked: String
    // Replies
    /// Before the name a reply answers.
    public var replyTo = "↳"
    /// A post's reply count.
    public var replies = "↩"
    // Before the place a post carries (`📍 Name · Region`).
    public var place = "📍"
    // The maps: the selected post's place (`#` in ASCII), where followed people saved places (`%`).
    public var mapSelected = "◆"
    public var followedSave = "◇"
    /// After a followed folder's name in Favorites (`@mina/카페 ↗`, `>` in ASCII).
    public var followedFolder = "↗"

    public init(
        saved: String, notSaved: String, liked: String, notLiked: String, ellipsis: String, passwordDot: String,
        pending: String, reposted: String = "↻", repost: String = "↻", bookmarked: String = "⚑"
    ) {
        self.saved = saved
        self.notSaved = notSaved
        self.liked = liked
        self.notLiked = notLiked
        self.ellipsis = ellipsis
        self.passwordDot = passwordDot
        self.pending = pending
        self.reposted = reposted
        self.repost = repost
        self.bookmarked = bookmarked
    }

    public static let utf8 = Markers(
        saved: "★", notSaved: "☆", liked: "♥", notLiked: "♡", ellipsis: "…", passwordDot: "•", pending: "◌")
    public static let ascii: Markers = {
        var markers = Markers(
            saved: "*", notSaved: "-", liked: "<3", notLiked: "--", ellipsis: "~", passwordDot: "*", pending: "..",
            reposted: "RT", repost: "rt", bookmarked: "[B]")
        markers.replyTo = "->"
        markers.replies = "re"
        markers.place = "[P]"
        markers.mapSelected = "#"
        markers.followedSave = "%"
        markers.followedFolder = ">"
        return markers
    }()

    public static func forLocale(isUTF8: Bool) -> Markers { isUTF8 ? .utf8 : .ascii }

    /// Guesses UTF-8 from `LC_ALL`, `LC_CTYPE` and `LANG` (the first one set wins), for
    /// code that runs without a terminal. The curses backend asks `nl_langinfo` instead.
    public static func isUTF8Locale(environment: [String: String]) -> Bool {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = environment[name], !value.isEmpty {
                // Bytes, not Foundation's `contains`, which goes its general (ICU-backed)
                // way: a measurable part of a one-search command.
                let lower = Array(value.lowercased().utf8)
                return Markers.holds(lower, "utf-8") || Markers.holds(lower, "utf8")
            }
        }
        return false
    }

    /// Whether `bytes` holds `part`'s bytes in a row.
    static func holds(_ bytes: [UInt8], _ part: String) -> Bool {
        let wanted = Array(part.utf8)
        guard bytes.count >= wanted.count else { return false }
        return (0...(bytes.count - wanted.count)).contains { bytes[$0..<($0 + wanted.count)].elementsEqual(wanted) }
    }
}
