/// Documents' fields as parsed from their stored JSON text, kept by that text.
///
/// A live window reads the same documents again after every write that touches its
/// collection (200 of a folder's favorites after each `x`), and parsing them was about a
/// third of such a write's time. A text seen before gives the fields parsed then, which
/// also share their storage with the last result, so a listener's comparison with it is
/// quick. Bounded: emptied whenever it reaches `capacity` texts. Only listeners' reads go
/// through it (`StoreBackend.listenedDocuments`): a pass over a folder, or an export, reads
/// each document once and would only push the windows' documents out. Used under the
/// store's lock.
struct ParsedFieldsCache {
    static let capacity = 4_096

    private var parsed: [String: [String: FieldValue]] = [:]

    mutating func fields(of json: String) -> [String: FieldValue] {
        if let known = parsed[json] { return known }
        let fields = StorageJSON.readable(json)
        if parsed.count >= Self.capacity { parsed.removeAll(keepingCapacity: true) }
        parsed[json] = fields
        return fields
    }
}
