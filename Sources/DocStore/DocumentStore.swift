import Foundation

/// A local, Firestore-shaped document store: collections of documents addressed by
/// slash-separated paths, queries, atomic batches and transactions, and snapshot listeners
/// that also hear about commits made by other processes on the same file.
///
/// Calls are synchronous and throw `StoreError`. One store may be shared between threads;
/// calls are serialised.
public final class DocumentStore: @unchecked Sendable {
    // @unchecked: `listeners` and `isClosed` are read and written under `lock`, and every call
    // into the backend is made under it (`location` only reads a constant).
    let backend: StoreBackend
    let executor: CallbackExecutor
    let lock = NSRecursiveLock()
    var listeners = ListenerSet()
    private var isClosed = false
    private var proofs: Set<String> = []

    init(backend: StoreBackend, executor: CallbackExecutor) {
        self.backend = backend
        self.executor = executor
    }

    /// Opens the database at `path`, creating it and its directory when missing. A file
    /// that is not a Tern database, is newer than this build, or cannot be opened throws
    /// and is left untouched.
    public static func open(path: String, executor: CallbackExecutor) throws -> DocumentStore {
        DocumentStore(backend: try SQLiteBackend.open(file: path), executor: executor)
    }

    /// Opens the store at `location`: a PostgreSQL server for a `postgres://` or
    /// `postgresql://` URL (see `open(url:executor:)`), otherwise the database file at that
    /// path (see `open(path:executor:)`).
    public static func open(location: String, executor: CallbackExecutor) throws -> DocumentStore {
        PostgresBackend.isServerURL(location)
            ? try open(url: location, executor: executor) : try open(path: location, executor: executor)
    }

    /// Opens the store on the PostgreSQL server at `url` (a libpq URL such as
    /// `postgres://alice@db.example/tern`), creating its tables when missing and this role
    /// may. The connection sets its own `search_path` (the URL's, else `public`) and
    /// timeouts, whatever defaults the role was given on the server. Connection failures
    /// throw one line naming the server (without its password).
    public static func open(url: String, executor: CallbackExecutor) throws -> DocumentStore {
        DocumentStore(backend: try PostgresBackend.open(url: url), executor: executor)
    }

    /// Opens the store pooled (docs/decisions/0016-pooled-server.md): `url` signs in as the
    /// server's pooled role, usually through pgbouncer in transaction pooling mode, and every
    /// transaction is bound to the session of `sessionToken` (from `tern_open_session()`),
    /// which the server checks in each one; other commits are read from the server's change
    /// log, not LISTENed to, so the store holds no server backend while idle. A token the
    /// server refuses throws (SQLSTATE 28000).
    public static func open(url: String, sessionToken: String, executor: CallbackExecutor) throws -> DocumentStore {
        DocumentStore(backend: try PostgresBackend.open(url: url, sessionToken: sessionToken), executor: executor)
    }

    /// `open(location:executor:)`, or with a session token `open(url:sessionToken:executor:)`.
    public static func open(location: String, sessionToken: String?, executor: CallbackExecutor) throws
        -> DocumentStore
    {
        guard let sessionToken else { return try open(location: location, executor: executor) }
        return try open(url: location, sessionToken: sessionToken, executor: executor)
    }

    /// Closes the database; later calls throw `StoreError.closed` and listeners stop.
    public func close() {
        locked {
            guard !isClosed else { return }
            isClosed = true
            listeners.removeAll()
            backend.close()
        }
    }

    deinit { if !isClosed { backend.close() } }

    /// Where this store's callbacks run; whatever reports beside the store (a sync worker)
    /// goes the same way.
    public var callbackExecutor: CallbackExecutor { executor }

    /// True when this store is a team server's (each call a round trip), false for a local
    /// file: the one place that decides it, by the backend the store opened.
    public var isRemote: Bool { backend.isRemote }

    /// Statements, commits and round trips this store has cost since it opened.
    public var counts: StoreCounts { locked { backend.counts } }

    /// The file (or address) behind this store, for messages.
    public var location: String { backend.location }

    /// The collection at `path` (an odd number of segments, e.g. `"favorites/u1/favorites"`).
    public func collection(_ path: String) -> CollectionReference {
        CollectionReference(
            store: self, path: Result { try ResourcePath(path).requireCollection(path) }.mapStoreError(), text: path)
    }

    /// The document at `path` (an even number of segments, e.g. `"users/u1/user-likes/t1"`).
    public func document(_ path: String) -> DocumentReference {
        DocumentReference(
            store: self, path: Result { try ResourcePath(path).requireDocument(path) }.mapStoreError(), text: path)
    }

    /// A batch of writes committed all or nothing by `commit()`.
    public func batch() -> WriteBatch { WriteBatch(store: self) }

