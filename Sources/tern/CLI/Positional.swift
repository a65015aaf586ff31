/// A positional argument declared once: the name usage and help show, how many words it
/// takes, and whether an empty word is accepted.
struct Positional {
    enum Count {
        /// Exactly one word.
        case one
        /// One word or none.
        case optional
        /// One or more words, joined by spaces (a query, a post).
        case words
    }

    let name: String
    let count: Count
    /// `tern like ""` is a usage error; an empty query is a question of its own.
    let allowsEmpty: Bool

    init(_ name: String, _ count: Count = .one, allowsEmpty: Bool = false) {
        self.name = name
        self.count = count
        self.allowsEmpty = allowsEmpty
    }

    /// As the usage line shows it.
    var synopsis: String { count == .optional ? "[\(name)]" : name }
}
