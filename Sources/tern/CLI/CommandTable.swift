/// Every subcommand Tern knows. Later layers add their commands here.
enum CommandTable {
    static let all: [CommandSpec] =
        PlacesCommands.specs + AccountCommands.specs + ProfileCommands.specs
        + FavoritesCommands.specs + FeedCommands.specs + ServerCommands.specs

    /// The longest run of leading words that names a command.
    static func find(_ words: [String]) -> (CommandSpec, [String])? {
        let candidates = all.filter { spec in
            spec.words.count <= words.count && Array(words.prefix(spec.words.count)) == spec.words
        }
        guard let best = candidates.max(by: { $0.words.count < $1.words.count }) else { return nil }
        return (best, Array(words.dropFirst(best.words.count)))
    }
}
