import Foundation

/// A collection: a query over all its documents, and the place to address or create them.
public final class CollectionReference: Query, @unchecked Sendable {
    // @unchecked: `path` never changes after init; the rest is `Query`'s.
    /// The path as given, e.g. `"favorites/u1/favorites"`.
    public let path: String

    init(store: DocumentStore, path: Result<ResourcePath, StoreError>, text: String) {
        self.path = (try? path.get().string) ?? text
        super.init(store: store, spec: path.map { QuerySpec(collection: $0) })
    }

    /// The last path segment.
    public var collectionID: String { path.split(separator: "/").last.map(String.init) ?? "" }

    /// The document with this id (which may itself contain `/` to reach deeper).
    public func document(_ id: String) -> DocumentReference {
        let child = spec.flatMap { base in
            Result { try base.collection.appending(id).requireDocument(path + "/" + id) }.mapStoreError()
        }
        return DocumentReference(store: store, path: child, text: path + "/" + id)
    }

    /// A new document with a random 20-character id.
    public func document() -> DocumentReference { document(Self.randomID()) }

    static func randomID() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<20).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] })
    }
}
