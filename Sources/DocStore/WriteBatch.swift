import Foundation

/// Writes collected and then committed all or nothing; each affected listener hears
/// about the commit once.
public final class WriteBatch {
    private let store: DocumentStore
    private var operations: [WriteOperation] = []
    private var pathError: StoreError?

    init(store: DocumentStore) { self.store = store }

    private func add(_ reference: DocumentReference, _ make: (ResourcePath) -> WriteOperation) -> WriteBatch {
        do {
            operations.append(make(try reference.validPath()))
        } catch {
            pathError = pathError ?? (error as? StoreError ?? .invalidArgument("\(error)"))
        }
        return self
    }

    /// Replaces (or merges into) a document.
    @discardableResult
    public func setData(_ data: [String: WriteValue], forDocument reference: DocumentReference, merge: Bool = false)
        -> WriteBatch
    {
        add(reference) { .set($0, data, merge: merge) }
    }

    /// Changes fields of a document that must exist when the batch commits.
    @discardableResult
    public func updateData(_ fields: [String: WriteValue], forDocument reference: DocumentReference) -> WriteBatch {
        add(reference) {
            .update($0, Dictionary(uniqueKeysWithValues: fields.map { (FieldPath(dotted: $0.key), $0.value) }))
        }
    }

    /// Deletes a document.
    @discardableResult
    public func deleteDocument(_ reference: DocumentReference) -> WriteBatch {
        add(reference) { .delete($0) }
    }

    /// Stores a protected record (e.g. `"credentials/<email>"`) in the same commit.
    @discardableResult
    public func setProtected(_ key: String, _ value: Data) -> WriteBatch {
        operations.append(.setProtected(key, value))
        return self
    }

    /// Removes a protected record in the same commit.
    @discardableResult
    public func deleteProtected(_ key: String) -> WriteBatch {
        operations.append(.deleteProtected(key))
        return self
    }

    /// Commits every write, or none when one fails (e.g. an update of a missing document).
    public func commit() throws {
        if let pathError { throw pathError }
        try store.commit(operations)
        operations.removeAll()
    }
}
