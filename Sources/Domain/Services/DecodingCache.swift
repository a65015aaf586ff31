import DocStore

/// What a live list decoded from its last delivery, kept by document id with the fields it
/// came from, so the next delivery decodes only the documents that changed: a folder's
/// window delivers its 200 favorites again after every write, most of them unchanged, and
/// decoding each with `Codable` was about a third of a removal's time on a folder of
/// 20,000. Holds one delivery's documents, never more. Used by one listener, on its thread.
final class DecodingCache<Value> {
    private var entries: [String: (data: [String: FieldValue], value: Value)] = [:]

    /// The documents decoded with `decode`, reusing the last delivery's value of each whose
    /// fields are unchanged.
    func decode(_ documents: [DocumentSnapshot], _ decode: (DocumentSnapshot) throws -> Value) -> DecodedDocuments<
        Value
    > {
        var kept: [String: (data: [String: FieldValue], value: Value)] = [:]
        kept.reserveCapacity(documents.count)
        let decoded = DecodedDocuments(documents) { document in
            let id = document.documentID
            if let data = document.data, let entry = entries[id], entry.data == data {
                kept[id] = entry
                return entry.value
            }
            let value = try decode(document)
            if let data = document.data { kept[id] = (data, value) }
            return value
        }
        entries = kept
        return decoded
    }
}
