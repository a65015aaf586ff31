import Foundation

/// The address of one document. Creating it never fails; an invalid path is reported by
/// the first operation that uses it.
public struct DocumentReference: Hashable, @unchecked Sendable {
    // @unchecked: its fields never change after init, and `DocumentStore` serialises every call it makes.
    let store: DocumentStore
    let resolved: Result<ResourcePath, StoreError>
    /// The path as given, e.g. `"users/u1"`.
    public let path: String

    init(store: DocumentStore, path: Result<ResourcePath, StoreError>, text: String) {
        self.store = store
        resolved = path
        self.path = (try? path.get().string) ?? text
    }

    /// The last path segment.
    public var documentID: String { path.split(separator: "/").last.map(String.init) ?? "" }

    /// The collection that holds this document.
    public var parent: CollectionReference {
        CollectionReference(
            store: store, path: resolved.map(\.parent),
            text: String(path.split(separator: "/").dropLast().joined(separator: "/")))
    }

    /// A subcollection of this document.
    public func collection(_ subpath: String) -> CollectionReference {
        let child = resolved.flatMap { base in
            Result { try base.appending(subpath).requireCollection(path + "/" + subpath) }.mapStoreError()
        }
        return CollectionReference(store: store, path: child, text: path + "/" + subpath)
    }

    func validPath() throws -> ResourcePath { try resolved.get() }

    /// Replaces the document (or, with `merge`, merges into it, maps included), creating
    /// it when missing. Transforms apply to the stored values inside the write.
    public func setData(_ data: [String: WriteValue], merge: Bool = false) throws {
        try store.commit([.set(try validPath(), data, merge: merge)])
    }

    /// Changes the named fields (dotted paths reach into maps); throws `notFound` when the
    /// document does not exist.
    public func updateData(_ fields: [String: WriteValue]) throws {
        try store.commit([
            .update(
                try validPath(), Dictionary(uniqueKeysWithValues: fields.map { (FieldPath(dotted: $0.key), $0.value) }))
        ])
    }

    /// Changes the named fields, given as `FieldPath`s (for names that contain dots).
    public func updateData(fields: [FieldPath: WriteValue]) throws {
        try store.commit([.update(try validPath(), fields)])
    }

    /// Deletes the document (its subcollections stay, as in Firestore). Deleting a missing
    /// document is not an error.
    public func delete() throws {
        try store.commit([.delete(try validPath())])
    }

    /// Reads the document as it is now.
    public func getDocument() throws -> DocumentSnapshot {
        let path = try validPath()
        return try store.locked {
            try store.checkOpen()
            return DocumentSnapshot(reference: self, data: try store.backend.document(at: path))
        }
    }

    /// Calls `listener` with the document now and after every commit that changes it. A
    /// later re-read that fails (a lost connection, a refused read, a document that cannot
    /// be decoded) calls `onError` instead, through the same executor; the listener stays
    /// registered and re-reads on the next change. A failing first read throws here.
    public func addSnapshotListener(
        _ listener: @escaping (DocumentSnapshot) -> Void,
        onError: @escaping (StoreError) -> Void = { _ in }
    ) throws -> ListenerRegistration {
        let path = try validPath()
        var last: [String: FieldValue]??
        return try store.addListener(
            isAffected: { documents, _ in documents.contains(path) },
            refresh: { cache in
                let data = try cache.document(at: path)
                if let last, last == data { return nil }
                last = .some(data)
                let snapshot = DocumentSnapshot(reference: self, data: data)
                return { listener(snapshot) }
            }, onError: onError)
    }

    public static func == (a: DocumentReference, b: DocumentReference) -> Bool {
        a.store === b.store && a.path == b.path
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(path) }
}
