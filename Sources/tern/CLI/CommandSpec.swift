/// One subcommand: the words that name it, its options, and what it runs.
struct CommandSpec {
    let words: [String]
    let usage: String
    let summary: String
    let options: [OptionSpec]
    let positionals: ClosedRange<Int>
    let run: (CommandContext, ParsedArguments) throws -> Void
}
