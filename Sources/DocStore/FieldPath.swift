/// The name of a field, possibly nested (`coordinate.latitude`), or the document id.
public struct FieldPath: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The segments from the outermost map inwards.
    public let segments: [String]
    let isDocumentID: Bool

    /// A nested field given segment by segment (use this when a name contains a dot).
    public init(_ segments: [String]) {
        self.segments = segments
        isDocumentID = false
    }

    /// A dotted path such as `"coordinate.latitude"`.
    public init(dotted: String) {
        self.init(dotted.split(separator: ".", omittingEmptySubsequences: false).map(String.init))
    }

    public init(stringLiteral value: String) { self.init(dotted: value) }

    private init(documentID: ()) {
        segments = ["__name__"]
        isDocumentID = true
    }

    /// The id of the document itself, for `whereField(FieldPath.documentID, in: ids)` and ordering.
    public static let documentID = FieldPath(documentID: ())

    var dotted: String { segments.joined(separator: ".") }

    func validate() throws {
        if !isDocumentID && (segments.isEmpty || segments.contains(where: \.isEmpty)) {
            throw StoreError.invalidArgument("invalid field path \"\(dotted)\": empty segment")
        }
    }
}
