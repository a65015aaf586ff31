/// The results of a query at one moment, and how they differ from the previous snapshot
/// delivered to the same listener.
public struct QuerySnapshot: @unchecked Sendable {
    // @unchecked: an immutable value; the `Query` it holds is safe to share (see there).
    /// The query that produced this snapshot.
    public let query: Query
    /// The matching documents, in query order.
    public let documents: [DocumentSnapshot]
    /// What changed since the listener's previous snapshot; all `.added` for the first one
    /// and for `getDocuments()`.
    public let documentChanges: [DocumentChange]

    /// How many documents matched.
    public var count: Int { documents.count }
    /// True when nothing matched.
    public var isEmpty: Bool { documents.isEmpty }

    init(query: Query, stored: [StoredDocument], previous: [StoredDocument]?, snapshots: [DocumentSnapshot]? = nil) {
        self.query = query
        let documents = snapshots ?? Self.snapshots(of: stored, in: query)
        self.documents = documents
        documentChanges = DocumentChange.changes(in: query, from: previous ?? [], to: stored, snapshots: documents)
    }

    static func snapshots(of stored: [StoredDocument], in query: Query) -> [DocumentSnapshot] {
        stored.map { document in
            DocumentSnapshot(
                reference: document.parent.map { query.store.collection($0).document(document.id) }
                    ?? query.reference(for: document.id),
                data: document.fields)
        }
    }
}
