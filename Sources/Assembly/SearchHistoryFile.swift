import Foundation
import PlainText
import ViewModels

/// The Places search history in the data directory (`search-history`): UTF-8 text, one
/// query per line, newest first, mode 0600, replaced whole (a temporary file renamed over it).
///
/// A file that is not such a history (not a regular file, a link, larger than `maxBytes`,
/// not UTF-8, a line with a control character or longer than a query) is not read and never
/// written over: the history then lasts for this run only, and the file keeps what it holds.
public final class SearchHistoryFile: SearchHistoryStoring {
    public let path: String
    /// A hundred queries of 200 characters in four bytes each fit; anything bigger is not ours.
    static let maxBytes = 96 * 1024
    /// False once the file was found to be something else: it is then left alone.
    private var isOurs = true

    public init(path: String) {
        self.path = path
    }

    public func load() -> [String]? {
        guard let text = readText() else { return nil }
        var queries: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard SafeText.firstUnsafe(in: line) == nil, line.count <= PlaceSearchState.queryLimit else {
                isOurs = false
                return nil
            }
            queries.append(String(line))
        }
        return queries
    }

    /// The file's text; nil when there is none or it is not a history (then `isOurs` is false).
    private func readText() -> String? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if errno != ENOENT { isOurs = false }
            return nil
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= Self.maxBytes else {
            isOurs = false
            return nil
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        let count = read(fd, &bytes, bytes.count)
        guard count >= 0, count <= Self.maxBytes, let text = String(validating: bytes[0..<count], as: UTF8.self) else {
            isOurs = false
            return nil
        }
        return text
    }

    public func save(_ queries: [String]) {
        guard isOurs else { return }
        let data = Data(queries.map { $0 + "\n" }.joined().utf8)
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        // A history that cannot be written (a full disk, a read-only directory) is not worth
        // stopping for: it still works for this run.
        if written != data.count || rename(temporary, path) != 0 { unlink(temporary) }
    }
}
