import Assembly
import Foundation
import Glibc
import Testing
import ViewModels

/// The search history file: kept across runs, and a file that is not a history is ignored
/// without a crash and never written over.
@Suite final class SearchHistoryFileTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "tern-history-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    var path: String { directory + "/search-history" }

    @Test func queriesLastAcrossRunsNewestFirstInAPrivateFile() throws {
        let first = try AppWorld()
        let before = first.harness(width: 80, height: 24, searchHistory: SearchHistoryFile(path: path))
        for query in ["busan", "seoul"] {
            before.press("/")
            before.press("ctrl-u")
            before.type(query)
            before.press("enter")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "seoul\nbusan\n")
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)

        let again = try AppWorld()
        let after = again.harness(width: 80, height: 24, searchHistory: SearchHistoryFile(path: path))
        after.press("/")
        after.press("up")
        #expect(after.app.places.state.query.text == "seoul")
        #expect(after.line(containing: "Search seoul") != nil, "\(after.text)")
        after.press("up")
        #expect(after.app.places.state.query.text == "busan")
        after.press("down")
        after.press("down")
        #expect(after.app.places.state.query.text == "", "back to what was typed: nothing")
    }

    @Test func upAndDownMeanHistoryOnlyWhileTheFieldHasFocus() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24, searchHistory: SearchHistoryFile(path: path))
        harness.press("/")
        harness.type("a")
        harness.press("enter")
        harness.press("esc")
        let first = harness.app.places.state.selected
        harness.press("down")
        #expect(harness.app.places.state.selected == first + 1, "the list has focus: Down moves the selection")
        harness.press("up")
        #expect(harness.app.places.state.selected == first)
        #expect(harness.app.places.state.query.text == "")
        harness.press("/")
        harness.press("up")
        #expect(harness.app.places.state.query.text == "a", "the field has focus: Up recalls")
        #expect(harness.lines[23].contains("Up earlier search"), "the footer says so: \(harness.lines[23])")
    }

    /// Files that are not a history: each is left exactly as it was, and the interface works.
    @Test(arguments: ["binary", "control", "long line", "too big", "directory", "symlink", "fifo"])
    func aFileThatIsNotAHistoryIsIgnoredAndKept(kind: String) throws {
        let target = directory + "/elsewhere"
        switch kind {
        case "binary": try Data([0x73, 0x65, 0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: path))
        case "control": try "seoul\n\u{1B}]0;pwned\u{07}\n".write(toFile: path, atomically: true, encoding: .utf8)
        case "long line":
            try (String(repeating: "x", count: 5000) + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        case "too big":
            try String(repeating: "seoul\n", count: 40_000).write(toFile: path, atomically: true, encoding: .utf8)
        case "directory": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        case "symlink":
            try "secret\n".write(toFile: target, atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        default: #expect(mkfifo(path, 0o600) == 0)
        }
        let before = try FileManager.default.attributesOfItem(atPath: path)
        let contents = kind == "directory" || kind == "fifo" ? nil : FileManager.default.contents(atPath: path)
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24, searchHistory: SearchHistoryFile(path: path))
        harness.press("/")
        harness.press("up")
        #expect(harness.app.places.state.query.text == "", "nothing recalled from it")
        harness.type("busan")
        harness.press("enter")
        harness.press("/")
        harness.press("ctrl-u")
        harness.press("up")
        #expect(harness.app.places.state.query.text == "busan", "the history works for this run")
        let after = try FileManager.default.attributesOfItem(atPath: path)
        #expect(after[.type] as? FileAttributeType == before[.type] as? FileAttributeType)
        if let contents { #expect(FileManager.default.contents(atPath: path) == contents, "never written over") }
        if kind == "symlink" { #expect(try String(contentsOfFile: target, encoding: .utf8) == "secret\n") }
    }
}
