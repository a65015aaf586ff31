import Foundation

/// Providers' answers kept in the data directory, so a repeated search and a place found
/// online work without the network. Bounded: at most `maxEntries` answers, none older than
/// `maxAge`; the file is rewritten whole (atomically) after each new answer. The key is the
/// request without credentials.
public final class AnswerCache: @unchecked Sendable {
    // @unchecked: `entries` and the file are read and written only under `lock`.
    struct Entry: Codable {
        var key: String
        var savedAt: Date
        var answer: ProviderAnswer
    }

    public let file: String
    let maxEntries: Int
    let maxAge: TimeInterval
    let now: () -> Date
    private let lock = NSLock()
    private var entries: [Entry]?

    public init(
        file: String, maxEntries: Int = 200, maxAge: TimeInterval = 30 * 86_400, now: @escaping () -> Date = Date.init
    ) {
        self.file = file
        self.maxEntries = maxEntries
        self.maxAge = maxAge
        self.now = now
    }

    /// The answer saved for `key` and when, if it is younger than `maxAge` (or `youngerThan`).
    public func answer(for key: String, youngerThan age: TimeInterval? = nil) -> (
        answer: ProviderAnswer, savedAt: Date
    )? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = loaded().first(where: { $0.key == key }),
            now().timeIntervalSince(entry.savedAt) <= (age ?? maxAge)
        else { return nil }
        return (entry.answer, entry.savedAt)
    }

    public func save(_ answer: ProviderAnswer, for key: String) {
        lock.lock()
        defer { lock.unlock() }
        let current = now()
        var kept = loaded().filter { $0.key != key && current.timeIntervalSince($0.savedAt) <= maxAge }
        kept.insert(Entry(key: key, savedAt: current, answer: answer), at: 0)
        entries = Array(kept.prefix(maxEntries))
        write()
    }

    /// The newest saved copy of a place found online, by its prefixed id.
    public func place(id: String) -> OnlinePlace? {
        lock.lock()
        defer { lock.unlock() }
        for entry in loaded() where now().timeIntervalSince(entry.savedAt) <= maxAge {
            if var place = entry.answer.places.first(where: { $0.placeID == id }) {
                place.distance = nil
                return place
            }
        }
        return nil
    }

    /// A cache that cannot be read is treated as empty: it only saves requests.
    private func loaded() -> [Entry] {
        if let entries { return entries }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let read =
            FileManager.default.contents(atPath: file).flatMap { try? decoder.decode([Entry].self, from: $0) } ?? []
        entries = read
        return read
    }

    private func write() {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        guard let entries, let data = try? encoder.encode(entries) else { return }
        let directory = (file as NSString).deletingLastPathComponent
        // The queries and answers are the person's own: 0700 and 0600, as every data file.
        try? FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = file + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600])
        else { return }
        if rename(temporary, file) != 0 { unlink(temporary) }
    }
}
