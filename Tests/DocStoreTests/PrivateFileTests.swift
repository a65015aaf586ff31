import DocStore
import Foundation
import Testing

/// The database holds password hashes and private favorites: its files are the owner's
/// alone, and a damaged file is not written to.
struct PrivateFileTests {
    let directory = TempDirectory()

    func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? NSNumber)?.intValue ?? -1
    }

    @Test func aNewDatabaseAndItsWALAreTheOwnersAloneInAPrivateDirectory() throws {
        defer { directory.cleanup() }
        let file = directory.file("data/deeper/tern.db")
        let store = try DocumentStore.open(path: file, executor: .immediate)
        try store.document("users/u1").setData(["a": 1])
        #expect(mode(file) == 0o600)
        #expect(mode(file + "-wal") == 0o600)
        #expect(mode(file + "-shm") == 0o600)
        #expect(mode(directory.file("data/deeper")) == 0o700)
        #expect(mode(directory.file("data")) == 0o700)
        store.close()
    }

    @Test(arguments: ["", "-wal"])
    func aDatabaseOthersCanReadIsRefusedWithTheFix(suffix: String) throws {
        defer { directory.cleanup() }
        let file = directory.file("tern.db")
        // Kept open, so the WAL holds the write when the second process looks.
        let writer = try DocumentStore.open(path: file, executor: .immediate)
        defer { writer.close() }
        try writer.document("users/u1").setData(["a": 1])
        #expect(FileManager.default.fileExists(atPath: file + suffix))
        chmod(file + suffix, 0o644)
        do {
            _ = try DocumentStore.open(path: file, executor: .immediate)
            Issue.record("opened a database others can read")
        } catch let error as StoreError {
            #expect(error.description.hasPrefix(file + ": "))
            #expect(error.description.contains("run: chmod 600 \(file)*"), "\(error)")
            #expect(!error.description.contains("\n"))
        }
        // The fix the message gives.
        for path in [file, file + "-wal", file + "-shm"] { chmod(path, 0o600) }
        try DocumentStore.open(path: file, executor: .immediate).close()
    }

    @Test func anEmptyFileOfOursIsMadePrivateBeforeItBecomesADatabase() throws {
        defer { directory.cleanup() }
        let file = directory.file("empty.db")
        #expect(FileManager.default.createFile(atPath: file, contents: Data(), attributes: [.posixPermissions: 0o644]))
        try DocumentStore.open(path: file, executor: .immediate).close()
        #expect(mode(file) == 0o600)
    }

    @Test func aDamagedPageStopsTheFirstWriteAndTheFileIsLeftAsItWas() throws {
        defer { directory.cleanup() }
        let file = directory.file("tern.db")
        let store = try DocumentStore.open(path: file, executor: .immediate)
        let text = String(repeating: "x", count: 900)
        let batch = store.batch()
        for index in 0..<300 {
            _ = batch.setData(["text": .string(text)], forDocument: store.document("notes/n\(index)"))
        }
        try batch.commit()
        store.close()
        // Folds the WAL into the file, then breaks one page's header in the middle of it.
        try SQLiteFixture.execute("PRAGMA wal_checkpoint(TRUNCATE)", in: file)
        var bytes = try #require(FileManager.default.contents(atPath: file))
        let page = 4096 * 40
        #expect(bytes.count > page + 4096)
        bytes.replaceSubrange(page..<(page + 64), with: Data(repeating: 0xA5, count: 64))
        try bytes.write(to: URL(fileURLWithPath: file))
        let damaged = try DocumentStore.open(path: file, executor: .immediate)
        defer { damaged.close() }
        #expect(throws: StoreError.self) { try damaged.document("other/o1").setData(["a": 1]) }
        do {
            try damaged.document("other/o1").setData(["a": 1])
        } catch {
            #expect("\(error)".contains("damaged"), "\(error)")
            #expect("\(error)".contains("tern doctor"), "\(error)")
        }
        #expect(FileManager.default.contents(atPath: file) == bytes, "nothing was written to the file")
        #expect(try !damaged.integrityProblems().isEmpty)
    }
}
