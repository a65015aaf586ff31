/// A positional argument declared once: the name usage and help show, how many words it
/// takes, and whether an empty word is accepted.
struct Positional: Sendable {
    enum Count: Sendable {
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
    /// What a shell offers for it (nil: worked out from its name).
    let completion: ValueCompletion

    init(_ name: String, _ count: Count = .one, allowsEmpty: Bool = false, completion: ValueCompletion? = nil) {
        self.name = name
        self.count = count
        self.allowsEmpty = allowsEmpty
        self.completion = completion ?? ValueCompletion(valueName: name)
    }

    /// As the usage line shows it.
    var synopsis: String { count == .optional ? "[\(name)]" : name }
}
