/// A few fields of one document, read by `Query.values(of:)` without the rest of it: the
/// database reads each field out of the stored text, and only those are parsed here.
public struct DocumentValues: Equatable, Sendable {
    /// The document's id.
    public let documentID: String
    /// The path of the collection holding it (its own, for a query over several).
    public let parentPath: String
    /// The fields asked for, by the dotted names they were asked by; a field the document
    /// lacks is absent.
    public let fields: [String: FieldValue]

    /// The document's path (`favorites/u1/favorites/p1`).
    public var path: String { parentPath + "/" + documentID }

    /// One of the fields asked for, by the name it was asked by; nil when the document lacks it.
    public func get(_ field: String) -> FieldValue? { fields[field] }
}

/// One document's values as the backend returns them, in the order they were asked for.
struct StoredValues: Equatable {
    var id: String
    var parent: String
    var values: [FieldValue?]

    /// The values picked out of a document read whole (a backend's fallback).
    init(_ document: StoredDocument, parent: String, fields: [FieldPath]) {
        id = document.id
        self.parent = document.parent ?? parent
        values = fields.map { field in
            field.isDocumentID
                ? .string(document.id) : FieldTransform.value(at: field.segments[...], in: document.fields)
        }
    }

    init(id: String, parent: String, values: [FieldValue?]) {
        self.id = id
        self.parent = parent
        self.values = values
    }
}
