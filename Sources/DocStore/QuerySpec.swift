/// A query as data, handed to the backend to run in its own query language.
struct QuerySpec: Hashable {
    enum Filter: Hashable {
        case equal(FieldPath, FieldValue)
        case isIn(FieldPath, [FieldValue])
        /// The field is an array holding the value among its elements.
        case arrayContains(FieldPath, FieldValue)
    }

    struct Order: Hashable {
        var field: FieldPath
        var descending: Bool
    }

    /// Where to start: strictly after these order-by values (and, when known, this document).
    struct Cursor: Hashable {
        var values: [FieldValue]
        var documentID: String?
    }

    var collection: ResourcePath
    var filters: [Filter] = []
    var orders: [Order] = []
    var limit: Int?
    var startAfter: Cursor?
}

/// One document as the backend returns it.
struct StoredDocument: Equatable {
    var id: String
    var fields: [String: FieldValue]
}
