#if canImport(Glibc)
import Glibc
#endif
import Foundation
import PlainText

/// Writes one line to standard error. Messages may quote arguments, config keys and file
/// contents, so escape sequences and unsafe characters are removed first.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((SafeText.clean(message) + "\n").utf8))
}

/// Runs Tern with `arguments` (without the program name) and returns the exit status.
func runTern(_ arguments: [String]) -> Int32 {
    do {
        let (options, rest) = try GlobalOptions.extract(from: arguments)
        // `--store` is TERN_STORE for this run, so that every part of Tern (the interface
        // included) opens the same store.
        if let store = options.store { setenv("TERN_STORE", store, 1) }
        if options.version {
            print(HelpText.version)
            return 0
        }
        if rest.isEmpty {
            if options.help {
                print(HelpText.general())
                return 0
            }
            return try InterfaceLauncher.run(options: options)
        }
        guard let (spec, remaining) = CommandTable.find(rest) else {
            throw UsageError("unknown command '\(rest.joined(separator: " "))'")
        }
        if options.help {
            print(HelpText.command(spec))
            return 0
        }
        let parsed = try ArgumentParser.parse(remaining, options: spec.options)
        guard spec.positionals.contains(parsed.positionals.count) else {
            throw UsageError("usage: tern \(spec.usage)")
        }
        try spec.run(CommandContext(options: options), parsed)
        return 0
    } catch let error as UsageError {
        printError("tern: \(error.description)")
        printError("Try 'tern --help'.")
        return 2
    } catch let error as CommandFailure {
        printError("tern: \(error.description)")
        return 1
    } catch {
        printError("tern: \(error)")
        return 1
    }
}

exit(runTern(Array(CommandLine.arguments.dropFirst())))
