import Foundation

/// A `psql` session kept open, as a member or the guest would keep one by hand: statements
/// are sent on its standard input and the session stays connected (idle, or idle in a
/// transaction) until `close()` or until the server ends it.
final class PsqlSession {
    private let process = Process()
    private let input = Pipe()
    private let errors = Pipe()

    init(_ url: String, _ statements: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", url, "-X", "-q", "-tA"]
        process.environment = ProcessInfo.processInfo.environment.merging([
            "PGOPTIONS": "-c client_min_messages=warning"
        ]) { $1 }
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        send(statements)
    }

    deinit { close() }

    func send(_ statements: String) {
        input.fileHandleForWriting.write(Data((statements + "\n").utf8))
    }

    /// Whether the session is still connected (psql exits when the server ends it and it
    /// reads its next statement, so `send` a statement first).
    var isRunning: Bool { process.isRunning }

    /// Waits up to `seconds` for psql to exit; whether it did.
    func exited(within seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        return !process.isRunning
    }

    /// Ends the session (closing its input makes psql quit); what it wrote on stderr.
    @discardableResult
    func close() -> String {
        try? input.fileHandleForWriting.close()
        if !exited(within: 5) { process.terminate() }
        process.waitUntilExit()
        return String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}
