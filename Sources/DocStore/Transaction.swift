import Foundation

/// The handle given to `runTransaction`'s body: reads and writes inside one write
/// transaction. Writes are visible to later reads of the same transaction.
public final class Transaction {
    private let store: DocumentStore
    private let commitTime: Date
    var touched: Set<ResourcePath> = []
    var isFinished = false
    /// Whether a protected record was written (proofs made on the old ones no longer hold).
    var changedProtected = false

    init(store: DocumentStore, commitTime: Date) {
        self.store = store
        self.commitTime = commitTime
    }

    private func perform(_ operation: WriteOperation) throws {
        guard !isFinished else { throw StoreError.invalidArgument("a transaction was used after it ended") }
        if operation.isProtected { changedProtected = true }
        if let path = try operation.apply(to: store.backend, at: commitTime) { touched.insert(path) }
    }

    /// Reads a document as this transaction sees it.
    public func get(_ reference: DocumentReference) throws -> DocumentSnapshot {
        guard !isFinished else { throw StoreError.invalidArgument("a transaction was used after it ended") }
        return DocumentSnapshot(reference: reference, data: try store.backend.document(at: try reference.validPath()))
    }

    /// Replaces (or merges into) a document.
    public func setData(_ data: [String: WriteValue], forDocument reference: DocumentReference, merge: Bool = false)
        throws
    {
        try perform(.set(try reference.validPath(), data, merge: merge))
    }

    /// Changes fields of a document; throws `notFound` when it does not exist.
    public func updateData(_ fields: [String: WriteValue], forDocument reference: DocumentReference) throws {
        try perform(
            .update(
                try reference.validPath(),
                Dictionary(uniqueKeysWithValues: fields.map { (FieldPath(dotted: $0.key), $0.value) })))
    }

    /// Deletes a document.
    public func deleteDocument(_ reference: DocumentReference) throws {
        try perform(.delete(try reference.validPath()))
    }

    /// Reads a protected record.
    public func protectedRecord(_ key: String) throws -> Data? { try store.backend.protectedRecord(key) }

    /// Stores a protected record.
    public func setProtected(_ key: String, _ value: Data) throws { try perform(.setProtected(key, value)) }

    /// Removes a protected record.
    public func deleteProtected(_ key: String) throws { try perform(.deleteProtected(key)) }
}
