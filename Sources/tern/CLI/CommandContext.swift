#if canImport(Glibc)
import Glibc
#endif

/// What a subcommand gets to work with: the global options and the output streams.
final class CommandContext {
    let options: GlobalOptions

    init(options: GlobalOptions) {
        self.options = options
    }

    func printLine(_ text: String) {
        print(text)
    }
}
