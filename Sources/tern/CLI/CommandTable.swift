import Localization

/// Every subcommand Tern knows, and the groups they form. Later layers add their commands
/// to `all` and, for a new group, a line to `groupSummaries`.
enum CommandTable {
    static let all: [CommandSpec] =
        PlacesCommands.specs + AccountCommands.specs + ProfileCommands.specs
        + FavoritesCommands.specs + FeedCommands.specs + PostsCommands.specs + ServerCommands.specs
        + DoctorCommand.specs + KeysCommands.specs
        + SyncCommands.specs + ConversationCommands.specs + ReplyCommands.specs + PeopleCommands.specs
        + NotificationCommands.specs

    /// What each group is for, shown above its subcommands.
    static let groupSummaries: [String: TextKey] = [
        "places": .groupPlaces,
        "profile": .groupProfile,
        "favorites": .groupFavorites,
        "posts": .groupPosts,
        "server": .groupServer,
        "people": .groupPeople,
        "notifications": .cmdNotifications,
    ]

    /// What a command line names.
    enum Lookup {
        /// A command and the arguments after its words.
        case command(CommandSpec, [String])
        /// A group's name alone (or with `--help`): its subcommands are listed.
        case group(String)
        /// An option no command there declares (`tern places --limit 5`).
        case unknownOption(String)
        case unknown
    }

    /// The group names, in the order their first command appears.
    static var groups: [String] {
        var seen: [String] = []
        for group in all.compactMap(\.group) where !seen.contains(group) { seen.append(group) }
        return seen
    }

    static func commands(in group: String) -> [CommandSpec] { all.filter { $0.group == group } }

    /// The command named by the longest run of leading words. A group's name alone runs its
    /// default command, if it has one, unless help was asked for.
    static func find(_ words: [String], help: Bool = false) -> Lookup {
        let candidates = all.filter { spec in
            spec.words.count <= words.count && Array(words.prefix(spec.words.count)) == spec.words
        }
        if let best = candidates.max(by: { $0.words.count < $1.words.count }) {
            return .command(best, Array(words.dropFirst(best.words.count)))
        }
        guard let first = words.first, groups.contains(first) else { return .unknown }
        let rest = Array(words.dropFirst())
        // Another word after the group's name is a mistyped subcommand, not an argument.
        guard rest.first.map({ $0.hasPrefix("-") }) ?? true else { return .unknown }
        if !help, let fallback = commands(in: first).first(where: \.isGroupDefault) {
            return .command(fallback, rest)
        }
        if let option = rest.first, !help { return .unknownOption(option) }
        return .group(first)
    }
}
