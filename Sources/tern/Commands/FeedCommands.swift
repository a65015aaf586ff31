/// The `feed` subcommands.
enum FeedCommands {
    static let specs: [CommandSpec] = []
}
