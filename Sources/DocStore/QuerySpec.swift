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
    /// More collections of the same shape read together with `collection` (a Following
    /// page's reposts: `users/{uid}/user-reposts` for each followed uid); their documents
    /// come back with their `parent`.
    var otherCollections: [ResourcePath] = []
    var filters: [Filter] = []
    var orders: [Order] = []
    var limit: Int?
    var startAfter: Cursor?

    /// Every collection the query reads.
    var collections: [ResourcePath] { [collection] + otherCollections }
}

/// One document as the backend returns it.
struct StoredDocument: Equatable {
    var id: String
    var fields: [String: FieldValue]
    /// The collection's path, read only for a query over several collections.
    var parent: String?

    init(id: String, fields: [String: FieldValue], parent: String? = nil) {
        self.id = id
        self.fields = fields
        self.parent = parent
    }
}
