/// What one round of notifications has read, so that listeners on the same query or
/// document share one read (a hundred list views of one feed cost one query).
final class ListenerReadCache {
    private let backend: StoreBackend
    private var queries: [QuerySpec: (stored: [StoredDocument], snapshots: [DocumentSnapshot])] = [:]
    private var documents: [ResourcePath: [String: FieldValue]?] = [:]
    private var counts: [CountsKey: [FieldValue: Int]] = [:]

    private struct CountsKey: Hashable {
        var spec: QuerySpec
        var field: FieldPath
    }

    init(backend: StoreBackend) { self.backend = backend }

    /// The query's documents, both as stored and as snapshots built once for all listeners.
    func documents(matching spec: QuerySpec, for query: Query) throws -> (
        stored: [StoredDocument], snapshots: [DocumentSnapshot]
    ) {
        if let cached = queries[spec] { return cached }
        let stored = try backend.listenedDocuments(matching: spec)
        let result = (stored, QuerySnapshot.snapshots(of: stored, in: query))
        queries[spec] = result
        return result
    }

    /// The query's documents counted by each value of `field` (`Query.counts(by:)`).
    func counts(matching spec: QuerySpec, by field: FieldPath) throws -> [FieldValue: Int] {
        let key = CountsKey(spec: spec, field: field)
        if let cached = counts[key] { return cached }
        let result = try backend.counts(matching: spec, by: field)
        counts[key] = result
        return result
    }

    func document(at path: ResourcePath) throws -> [String: FieldValue]? {
        if let cached = documents[path] { return cached }
        let result = try backend.document(at: path)
        documents[path] = .some(result)
        return result
    }
}
