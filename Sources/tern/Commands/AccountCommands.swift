/// The `account` subcommands.
enum AccountCommands {
    static let specs: [CommandSpec] = []
}
