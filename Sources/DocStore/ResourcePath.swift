/// A validated slash-separated path: an odd number of segments names a collection, an
/// even number a document.
struct ResourcePath: Hashable, Sendable {
    let segments: [String]

    init(_ text: String) throws {
        let trimmed = text.hasPrefix("/") ? String(text.dropFirst()) : text
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !trimmed.isEmpty else { throw StoreError.invalidPath(text, reason: "empty") }
        if parts.contains(where: \.isEmpty) { throw StoreError.invalidPath(text, reason: "empty segment") }
        if parts.contains(where: { $0 == "." || $0 == ".." }) {
            throw StoreError.invalidPath(text, reason: "segment \".\" or \"..\"")
        }
        segments = parts
    }

    init(segments: [String]) { self.segments = segments }

    var string: String { segments.joined(separator: "/") }
    var isDocument: Bool { segments.count % 2 == 0 }
    var lastSegment: String { segments.last ?? "" }
    /// The collection path that holds this document.
    var parent: ResourcePath { ResourcePath(segments: Array(segments.dropLast())) }

    func appending(_ text: String) throws -> ResourcePath {
        let tail = try ResourcePath(text)
        return ResourcePath(segments: segments + tail.segments)
    }

    func requireDocument(_ original: String) throws -> ResourcePath {
        guard isDocument else {
            throw StoreError.invalidPath(original, reason: "a document path needs an even number of segments")
        }
        return self
    }

    func requireCollection(_ original: String) throws -> ResourcePath {
        guard !isDocument else {
            throw StoreError.invalidPath(original, reason: "a collection path needs an odd number of segments")
        }
        return self
    }
}
