/// A document as read at one moment: whether it exists and its fields.
public struct DocumentSnapshot: @unchecked Sendable {
    // @unchecked: an immutable value; the `DocumentReference` it holds is safe to share (see there).
    /// Where the document lives.
    public let reference: DocumentReference
    /// The fields, or nil when the document does not exist.
    public let data: [String: FieldValue]?

    /// The document's id (the last segment of its path).
    public var documentID: String { reference.documentID }
    /// Same as `documentID`, as in Firestore.
    public var id: String { reference.documentID }
    /// True when the document exists.
    public var exists: Bool { data != nil }

    /// A field, possibly nested (`"coordinate.latitude"`); nil when absent.
    public func get(_ field: FieldPath) -> FieldValue? {
        guard let data else { return nil }
        if field.isDocumentID { return .string(id) }
        return FieldTransform.value(at: field.segments[...], in: data)
    }

    /// A field by dotted name.
    public func get(_ field: String) -> FieldValue? { get(FieldPath(dotted: field)) }
}
