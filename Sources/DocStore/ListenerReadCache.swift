/// What one round of notifications has read, so that listeners on the same query or
/// document share one read (a hundred list views of one feed cost one query).
final class ListenerReadCache {
    private let backend: StoreBackend
    private var queries: [QuerySpec: [StoredDocument]] = [:]
    private var documents: [ResourcePath: [String: FieldValue]?] = [:]

    init(backend: StoreBackend) { self.backend = backend }

    func documents(matching query: QuerySpec) throws -> [StoredDocument] {
        if let cached = queries[query] { return cached }
        let result = try backend.documents(matching: query)
        queries[query] = result
        return result
    }

    func document(at path: ResourcePath) throws -> [String: FieldValue]? {
        if let cached = documents[path] { return cached }
        let result = try backend.document(at: path)
        documents[path] = .some(result)
        return result
    }
}
