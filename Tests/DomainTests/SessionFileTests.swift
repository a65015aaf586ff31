import Foundation
import Testing

@testable import Domain

#if canImport(Glibc)
    import Glibc
#endif

private func temporaryDirectory() throws -> String {
    var template = Array(
        ((NSTemporaryDirectory() as NSString).appendingPathComponent("tern-session-XXXXXX")).utf8CString)
    guard let made = mkdtemp(&template) else {
        throw SessionFileError.io(path: "tmp", operation: "mkdtemp", errno: errno)
    }
    return String(cString: made)
}

private func mode(_ path: String) -> mode_t {
    var info = stat()
    stat(path, &info)
    return info.st_mode & 0o777
}

private let sample = Session(
    uid: "u-123", email: "seoyeon@example.com", signedInAt: Date(timeIntervalSince1970: 1_790_000_000))

@Suite struct SessionFileTests {
    @Test func writeCreatesPrivateFileAndDirectories() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let file = SessionFile(path: root + "/state/tern/session")
        try file.write(sample)
        #expect(mode(root + "/state/tern/session") == 0o600)
        #expect(mode(root + "/state/tern") == 0o700)
        #expect(mode(root + "/state") == 0o700)
        #expect(try file.read() == sample)
        // No temporary files left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/state/tern") == ["session"])
        // Overwrite keeps the mode.
        let other = Session(
            uid: "u-456", email: "b@example.com", signedInAt: Date(timeIntervalSince1970: 1_790_000_100))
        try file.write(other)
        #expect(try file.read() == other)
        #expect(mode(root + "/state/tern/session") == 0o600)
    }

    @Test func missingFileMeansSignedOut() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try SessionFile(path: root + "/nothing/session").read() == nil)
        #expect(try SessionFile(path: root + "/session").read() == nil)
    }

    @Test func looseFileIsRefusedWithTheFix() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/s/session"
        let file = SessionFile(path: path)
        try file.write(sample)
        chmod(path, 0o644)
        do {
            _ = try file.read()
            Issue.record("a 0644 session file was read")
        } catch let error as SessionFileError {
            #expect(error == .filePermissions(path: path, mode: S_IFREG | 0o644))
            #expect(error.description.contains("chmod 600 \(path)"))
            #expect(error.description.contains("0644"))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func looseDirectoryIsRefusedWithTheFix() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let directory = root + "/s"
        let file = SessionFile(path: directory + "/session")
        try file.write(sample)
        chmod(directory, 0o755)
        do {
            _ = try file.read()
            Issue.record("a session in a 0755 directory was read")
        } catch let error as SessionFileError {
            #expect(error.description.contains("chmod 700 \(directory)"))
        }
        // Writing into it is refused too rather than leaving a session in an open directory.
        #expect(throws: SessionFileError.self) { try file.write(sample) }
    }

    @Test(arguments: [
        "", "garbage", "{", "{\"uid\": 5}",
        "{\"uid\":\"\",\"email\":\"a@b.co\",\"signedInAt\":\"2026-01-01T00:00:00Z\"}", "\u{0}\u{1}\u{2}",
    ])
    func garbageIsAClearError(contents: String) throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/session"
        chmod(root, 0o700)
        _ = FileManager.default.createFile(
            atPath: path, contents: Data(contents.utf8), attributes: [.posixPermissions: 0o600])
        #expect(throws: SessionFileError.malformed(path: path)) { try SessionFile(path: path).read() }
        #expect(SessionFileError.malformed(path: path).description.contains(path))
    }

    @Test func clearSignsOut() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let file = SessionFile(path: root + "/s/session")
        try file.write(sample)
        try file.clear()
        #expect(try file.read() == nil)
        try file.clear()  // already signed out: not an error
    }

    @Test func directoryInPlaceOfFileIsRefused() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/session", withIntermediateDirectories: false)
        #expect(throws: SessionFileError.notARegularFile(path: root + "/session")) {
            try SessionFile(path: root + "/session").read()
        }
    }

    /// The signed-in time is read by hand in the shape Tern writes, and through ISO 8601 in
    /// any other (an offset, fractions): both give the instant the text names.
    @Test(arguments: [
        ("2026-12-01T03:30:00Z", 1_796_095_800.0), ("2024-02-29T23:59:59Z", 1_709_251_199.0),
        ("2026-12-01T12:30:00+09:00", 1_796_095_800.0), ("1970-01-01T00:00:00Z", 0.0),
    ])
    func signedInTimeIsReadInEveryISOShape(text: String, seconds: Double) throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/session"
        let json = "{\"uid\":\"u-1\",\"email\":\"a@b.co\",\"signedInAt\":\"\(text)\"}"
        #expect(
            FileManager.default.createFile(
                atPath: path, contents: Data(json.utf8), attributes: [.posixPermissions: 0o600]))
        #expect(try SessionFile(path: path).read()?.signedInAt == Date(timeIntervalSince1970: seconds))
        #expect(SessionFile.utcSeconds(text).map { $0 == Date(timeIntervalSince1970: seconds) } ?? text.contains("+"))
    }
}
