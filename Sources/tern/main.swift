import Foundation
import Localization
import PlainText

#if canImport(Glibc)
    import Glibc
#endif

/// Writes one line to standard error. Messages may echo arguments, config keys or data, so
/// escape sequences and other controls are removed first.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((SafeText.clean(message) + "\n").utf8))
}

/// Runs Tern with `arguments` (without the program name) and returns the exit status.
func runTern(_ arguments: [String], start: StartSettings) -> Int32 {
    if let status = MaintenanceCommands.run(arguments, start: start) { return status }
    // What `Try 'tern help …'` names after a usage error: the command being run, if known.
    var helpTopic: [String] = []
    do {
        let (options, rest) = try GlobalOptions.extract(from: arguments)
        // `--store` is TERN_STORE for this run, so that every part of Tern (the interface
        // included) opens the same store.
        if let store = options.store { setenv("TERN_STORE", store, 1) }
        if options.version {
            print(HelpText.version)
            return 0
        }
        if rest.first == "help" {
            print(try help(for: Array(rest.dropFirst())))
            return 0
        }
        if rest.isEmpty {
            if options.help {
                print(HelpText.general())
                return 0
            }
            return try InterfaceLauncher.run(options: options, start: start)
        }
        switch CommandTable.find(rest, help: options.help) {
        case .unknown:
            if CommandTable.groups.contains(rest[0]) { helpTopic = [rest[0]] }
            if let first = rest.first, first.hasPrefix("-") { throw UsageError.unknownOption(first) }
            throw UsageError.unknownCommand(rest)
        case .unknownOption(let option):
            throw UsageError.unknownOption(option)
        case .group(let name):
            print(HelpText.group(name))
            return 0
        case .command(let spec, let remaining):
            helpTopic = spec.words
            if options.help {
                print(HelpText.command(spec))
                return 0
            }
            let parsed = try ArgumentParser.parse(remaining, for: spec)
            try spec.run(CommandContext(options: options, start: start), parsed)
            return 0
        }
    } catch let error as UsageError {
        if ErrorLine.wantsJSON(arguments) { return ErrorLine.printJSON(error, status: 2) }
        printError("tern: \(error.description)")
        printError(tr(.usageTry, ["topic": helpTopic.map { " " + $0 }.joined()]))
        return 2
    } catch {
        if ErrorLine.wantsJSON(arguments) { return ErrorLine.printJSON(error, status: 1) }
        printError("tern: \(error)")
        return 1
    }
}

/// `tern help [COMMAND]`: the general help, a group's subcommands, or one command's options.
func help(for words: [String]) throws -> String {
    if words.isEmpty { return HelpText.general() }
    switch CommandTable.find(words, help: true) {
    case .command(let spec, let rest) where rest.isEmpty: return HelpText.command(spec)
    case .group(let name): return HelpText.group(name)
    default: throw UsageError.unknownCommand(words)
    }
}

/// Runs Tern in the language of this run (see `StartSettings`).
func runInLanguage(_ arguments: [String]) -> Int32 {
    do {
        let start = StartSettings(arguments)
        Language.processLanguage = try start.language()
        return runTern(arguments, start: start)
    } catch {
        printError("tern: \(error)")
        return 1
    }
}

/// `tern --version` alone is answered before anything else is read or set up (no config,
/// locale, resources or Foundation), so a script asking for it pays only for the exec.
/// `write` rather than `print`: `print` looks up protocol conformances, which scans every
/// conformance record of the binary on first use.
func answerVersionFirst(_ commandLine: [String]) {
    guard commandLine.count == 2, commandLine[1] == "--version" else { return }
    let line = HelpText.version + "\n"
    let written = line.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
    exit(written < 0 ? 1 : 0)
}

answerVersionFirst(CommandLine.arguments)
// Every file and directory Tern makes is the owner's alone, whichever command makes it first.
umask(0o077)
exit(runInLanguage(Array(CommandLine.arguments.dropFirst())))
