import Foundation

/// What the store needs from a database. The SQLite backend implements it today; a server
/// backend can implement it later without changing the public API.
protocol StoreBackend: AnyObject {
    /// The file or address, for messages.
    var location: String { get }

    func document(at path: ResourcePath) throws -> [String: FieldValue]?
    func putDocument(_ fields: [String: FieldValue], at path: ResourcePath) throws
    func deleteDocument(at path: ResourcePath) throws
    func documents(matching query: QuerySpec) throws -> [StoredDocument]
    func count(matching query: QuerySpec) throws -> Int

    func protectedRecord(_ key: String) throws -> Data?
    func putProtectedRecord(_ value: Data, key: String) throws
    func deleteProtectedRecord(_ key: String) throws

    /// Runs `body` in one write transaction that waits for other writers, and commits it
    /// all or nothing.
    func writeTransaction<T>(_ body: () throws -> T) throws -> T

    /// True when another connection committed since the last call. Cheap enough to call
    /// every few hundred milliseconds.
    func hasExternalChanges() throws -> Bool

    /// Problems found by a full consistency check; empty when the database is sound.
    func integrityProblems() throws -> [String]

    func close()
}
