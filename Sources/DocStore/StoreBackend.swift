import Foundation

/// What the store needs from a database. The SQLite backend and the PostgreSQL backend implement it
/// behind the same public API.
protocol StoreBackend: AnyObject {
    /// The file or address, for messages.
    var location: String { get }
    /// True for a database behind a network (a team server), false for a local file.
    var isRemote: Bool { get }
    /// What this backend has run so far (see `StoreCounts`).
    var counts: StoreCounts { get }

    func document(at path: ResourcePath) throws -> [String: FieldValue]?
    func putDocument(_ fields: [String: FieldValue], at path: ResourcePath) throws
    func deleteDocument(at path: ResourcePath) throws
    func documents(matching query: QuerySpec) throws -> [StoredDocument]
    /// The same, read again for a listener after a write: a backend may reuse what it
    /// parsed for the last such read (see `ParsedFieldsCache`).
    func listenedDocuments(matching query: QuerySpec) throws -> [StoredDocument]
    /// The ids of the documents `documents(matching:)` would return, in its order.
    func documentIDs(matching query: QuerySpec) throws -> [String]
    func count(matching query: QuerySpec) throws -> Int
    /// `fields` of each document `documents(matching:)` would return, in its order, read
    /// out of the stored text without parsing the rest (see `Query.values(of:)`).
    func values(matching query: QuerySpec, of fields: [FieldPath]) throws -> [StoredValues]
    /// How many documents matching `query` hold each value of `field` (see `Query.counts(by:)`).
    func counts(matching query: QuerySpec, by field: FieldPath) throws -> [FieldValue: Int]

    func protectedRecord(_ key: String) throws -> Data?
    func putProtectedRecord(_ value: Data, key: String) throws
    func deleteProtectedRecord(_ key: String) throws

    /// Runs `body` in one write transaction that waits for other writers, and commits it
    /// all or nothing.
    func writeTransaction<T>(_ body: () throws -> T) throws -> T

    /// True when another connection committed since the last call. Cheap enough to call
    /// every few hundred milliseconds.
    func hasExternalChanges() throws -> Bool

    /// The documents other connections changed since the last call: nil when nothing
    /// changed, an empty set when anything may have.
    func externalChanges() throws -> Set<ResourcePath>?

    /// Problems found by a full consistency check; empty when the database is sound.
    func integrityProblems() throws -> [String]

    /// Calls a function installed on the server, inside the current write transaction.
    func callFunction(_ name: String, arguments: [String?], touching: Set<ResourcePath>) throws -> String?

    /// Calls a function installed on the server as a write transaction of its own.
    func callFunctionAlone(_ name: String, arguments: [String?], touching: Set<ResourcePath>) throws -> String?

    /// Connects as another role of the same server and schema; with `sessionToken`, as the
    /// pooled role bound to that session in every transaction.
    func switchRole(url: String, sessionToken: String?) throws

    func close()
}

extension StoreBackend {
    func callFunctionAlone(_ name: String, arguments: [String?], touching: Set<ResourcePath>) throws -> String? {
        try writeTransaction { try callFunction(name, arguments: arguments, touching: touching) }
    }

    /// An embedded database has no server functions.
    func callFunction(_ name: String, arguments: [String?], touching: Set<ResourcePath>) throws -> String? {
        throw StoreError.invalidArgument("only a store on a server calls server functions")
    }

    /// An embedded database has no roles.
    func switchRole(url: String, sessionToken: String?) throws {
        throw StoreError.invalidArgument("only a store on a server connects as another role")
    }

    /// A backend that cannot read ids alone reads the documents.
    func documentIDs(matching query: QuerySpec) throws -> [String] {
        try documents(matching: query).map(\.id)
    }

    /// A backend that keeps nothing between reads reads again.
    func listenedDocuments(matching query: QuerySpec) throws -> [StoredDocument] {
        try documents(matching: query)
    }

    /// A backend that only knows whether anything changed reports "anything".
    func externalChanges() throws -> Set<ResourcePath>? {
        try hasExternalChanges() ? [] : nil
    }
}