    /// Runs `body` in one write transaction: reads see the current data, other writers wait,
    /// and every write commits together, or none does when `body` throws.
    /// On a server `body` may run more than once: when a concurrent writer wins a
    /// conflict, it runs again on what that writer committed (as Firestore's transactions
    /// do), so it should only read and write through `transaction`.
    @discardableResult
    public func runTransaction<T>(_ body: (Transaction) throws -> T) throws -> T {
        try locked {
            try checkOpen()
            var transaction = Transaction(store: self, commitTime: Date())
            let result = try backend.writeTransaction {
                transaction = Transaction(store: self, commitTime: Date())
                defer { transaction.isFinished = true }
                return try body(transaction)
            }
            if transaction.changedProtected { proofs.removeAll() }
            notify(touched: transaction.touched)
            return result
        }
    }

    /// On a team server, calls the server function `name` (installed by whoever set the
    /// database up, e.g. to change documents of several owners under the server's rules)
    /// with text arguments, in a write transaction of its own, and returns its result as
    /// text. `touching` names the documents it changes: this store's listeners and other
    /// processes re-read them. The embedded store has no server functions: it throws
    /// `invalidArgument`.
    @discardableResult
    public func callServerFunction(_ name: String, arguments: [String?], touching: [DocumentReference] = []) throws
        -> String?
    {
        try locked {
            try checkOpen()
            let paths = Set(try touching.map { try $0.validPath() })
            let result = try backend.callFunctionAlone(name, arguments: arguments, touching: paths)
            notify(touched: paths)
            return result
        }
    }

    /// A protected record (credentials and the like): bytes under a key that no document,
    /// collection or query can reach. Nil when there is none.
    public func protectedRecord(_ key: String) throws -> Data? {
        try locked {
            try checkOpen()
            return try backend.protectedRecord(key)
        }
    }

    /// Stores a protected record in its own commit.
    public func setProtectedRecord(_ key: String, _ value: Data) throws {
        try commit([.setProtected(key, value)])
    }

    /// Removes a protected record in its own commit.
    public func deleteProtectedRecord(_ key: String) throws {
        try commit([.deleteProtected(key)])
    }

    /// Delivers commits made by other processes to this store's listeners. Costs one cheap
    /// check when nothing changed; call it from the event loop, then drain the callback queue.
    /// Returns true when another process had committed.
    @discardableResult
    public func pollExternalChanges() throws -> Bool {
        try locked {
            try checkOpen()
            guard let changed = try backend.externalChanges() else { return false }
            proofs.removeAll()
            if changed.isEmpty { listeners.markAllDirty() } else { listeners.markDirty(changed) }
            deliverNotifications()
            return true
        }
    }

    /// On a team server, connects as another role of the same server and schema, given by
    /// `url` (signing in or out): every open listener then re-reads what that role sees.
    /// A failure (a wrong password, an unreachable server) leaves the store as it was. The
    /// embedded store has no roles: it throws `invalidArgument`.
    /// With `sessionToken`, `url` is the pooled role's and the store is pooled from then on
    /// (see `open(url:sessionToken:executor:)`).
    public func switchServerRole(url: String, sessionToken: String? = nil) throws {
        try locked {
            try checkOpen()
            try backend.switchRole(url: url, sessionToken: sessionToken)
            proofs.removeAll()
            listeners.markAllDirty()
            deliverNotifications()
        }
    }

    /// Whether `key` was proved against the protected records (`rememberProof`) since they
    /// last changed: through this store, or in another process as `pollExternalChanges` saw.
    /// A session checked against its credential is proved once, not on every write.
    public func holdsProof(_ key: String) -> Bool { locked { proofs.contains(key) } }

    /// Records that `key` was proved on what the protected records hold now.
    public func rememberProof(_ key: String) { locked { _ = proofs.insert(key) } }

    /// Problems found by a full consistency check of the file; empty when it is sound.
    public func integrityProblems() throws -> [String] {
        try locked {
            try checkOpen()
            return try backend.integrityProblems()
        }
    }

    func commit(_ operations: [WriteOperation]) throws {
        try locked {
            try checkOpen()
            let commitTime = Date()
            let touched = try backend.writeTransaction {
                try operations.compactMap { try $0.apply(to: backend, at: commitTime) }
            }
            if operations.contains(where: \.isProtected) { proofs.removeAll() }
            notify(touched: Set(touched))
        }
    }

    func notify(touched: Set<ResourcePath>) {
        guard !touched.isEmpty else { return }
        listeners.markDirty(touched)
        deliverNotifications()
    }

    func checkOpen() throws {
        if isClosed { throw StoreError.closed }
    }

    func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

extension Result where Failure == Error {
    func mapStoreError() -> Result<Success, StoreError> {
        mapError { $0 as? StoreError ?? .invalidArgument("\($0)") }
    }
}
