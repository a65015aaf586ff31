/// What a shell may offer for an option's value or a positional, declared with it.
enum ValueCompletion: Equatable, Sendable {
    case nothing
    case files
    case directories
    /// A fixed set (`newest|name|distance|manual`).
    case words([String])
    /// The signed-in account's folder names, read from the local store.
    case folders
    /// `@username`s known to the local store.
    case usernames

    /// From the value's name alone: `FILE`, `DIR`, or a `|`-separated list of lowercase words.
    init(valueName: String) {
        switch valueName {
        case "FILE": self = .files
        case "DIR": self = .directories
        default:
            let parts = valueName.split(separator: "|").map(String.init)
            let isList = parts.count > 1 && parts.allSatisfy { $0.allSatisfy { $0.isLowercase || $0.isNumber } }
            self = isList ? .words(parts) : .nothing
        }
    }
}
