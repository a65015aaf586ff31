import Domain
import Localization
import PlainText

#if canImport(Glibc)
    import Glibc
#endif

/// The commands people do not type, left out of the help:
/// - `tern __complete WORD… CURRENT`, which the shell completion scripts call with the words
///   after `tern` (the last one the word being typed);
/// - `tern __generate TARGET`: `keys.md`, `commands.md` (docs/, by `make docs`), `tern.1`
///   and the `bash`, `zsh` and `fish` completion scripts (by `make install`).
enum MaintenanceCommands {
    /// The exit status, or nil when `arguments` name no maintenance command.
    static func run(_ arguments: [String], start: StartSettings) -> Int32? {
        switch arguments.first {
        case "__complete":
            complete(Array(arguments.dropFirst()), start: start)
            return 0
        case "__generate":
            return generate(Array(arguments.dropFirst()))
        default:
            return nil
        }
    }

    static let targets = ["keys.md", "commands.md", "tern.1"] + ShellCompletion.shells

    private static func generate(_ words: [String]) -> Int32 {
        let made: String? = Language.$scoped.withValue(.en) {
            switch words.first {
            case "keys.md" where words.count == 1: return ReferenceDocs.keys()
            case "commands.md" where words.count == 1: return ReferenceDocs.commands()
            case "tern.1" where words.count == 1: return ManPage.page()
            case let shell? where words.count == 1: return ShellCompletion.script(for: shell)
            default: return nil
            }
        }
        guard let made else {
            printError("tern: \(UsageError.unknownCommand(["__generate"] + words))")
            printError("tern __generate " + targets.joined(separator: "|"))
            return 2
        }
        print(made, terminator: "")
        return 0
    }

    /// Prints the kind of answer (`words`, `files`, `directories`), then `WORD<TAB>HELP` lines.
    private static func complete(_ words: [String], start: StartSettings) {
        let typed = Array(words.dropLast())
        let options = (try? GlobalOptions.extract(from: typed))?.0
        if let store = options?.store { setenv("TERN_STORE", store, 1) }
        let paths = AppPaths.resolve(
            dataDirectory: options?.dataDirectory, sessionFile: options?.sessionFile, environment: start.environment)
        let completion = Completion { CompletionValues.read($0, paths: paths) }
        switch completion.answer(typed: typed, current: words.last ?? "") {
        case .files: print("files")
        case .directories: print("directories")
        case .words(let candidates):
            print("words")
            for candidate in candidates { print(line(candidate.word) + "\t" + line(candidate.help)) }
        }
    }

    /// One field of a line: nothing unsafe for the terminal, no tab or line break.
    private static func line(_ text: String) -> String {
        SafeText.clean(text).replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")
    }
}
