/// The symbols for saved places and liked posts.
///
/// UTF-8 terminals: saved `★`, not saved `☆`, liked `♥`, not liked `♡`, ellipsis `…`,
/// pending `◌`. Other locales use ASCII: saved `*`, not saved `-`, liked `<3`, not liked
/// `--`, ellipsis `~`, pending `..`.
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

    public init(saved: String, notSaved: String, liked: String, notLiked: String, ellipsis: String, passwordDot: String,
                pending: String) {
        self.saved = saved
        self.notSaved = notSaved
        self.liked = liked
        self.notLiked = notLiked
        self.ellipsis = ellipsis
        self.passwordDot = passwordDot
        self.pending = pending
    }

    public static let utf8 = Markers(saved: "★", notSaved: "☆", liked: "♥", notLiked: "♡", ellipsis: "…", passwordDot: "•", pending: "◌")
    public static let ascii = Markers(saved: "*", notSaved: "-", liked: "<3", notLiked: "--", ellipsis: "~", passwordDot: "*", pending: "..")

    public static func forLocale(isUTF8: Bool) -> Markers { isUTF8 ? .utf8 : .ascii }

    /// Guesses UTF-8 from `LC_ALL`, `LC_CTYPE` and `LANG` (the first one set wins), for
    /// code that runs without a terminal. The curses backend asks `nl_langinfo` instead.
    public static func isUTF8Locale(environment: [String: String]) -> Bool {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = environment[name], !value.isEmpty {
                let lower = value.lowercased()
                return lower.contains("utf-8") || lower.contains("utf8")
            }
        }
        return false
    }
}
