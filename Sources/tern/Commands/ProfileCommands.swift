/// The `profile` subcommands.
enum ProfileCommands {
    static let specs: [CommandSpec] = []
}
