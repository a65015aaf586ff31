import DocStore
import Foundation
import Testing

/// libpq's password file holds a cleartext password: it is written only into a checked
/// directory, and never through a link someone planted.
struct PasswordFileTests {
    let url = "postgresql://db.example:5432/tern"

    @Test func anOpenDirectoryIsRefusedBeforeAnyByteIsWritten() throws {
        let directory = TempDirectory()
        defer { directory.cleanup() }
        let sessions = directory.file("state")
        try FileManager.default.createDirectory(
            atPath: sessions, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let file = PostgresPassFile(path: sessions + "/pgpass")
        do {
            try file.save(password: "secret password", user: "acct1", serverURL: url)
            Issue.record("saved a password into a 0755 directory")
        } catch let error as StoreError {
            #expect(error.description.contains("chmod 700 \(sessions)"), "\(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: file.path), "no password file was left behind")
    }

    @Test func aPlantedLinkIsNeverWrittenThrough() throws {
        let directory = TempDirectory()
        defer { directory.cleanup() }
        let victim = directory.file("victim.txt")
        try Data("the victim's own file\n".utf8).write(to: URL(fileURLWithPath: victim))
        let sessions = directory.file("state")
        try FileManager.default.createDirectory(
            atPath: sessions, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.createSymbolicLink(atPath: sessions + "/pgpass", withDestinationPath: victim)
        let file = PostgresPassFile(path: sessions + "/pgpass")
        #expect(throws: StoreError.self) { try file.save(password: "secret password", user: "acct1", serverURL: url) }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "the victim's own file\n")

        // A directory that is itself a link is refused too.
        let linked = directory.file("linked")
        try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: sessions)
        #expect(throws: StoreError.self) {
            try PostgresPassFile(path: linked + "/pgpass").save(
                password: "secret password", user: "acct1", serverURL: url)
        }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "the victim's own file\n")
    }

    @Test func aSavedPasswordIsAloneInAFileOfMode0600() throws {
        let directory = TempDirectory()
        defer { directory.cleanup() }
        let file = PostgresPassFile(path: directory.file("state/pgpass"))
        try file.save(password: "old", user: "acct1", serverURL: url)
        try file.save(password: "new:pass", user: "acct1", serverURL: url)
        try file.save(password: "other", user: "acct2", serverURL: url)
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(
            try String(contentsOfFile: file.path, encoding: .utf8)
                == "db.example:5432:tern:acct1:new\\:pass\ndb.example:5432:tern:acct2:other\n")
        try file.remove(user: "acct1", serverURL: url)
        #expect(try String(contentsOfFile: file.path, encoding: .utf8) == "db.example:5432:tern:acct2:other\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.file("state")).filter {
            $0 != "pgpass"
        }
        #expect(leftovers.isEmpty, "no temporary files stay behind: \(leftovers)")
    }
}
