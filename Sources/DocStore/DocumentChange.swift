/// One document's change between two snapshots of a query.
public struct DocumentChange: @unchecked Sendable {
    // @unchecked: an immutable value of a snapshot and two indexes.
    /// Whether the document entered, changed within, or left the results.
    public enum Kind: Equatable, Sendable {
        case added, modified, removed
    }

    /// What happened to the document (Firestore calls this `type`).
    public let kind: Kind
    /// The document as it is now (as it was, for `.removed`).
    public let document: DocumentSnapshot
    /// Its position in the previous snapshot; nil when `.added`.
    public let oldIndex: Int?
    /// Its position in this snapshot; nil when `.removed`.
    public let newIndex: Int?

    /// Removals first (in old order), then additions and modifications (in new order).
    /// A document that only moved because others changed is not reported.
    static func changes(
        in query: Query, from old: [StoredDocument], to new: [StoredDocument],
        snapshots: [DocumentSnapshot]
    ) -> [DocumentChange] {
        var oldIndex: [String: Int] = [:]
        for (i, document) in old.enumerated() { oldIndex[document.id] = i }
        let newIDs = Set(new.map(\.id))
        var changes: [DocumentChange] = []
        for (i, document) in old.enumerated() where !newIDs.contains(document.id) {
            let snapshot = DocumentSnapshot(reference: query.reference(for: document.id), data: document.fields)
            changes.append(DocumentChange(kind: .removed, document: snapshot, oldIndex: i, newIndex: nil))
        }
        for (i, document) in new.enumerated() {
            if let before = oldIndex[document.id] {
                if old[before].fields != document.fields {
                    changes.append(
                        DocumentChange(kind: .modified, document: snapshots[i], oldIndex: before, newIndex: i))
                }
            } else {
                changes.append(DocumentChange(kind: .added, document: snapshots[i], oldIndex: nil, newIndex: i))
            }
        }
        return changes
    }
}
