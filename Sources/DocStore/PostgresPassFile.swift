import Foundation
import Localization

/// libpq's password file: `host:port:database:user:password` lines, readable only by their
/// owner (mode 0600). A signed-in session on a server keeps the account's password here,
/// and the store's URL names the file with `passfile=`, so that the password is neither in
/// the URL nor in Tern's own files.
///
/// Nothing is written before the directory is checked (a real directory, not a link,
/// owned by this user, mode 0700); the file is replaced by renaming a new one made with
/// `O_EXCL | O_NOFOLLOW` beside it, so a planted link is never written through.
public struct PostgresPassFile: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    public var directory: String { (path as NSString).deletingLastPathComponent }

    /// Creates the directory (mode 0700) when missing, and refuses one that is a link, is
    /// another user's, or is open to others (with the `chmod` that fixes it). Call it
    /// before anything that would need the file afterwards, such as creating an account.
    public func prepareDirectory() throws {
        if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
            do {
                try FileManager.default.createDirectory(
                    atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw StoreError.cannotOpen(file: directory, reason: tr(.storeDirectoryNotCreated))
            }
        }
        var info = stat()
        guard lstat(directory.isEmpty ? "." : directory, &info) == 0 else {
            throw StoreError.cannotOpen(file: directory, reason: SystemErrorText.describe(errno))
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw StoreError.cannotOpen(file: directory, reason: tr(.storeDirectoryNotDirectory))
        }
        guard info.st_uid == geteuid() else {
            throw StoreError.cannotOpen(file: directory, reason: tr(.storeDirectoryOtherOwner))
        }
        guard info.st_mode & 0o077 == 0 else {
            throw StoreError.cannotOpen(
                file: directory,
                reason: tr(
                    .storeDirectoryOpen, ["mode": "0" + String(info.st_mode & 0o777, radix: 8), "directory": directory])
            )
        }
    }

    /// Adds (or replaces) the password of `user` on the server `serverURL` names, and makes
    /// the file mode 0600.
    public func save(password: String, user: String, serverURL: String) throws {
        let key = try Self.key(user: user, serverURL: serverURL)
        var lines = try existingLines().filter { !$0.hasPrefix(key) }
        lines.append(key + Self.escape(password))
        try store(lines)
    }

    /// Removes the password of `user` on that server (signing out).
    public func remove(user: String, serverURL: String) throws {
        let key = try Self.key(user: user, serverURL: serverURL)
        guard FileManager.default.fileExists(atPath: path) else { return }
        try store(try existingLines().filter { !$0.hasPrefix(key) })
    }

    /// The URL that connects to the server `serverURL` names as `user`, with its password
    /// taken from this file.
    public func url(user: String, serverURL: String) -> String {
        var url = serverURL
        if let scheme = url.range(of: "://") {
            let prefix = String(url[..<scheme.upperBound])
            var rest = String(url[scheme.upperBound...])
            let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
            if let at = rest[..<authorityEnd].lastIndex(of: "@") { rest = String(rest[rest.index(after: at)...]) }
            url = prefix + Self.percentEncode(user) + "@" + rest
        }
        return url + (url.contains("?") ? "&" : "?") + "passfile=" + Self.percentEncode(path)
    }

    /// `host:port:database:user:` for the server a URL names, as libpq will look it up.
    static func key(user: String, serverURL: String) throws -> String {
        let settings: [String: String]
        do {
            settings = try PostgresConnection.parse(serverURL)
        } catch let failure as PostgresFailure {
            throw StoreError.invalidArgument("\(PostgresBackend.redacted(serverURL)): \(failure.explained)")
        }
        let host = settings["host"].flatMap { $0.isEmpty ? nil : $0 } ?? "localhost"
        let port = settings["port"].flatMap { $0.isEmpty ? nil : $0 } ?? "5432"
        let database = settings["dbname"].flatMap { $0.isEmpty ? nil : $0 } ?? user
        return [host, port, database, user].map(escape).joined(separator: ":") + ":"
    }

    private static func escape(_ field: String) -> String {
        field.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ":", with: "\\:")
    }

    private static func percentEncode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~/")))
            ?? text
    }

    /// The file's lines; none when it does not exist. A link in its place is refused.
    private func existingLines() throws -> [String] {
        guard let data = try Self.readPrivately(path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// The bytes of the private file at `path`; nil when it does not exist. A link in its
    /// place is refused, and so is a file that others may read or write (mode beyond 0600).
    public static func readPrivately(_ path: String) throws -> Data? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw StoreError.cannotOpen(
                file: path, reason: errno == ELOOP ? tr(.storePassFileLink) : SystemErrorText.describe(errno))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & 0o077 == 0 else {
            throw StoreError.cannotOpen(
                file: path, reason: tr(.storePrivateFileOpen, ["mode": "0" + String(info.st_mode & 0o777, radix: 8)]))
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    /// Writes a new file beside the old one (see `writePrivately`).
    private func store(_ lines: [String]) throws {
        try prepareDirectory()
        try Self.writePrivately(lines.map { $0 + "\n" }.joined(), to: path)
    }

    /// Replaces the file at `path` with `text`: a new file beside it, created 0600 before any
    /// byte is written and never through a link, renamed into place.
    public static func writePrivately(_ text: String, to path: String) throws {
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError.cannotOpen(file: path, reason: SystemErrorText.describe(errno)) }
        let written =
            fchmod(fd, 0o600) == 0
            && (text.utf8.withContiguousStorageIfAvailable { write(fd, $0.baseAddress, $0.count) == $0.count } ?? false)
            && fsync(fd) == 0
        let reason = SystemErrorText.describe(errno)
        close(fd)
        guard written, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw StoreError.cannotOpen(file: path, reason: reason)
        }
    }
}
