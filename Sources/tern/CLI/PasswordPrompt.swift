import Foundation
import Localization

#if canImport(Glibc)
    import Glibc
#endif

/// Why no password could be read; one line for stderr (exit status 1).
struct PasswordPromptError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// Reads a password for `tern register` and `tern login`. Never from an argument.
///
/// - Standard input is a terminal: the prompt goes to standard error, echo is turned off
///   on the terminal (line editing still works), and the terminal's settings are restored
///   afterwards: on success, on error, and when Ctrl-C, SIGTERM, SIGHUP or SIGQUIT arrive
///   while it waits.
/// - Standard input is not a terminal (a pipe or file, for scripts and tests): one line is
///   read and only its trailing newline (`\n`) is removed; no prompt is shown.
enum PasswordPrompt {
    /// The longest line read; validation rejects far shorter passwords anyway.
    static let maximumBytes = 64 * 1024

    static func read(prompt: String = tr(.promptPassword)) throws -> String {
        let password =
            isatty(STDIN_FILENO) == 1
            ? try readFromTerminal(prompt: prompt) : try readLine(from: STDIN_FILENO, source: tr(.sourceStandardInput))
        guard !password.isEmpty else { throw PasswordPromptError(tr(.errorPasswordEmpty)) }
        return password
    }

    /// For registration: on a terminal asks twice and requires the same answer; from a pipe
    /// reads one line.
    static func readNew(prompt: String = tr(.promptPassword), confirmation: String = tr(.promptRepeatPassword)) throws
        -> String
    {
        guard isatty(STDIN_FILENO) == 1 else { return try read(prompt: prompt) }
        let first = try readFromTerminal(prompt: prompt)
        guard !first.isEmpty else { throw PasswordPromptError(tr(.errorPasswordEmpty)) }
        let second = try readFromTerminal(prompt: confirmation)
        guard first == second else { throw PasswordPromptError(tr(.passwordsDiffer)) }
        return first
    }

    // MARK: Terminal

    private static func readFromTerminal(prompt: String) throws -> String {
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else {
            throw PasswordPromptError(tr(.passwordNoTerminalSettings, ["reason": SystemErrorText.describe(errno)]))
        }
        writeToStandardError(prompt)
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        silent.c_lflag |= tcflag_t(ECHONL)  // the Enter still moves to the next line
        savedTerminal = original
        let previousHandlers = handledSignals.map { ($0, install(restoreAndReraise, for: $0)) }
        for (number, previous) in previousHandlers where previous == ignored {
            signal(number, SIG_IGN)  // a signal the caller ignores stays ignored
        }
        defer {
            restoreTerminal()
            for (number, previous) in previousHandlers { reinstall(previous, for: number) }
        }
        // TCSADRAIN, not TCSAFLUSH: input typed before the prompt (a script or tmux sending
        // keys early) is kept rather than silently lost; it was already echoed either way.
        guard tcsetattr(STDIN_FILENO, TCSADRAIN, &silent) == 0 else {
            throw PasswordPromptError(tr(.passwordNoEchoOff, ["reason": SystemErrorText.describe(errno)]))
        }
        return try readLine(from: STDIN_FILENO, source: tr(.sourceTerminal))
    }

    private static let handledSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// The terminal's settings while echo is off, for the signal handler to put back.
    // nonisolated(unsafe): written only by the prompt's own thread, set before the signal
    // handlers are installed; the handler, which may take no lock, only reads it.
    nonisolated(unsafe) private static var savedTerminal: termios?

    /// Handlers are kept as raw addresses: `SIG_IGN` is the address 1, which Swift takes
    /// for an extra inhabitant of a function pointer, so an optional handler inside a tuple
    /// or array reads as `nil` and ends a loop early.
    private static let ignored = 1

    private static func install(_ handler: @convention(c) (Int32) -> Void, for number: Int32) -> Int {
        signal(number, handler).map { unsafeBitCast($0, to: Int.self) } ?? 0
    }

    private static func reinstall(_ previous: Int, for number: Int32) {
        if previous == 0 {
            signal(number, SIG_DFL)
        } else {
            signal(number, unsafeBitCast(previous, to: __sighandler_t.self))
        }
    }

    private static func restoreTerminal() {
        if var settings = savedTerminal {
            tcsetattr(STDIN_FILENO, TCSANOW, &settings)
            savedTerminal = nil
        }
    }

    private static let restoreAndReraise: @convention(c) (Int32) -> Void = { number in
        if var settings = PasswordPrompt.savedTerminal {
            tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        }
        let newline: [UInt8] = [10]
        _ = Glibc.write(STDERR_FILENO, newline, 1)
        signal(number, SIG_DFL)
        raise(number)
    }

    // MARK: Lines

    /// Reads bytes up to the first `\n` (not included) or the end of input. Byte by byte,
    /// so nothing after the line is consumed.
    private static func readLine(from descriptor: Int32, source: String) throws -> String {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        var sawNewline = false
        while true {
            let count = Glibc.read(descriptor, &byte, 1)
            if count < 0 {
                if errno == EINTR { continue }
                throw PasswordPromptError(
                    tr(.passwordCannotRead, ["source": source, "reason": SystemErrorText.describe(errno)]))
            }
            if count == 0 { break }
            if byte == 10 {
                sawNewline = true
                break
            }
            bytes.append(byte)
            guard bytes.count <= maximumBytes else {
                throw PasswordPromptError(tr(.passwordTooLongFrom, ["source": source]))
            }
        }
        if bytes.isEmpty && !sawNewline {
            throw PasswordPromptError(tr(.passwordNone, ["source": source]))
        }
        guard let password = String(bytes: bytes, encoding: .utf8) else {
            throw PasswordPromptError(tr(.passwordNotUTF8, ["source": source]))
        }
        return password
    }

    private static func writeToStandardError(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBufferPointer { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
