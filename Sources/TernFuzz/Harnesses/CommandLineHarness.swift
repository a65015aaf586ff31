import Foundation
import PlainText

/// The command-line parser, through the real `tern` binary (it is an executable target, so
/// this runs it): any arguments end with status 0, 1 or 2 and one clean message, never a
/// crash, a hang or an escape sequence echoed to the terminal. Arguments are the input's
/// NUL-separated pieces, after a command word the input picks. Runs share one data
/// directory of their own, so nothing outside it is touched; an input may take longer than
/// another harness's, as it starts a process (the first one also builds the catalog image
/// there).
enum CommandLineHarness {
    static let commands = [
        ["places", "search"], ["places", "show"], ["favorites", "list"], ["feed"], ["like"],
        ["profile", "show"], ["places"], ["bogus"], ["--json"], ["help"],
    ]
    static let directory = FuzzScratch.directory + "/cli-data"
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("tern").path

    static let harness = FuzzHarness(
        name: "command-line",
        textSeeds: [
            "\u{0}seoul\u{0}--limit\u{0}3", "\u{1}--near\u{0}37,127\u{0}--json", "\u{7}--\u{1B}[2Jx\u{0}--limit\u{0}-1",
            "\u{4}\u{0}", "\u{8}--data-dir",
        ],
        tokens: hostileText + [
            "\u{0}", "--limit", "--near", "--json", "--help", "--folder", "--sort", "--", "-", "=", "999999999999",
        ],
        timeLimit: 10
    ) { bytes in
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BrokenInvariant("no tern binary at \(binary)")
        }
        let pieces = bytes.dropFirst().split(separator: 0, omittingEmptySubsequences: false)
            .prefix(12).map { String(decoding: $0, as: UTF8.self) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments =
            ["--data-dir", directory, "--no-sample"] + commands[Int(bytes.first ?? 0) % commands.count]
            + pieces.filter { !$0.contains("\u{0}") }
        process.environment = ["HOME": directory, "LANG": "C.UTF-8", "TERN_STORE": ""]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try require(process.terminationReason == .exit, "tern died of signal \(process.terminationStatus)")
        try require([0, 1, 2].contains(process.terminationStatus), "tern exited \(process.terminationStatus)")
        try require(SafeText.firstUnsafe(in: text, allowNewline: true) == nil, "tern printed an unsafe character")
    }
}
