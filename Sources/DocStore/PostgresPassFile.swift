import Foundation

/// libpq's password file: `host:port:database:user:password` lines, readable only by their
/// owner (mode 0600). A signed-in session on a server keeps the account's password here,
/// and the store's URL names the file with `passfile=`, so that the password is neither in
/// the URL nor in Tern's own files.
public struct PostgresPassFile: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

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
            throw StoreError.invalidArgument("\(PostgresBackend.redacted(serverURL)): \(failure.message)")
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
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~/"))) ?? text
    }

    private func existingLines() throws -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    private func store(_ lines: [String]) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let text = lines.map { $0 + "\n" }.joined()
        // Created 0600 before any byte is written, so the password is never readable by others.
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError.cannotOpen(file: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        guard fchmod(fd, 0o600) == 0, text.utf8.withContiguousStorageIfAvailable({ write(fd, $0.baseAddress, $0.count) == $0.count }) ?? false else {
            throw StoreError.cannotOpen(file: path, reason: String(cString: strerror(errno)))
        }
    }
}
