import Foundation
import Localization

#if canImport(Glibc)
    import Glibc
#endif

/// Who is signed in on this machine (for this session file).
public struct Session: Codable, Equatable, Sendable {
    public var uid: String
    public var email: String
    public var signedInAt: Date
    /// The team server the session is signed in on, without a password (nil: the embedded
    /// store). A session is used only with the store it was made on.
    public var server: String?
    /// The random token signing in drew (see `SessionProof`); nil on a team server.
    public var token: String?
    /// On a team server, the PostgreSQL role the account signs in as: a random name the
    /// server chose at registration, not the uid that documents show (nil in sessions made
    /// before, whose roles were named by the uid).
    public var role: String?

    public init(
        uid: String, email: String, signedInAt: Date, server: String? = nil, token: String? = nil, role: String? = nil
    ) {
        self.role = role
        self.uid = uid
        self.email = email
        self.signedInAt = signedInAt
        self.server = server
        self.token = token
    }
}

/// Why the session file could not be read or written; one line that says how to fix it.
public enum SessionFileError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The file can be read or written by group or others.
    case filePermissions(path: String, mode: mode_t)
    /// The directory holding it can be entered or listed by group or others.
    case directoryPermissions(path: String, mode: mode_t)
    /// Owned by another user.
    case wrongOwner(path: String)
    case notARegularFile(path: String)
    case malformed(path: String)
    case io(path: String, operation: String, errno: Int32)

    public var description: String {
        switch self {
        case .filePermissions(let path, let mode):
            return tr(.errorSessionFileOpen, ["path": path, "mode": Self.octal(mode)])
        case .directoryPermissions(let path, let mode):
            return tr(.errorSessionDirectoryOpen, ["path": path, "mode": Self.octal(mode)])
        case .wrongOwner(let path): return tr(.errorSessionWrongOwner, ["path": path])
        case .notARegularFile(let path): return tr(.errorSessionNotRegular, ["path": path])
        case .malformed(let path): return tr(.errorSessionMalformed, ["path": path])
        case .io(let path, let operation, let code):
            return tr(
                .errorSessionIO,
                ["operation": Self.operationText(operation), "path": path, "reason": SystemErrorText.describe(code)])
        }
    }

    /// The catalogue line of this error.
    public var textKey: TextKey {
        switch self {
        case .filePermissions: .errorSessionFileOpen
        case .directoryPermissions: .errorSessionDirectoryOpen
        case .wrongOwner: .errorSessionWrongOwner
        case .notARegularFile: .errorSessionNotRegular
        case .malformed: .errorSessionMalformed
        case .io: .errorSessionIO
        }
    }

    /// The operation an `io` failure names (`read`, `create directory`, …) as the person reads it.
    static func operationText(_ operation: String) -> String {
        let keys: [String: TextKey] = [
            "read": .fileRead, "create": .fileCreate, "chmod": .fileChmod, "write": .fileWrite,
            "sync": .fileSync, "replace": .fileReplace, "remove": .fileRemove, "open": .fileOpen,
            "create directory": .fileCreateDirectory,
        ]
        return keys[operation].map { tr($0) } ?? operation
    }

    public var errorDescription: String? { description }

    static func octal(_ mode: mode_t) -> String {
        "0" + String(mode & 0o777, radix: 8)
    }
}

/// The signed-in session as a small JSON file: mode 0600 in a directory of mode 0700.
///
/// - `read()`: `nil` when the file does not exist (signed out). A file or directory open
///   to group or others is refused (`SessionFileError`) with the `chmod` that fixes it.
/// - `write(_:)`: creates the directory (and missing parents) with mode 0700, writes a
///   temporary file with mode 0600 and renames it over the session atomically.
/// - `clear()`: removes the file (sign out); no file is not an error.
public struct SessionFile: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public init(paths: AppPaths) {
        self.init(path: paths.sessionFile)
    }

    public var directory: String {
        (path as NSString).deletingLastPathComponent
    }

    public func read() throws -> Session? {
        var info = stat()
        if lstat(path, &info) != 0 {
            if errno == ENOENT { return nil }
            throw SessionFileError.io(path: path, operation: "read", errno: errno)
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw SessionFileError.notARegularFile(path: path) }
        guard info.st_uid == geteuid() else { throw SessionFileError.wrongOwner(path: path) }
        guard info.st_mode & 0o077 == 0 else {
            throw SessionFileError.filePermissions(path: path, mode: info.st_mode)
        }
        try checkDirectory()
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SessionFileError.io(path: path, operation: "read", errno: errno == 0 ? EIO : errno)
        }
        do {
            let session = try Self.decoder.decode(Session.self, from: data)
            guard !session.uid.isEmpty else { throw SessionFileError.malformed(path: path) }
            return session
        } catch {
            throw SessionFileError.malformed(path: path)
        }
    }

    public func write(_ session: Session) throws {
        try makeDirectory(directory)
        try checkDirectory()
        let data = try Self.encoder.encode(session)
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw SessionFileError.io(path: temporary, operation: "create", errno: errno) }
        var failure: SessionFileError?
        if fchmod(fd, 0o600) != 0 { failure = .io(path: temporary, operation: "chmod", errno: errno) }
        if failure == nil {
            let written = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written != data.count {
                failure = .io(path: temporary, operation: "write", errno: errno == 0 ? EIO : errno)
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = .io(path: temporary, operation: "sync", errno: errno) }
        close(fd)
        if failure == nil, rename(temporary, path) != 0 {
            failure = .io(path: path, operation: "replace", errno: errno)
        }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }

    /// Creates the session's directory when missing and checks it is the owner's alone, so a
    /// registration can be refused before its account exists.
    public func prepareDirectory() throws {
        try makeDirectory(directory)
        try checkDirectory()
    }

    public func clear() throws {
        if unlink(path) != 0, errno != ENOENT {
            throw SessionFileError.io(path: path, operation: "remove", errno: errno)
        }
    }

    private func checkDirectory() throws {
        var info = stat()
        guard stat(directory, &info) == 0 else {
            throw SessionFileError.io(path: directory, operation: "open", errno: errno)
        }
        guard info.st_mode & 0o077 == 0 else {
            throw SessionFileError.directoryPermissions(path: directory, mode: info.st_mode)
        }
    }

    /// `mkdir -p` with mode 0700 for every directory it creates.
    private func makeDirectory(_ path: String) throws {
        var info = stat()
        if stat(path, &info) == 0 { return }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try makeDirectory(parent) }
        if mkdir(path, 0o700) != 0 {
            if errno == EEXIST { return }
            throw SessionFileError.io(path: path, operation: "create directory", errno: errno)
        }
        chmod(path, 0o700)
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        // The time in the shape the encoder writes is read by hand: `.iso8601` sets up a
        // calendar and looks up the local time zone, most of a signed-in command's start.
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = utcSeconds(text) ?? ISO8601DateFormatter().date(from: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 time")
            }
            return date
        }
        return decoder
    }()

    /// `2026-12-01T03:30:00Z` (what `.iso8601` writes), or nil for any other shape.
    static func utcSeconds(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var time = tm()
        time.tm_year = Int32(year - 1900)
        time.tm_mon = Int32(month - 1)
        time.tm_mday = Int32(day)
        time.tm_hour = Int32(hour)
        time.tm_min = Int32(minute)
        time.tm_sec = Int32(second)
        return Date(timeIntervalSince1970: TimeInterval(timegm(&time)))
    }
}
