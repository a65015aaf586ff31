/// The `places` subcommands.
enum PlacesCommands {
    static let specs: [CommandSpec] = []
}
