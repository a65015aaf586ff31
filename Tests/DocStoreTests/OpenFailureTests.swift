import DocStore
import Foundation
import Testing

struct OpenFailureTests {
    let directory = TempDirectory()

    /// Opens `file`, expecting a one-line error that names it and says `problem`; the
    /// file's bytes must be unchanged afterwards.
    func expectRefused(_ file: String, problem: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = FileManager.default.contents(atPath: file)
        do {
            let store = try DocumentStore.open(path: file, executor: .immediate)
            store.close()
            Issue.record("opened \(file)", sourceLocation: sourceLocation)
        } catch let error as StoreError {
            let text = error.description
            #expect(text.hasPrefix(file + ": "), "\(text)", sourceLocation: sourceLocation)
            #expect(text.contains(problem), "\(text)", sourceLocation: sourceLocation)
            #expect(!text.contains("\n"), sourceLocation: sourceLocation)
        }
        #expect(
            FileManager.default.contents(atPath: file) == before, "the file is left as it was",
            sourceLocation: sourceLocation)
    }

    /// A real Tern database with one document, closed.
    func makeTernDatabase() throws -> String {
        let file = directory.file("tern.db")
        let store = try DocumentStore.open(path: file, executor: .immediate)
        try store.document("users/u1").setData(["a": 1])
        store.close()
        return file
    }

    @Test(arguments: [
        ("garbage", Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31) })),
        ("text", Data("just some notes\n".utf8)),
        ("newline", Data("\n".utf8)),
        ("zeros", Data(count: 4096)),
    ])
    func aFileThatIsNotADatabaseIsRefusedUntouched(name: String, bytes: Data) throws {
        defer { directory.cleanup() }
        let file = directory.file(name + ".db")
        #expect(FileManager.default.createFile(atPath: file, contents: bytes))
        try expectRefused(file, problem: "not a Tern database")
    }

    @Test func aDatabaseFromANewerTernIsRefusedUntouched() throws {
        defer { directory.cleanup() }
        let file = try makeTernDatabase()
        try SQLiteFixture.execute("PRAGMA user_version = 7", in: file)
        try expectRefused(file, problem: "written by a newer Tern (schema 7, this build knows 1)")
    }

    @Test func aTernDatabaseWithACorruptSchemaPageIsRefusedUntouched() throws {
        defer { directory.cleanup() }
        let file = try makeTernDatabase()
        var bytes = try #require(FileManager.default.contents(atPath: file))
        bytes.replaceSubrange(100..<4096, with: Data(repeating: 0xA5, count: 3996))
        try bytes.write(to: URL(fileURLWithPath: file))
        try expectRefused(file, problem: "not a Tern database")
    }

    @Test func anotherApplicationsSQLiteFileIsRefusedUntouched() throws {
        defer { directory.cleanup() }
        let file = directory.file("other.db")
        try SQLiteFixture.execute("CREATE TABLE songs (title TEXT); INSERT INTO songs VALUES ('x')", in: file)
        try expectRefused(file, problem: "not a Tern database")
    }

    @Test func aDirectoryIsRefused() throws {
        defer { directory.cleanup() }
        let file = directory.file("tern.db")
        try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: true)
        try expectRefused(file, problem: "cannot open (it is a directory)")
    }

    @Test func aPathUnderARegularFileIsRefused() throws {
        defer { directory.cleanup() }
        let blocker = directory.file("plain")
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
        try expectRefused(blocker + "/tern.db", problem: "cannot open")
        #expect(FileManager.default.contents(atPath: blocker) == Data("x".utf8))
    }

    @Test func anUnreadableFileIsRefusedUntouched() throws {
        defer { directory.cleanup() }
        let file = directory.file("tern.db")
        try DocumentStore.open(path: file, executor: .immediate).close()
        chmod(file, 0o000)
        defer { chmod(file, 0o600) }
        if getuid() != 0 {
            try expectRefused(file, problem: "no permission")
            return
        }
        // Root reads any file, so open it the way an ordinary user would meet it: from a
        // probe process running as nobody.
        chmod(directory.path, 0o755)
        let before = FileManager.default.contents(atPath: file)
        guard let probe = probePath() else {
            Issue.record("DocStoreProbe not found next to the tests")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", probe, "count", file, "0"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(message.hasPrefix(file + ": "), "\(message)")
        #expect(message.contains("no permission"), "\(message)")
        #expect(message.trimmingCharacters(in: .newlines).split(separator: "\n").count == 1, "\(message)")
        #expect(FileManager.default.contents(atPath: file) == before, "the file is left as it was")
    }

    @Test func aMissingDirectoryIsCreatedAndAnEmptyFileBecomesADatabase() throws {
        defer { directory.cleanup() }
        let nested = directory.file("a/b/tern.db")
        try DocumentStore.open(path: nested, executor: .immediate).close()
        #expect(FileManager.default.fileExists(atPath: nested))
        let empty = directory.file("empty.db")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let store = try DocumentStore.open(path: empty, executor: .immediate)
        try store.document("a/b").setData(["x": 1])
        store.close()
        let reopened = try DocumentStore.open(path: empty, executor: .immediate)
        #expect(try reopened.document("a/b").getDocument().get("x") == 1)
        reopened.close()
    }
}
