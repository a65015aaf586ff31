import DocStore
import Foundation
import Testing

/// A fresh directory under /tmp, removed by `cleanup()`.
struct TempDirectory {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "docstore-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func cleanup() { try? FileManager.default.removeItem(atPath: path) }
}

/// Collects listener callbacks so a test can assert on them in order, and end with
/// "no further events".
final class EventLog<Event>: @unchecked Sendable {
    // @unchecked: `events` is read and written only under `lock`.
    private let lock = NSLock()
    private var events: [Event] = []

    func record(_ event: Event) {
        lock.lock()
        events.append(event)
        lock.unlock()
    }

    /// Everything recorded since the last call.
    func take() -> [Event] {
        lock.lock()
        defer { lock.unlock() }
        let taken = events
        events.removeAll()
        return taken
    }

    var isEmpty: Bool {
        lock.lock()
        defer { lock.unlock() }
        return events.isEmpty
    }
}

/// Opens a store on a new file in `directory` that calls back immediately.
func openStore(in directory: TempDirectory, name: String = "tern.db", executor: CallbackExecutor = .immediate) throws
    -> DocumentStore
{
    try DocumentStore.open(path: directory.file(name), executor: executor)
}

/// The DocStoreProbe executable built next to the test bundle.
func probePath() -> String? {
    var candidates: [URL] = []
    let exe = URL(
        fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0])
    candidates.append(exe.deletingLastPathComponent())
    candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
    candidates.append(Bundle.main.bundleURL)
    for directory in candidates {
        var current = directory
        for _ in 0..<4 {
            let probe = current.appendingPathComponent("DocStoreProbe").path
            if FileManager.default.isExecutableFile(atPath: probe) { return probe }
            current = current.deletingLastPathComponent()
        }
    }
    return nil
}

/// A started probe process with its output pipes.
struct ProbeProcess {
    let process: Process
    let stdout: Pipe
    let stderr: Pipe

    static func start(_ arguments: [String]) throws -> ProbeProcess {
        guard let probe = probePath() else {
            throw StoreError.invalidArgument("DocStoreProbe not found next to the tests")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: probe)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return ProbeProcess(process: process, stdout: out, stderr: err)
    }

    /// Reads standard output up to and including its first newline (all of it, if the
    /// process ends first); `finish()` returns only what comes after.
    func readFirstLine() -> String {
        var read = Data()
        while !read.contains(UInt8(ascii: "\n")) {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            read.append(chunk)
        }
        return String(decoding: read, as: UTF8.self)
    }

    /// Waits for the process and returns (exit status, stdout, stderr).
    func finish() -> (status: Int32, output: String, errors: String) {
        let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output, errors)
    }
}
