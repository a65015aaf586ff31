/// The `favorites` subcommands.
enum FavoritesCommands {
    static let specs: [CommandSpec] = []
}
