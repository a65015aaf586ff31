/// A filtered, ordered, limited view of one collection, run by the database (indexes
/// included) rather than by decoding every document. Builder methods return new queries.
public class Query: @unchecked Sendable {
    // @unchecked: `store` and `spec` never change after init, and `DocumentStore` serialises every call.
    let store: DocumentStore
    let spec: Result<QuerySpec, StoreError>

    init(store: DocumentStore, spec: Result<QuerySpec, StoreError>) {
        self.store = store
        self.spec = spec
    }

    private func with(_ change: (inout QuerySpec) throws -> Void) -> Query {
        Query(
            store: store,
            spec: spec.flatMap { base in
                Result {
                    var copy = base
                    try change(&copy)
                    return copy
                }.mapStoreError()
            })
    }

    /// Documents whose field equals `value` (`FieldPath.documentID` compares ids).
    public func whereField(_ field: FieldPath, isEqualTo value: FieldValue) -> Query {
        with {
            try field.validate()
            $0.filters.append(.equal(field, value))
        }
    }

    /// Documents whose field, named by a dotted string, equals `value`.
    public func whereField(_ field: String, isEqualTo value: FieldValue) -> Query {
        whereField(FieldPath(dotted: field), isEqualTo: value)
    }

    /// Documents whose field, named by a dotted string, equals any of `values`.
    public func whereField(_ field: String, in values: [FieldValue]) -> Query {
        whereField(FieldPath(dotted: field), in: values)
    }

    /// Documents whose field equals any of `values` (at most 1000), e.g. "which of these
    /// post ids has this user liked" with `FieldPath.documentID`.
    public func whereField(_ field: FieldPath, in values: [FieldValue]) -> Query {
        with {
            try field.validate()
            $0.filters.append(.isIn(field, values))
        }
    }

    /// Documents whose field is an array with `value` among its elements (a string, number
    /// or boolean; a favorite's `folders` holding a folder id).
    public func whereField(_ field: FieldPath, arrayContains value: FieldValue) -> Query {
        with {
            try field.validate()
            guard !field.isDocumentID else { throw StoreError.invalidArgument("the document id is not an array") }
            switch value {
            case .string, .int, .double, .bool, .timestamp: break
            case .null, .array, .map:
                throw StoreError.invalidArgument("array-contains takes a string, number or boolean")
            }
            $0.filters.append(.arrayContains(field, value))
        }
    }

    /// Documents whose field, named by a dotted string, is an array holding `value`.
    public func whereField(_ field: String, arrayContains value: FieldValue) -> Query {
        whereField(FieldPath(dotted: field), arrayContains: value)
    }

    /// Orders by a field; documents without it are left out. Ties are broken by document id.
    public func order(by field: FieldPath, descending: Bool = false) -> Query {
        with {
            try field.validate()
            $0.orders.append(.init(field: field, descending: descending))
        }
    }

    /// Orders by a field named by a dotted string.
    public func order(by field: String, descending: Bool = false) -> Query {
        order(by: FieldPath(dotted: field), descending: descending)
    }

    /// At most `count` documents.
    public func limit(to count: Int) -> Query { with { $0.limit = count } }

    /// Starts strictly after `document` in this query's order (ties resolved by id), for
    /// paging.
    public func start(afterDocument document: DocumentSnapshot) -> Query {
        with { spec in
            let values = try spec.orders.filter { !$0.field.isDocumentID }.map { order -> FieldValue in
                guard let value = document.get(order.field) else {
                    throw StoreError.invalidArgument("the cursor document has no field \"\(order.field.dotted)\"")
                }
                return value
            }
            if spec.orders.contains(where: \.field.isDocumentID) {
                spec.startAfter = .init(
                    values: spec.orders.map {
                        $0.field.isDocumentID ? .string(document.id) : (document.get($0.field) ?? .null)
                    }, documentID: nil)
            } else {
                spec.startAfter = .init(values: values, documentID: document.id)
            }
        }
    }

    /// Starts strictly after these values of the order-by fields (documents tied on them
    /// are skipped).
    public func start(after values: [FieldValue]) -> Query {
        with { $0.startAfter = .init(values: values, documentID: nil) }
    }

    /// Starts strictly after the document with these order-by values and this id: a cursor
    /// kept as values, which still works after that document is gone (a deleted row keeps
    /// its place between its neighbours).
    public func start(after values: [FieldValue], documentID: String) -> Query {
        with { $0.startAfter = .init(values: values, documentID: documentID) }
    }

    /// The same query over these collections too (each of this one's shape, e.g. the
    /// `user-reposts` of several users, at most 1000 in all): one read, one index range per
    /// collection; each document's reference names its own collection.
    public func including(collections paths: [String]) -> Query {
        with { spec in
            spec.otherCollections += try paths.map { try ResourcePath($0).requireCollection($0) }
            guard spec.collections.count <= 1000 else {
                throw StoreError.invalidArgument("a query reads at most 1000 collections")
            }
        }
    }

    /// Runs the query now.
    public func getDocuments() throws -> QuerySnapshot {
        let spec = try spec.get()
        let documents = try store.locked {
            try store.checkOpen()
            return try store.backend.documents(matching: spec)
        }
        return QuerySnapshot(query: self, stored: documents, previous: nil)
    }

    /// The ids of the matching documents, in the query's order, without reading the
    /// documents where an index holds the query (a follow list's 200 ids).
    public func documentIDs() throws -> [String] {
        let spec = try spec.get()
        return try store.locked {
            try store.checkOpen()
            return try store.backend.documentIDs(matching: spec)
        }
    }

    /// Only `fields` of the matching documents (dotted names; `FieldPath.documentID` too),
    /// in the query's order: each is read out of the stored text by the database (SQLite's
    /// `->`, PostgreSQL's `json ->`) and only those values are parsed, never the whole
    /// document. For a read of many documents that needs two fields of each (a place's
    /// savers among 1,000 people: `savedAt` and `folders`). A document whose text cannot be
    /// read (over the size limit) gives no values, as it gives no fields to `getDocuments()`.
    public func values(of fields: [String]) throws -> [DocumentValues] {
        let spec = try spec.get()
        let paths = fields.map { $0 == FieldPath.documentID.dotted ? FieldPath.documentID : FieldPath(dotted: $0) }
        for path in paths { try path.validate() }
        let rows = try store.locked {
            try store.checkOpen()
            return try store.backend.values(matching: spec, of: paths)
        }
        return rows.map { row in
            var values: [String: FieldValue] = [:]
            for (name, value) in zip(fields, row.values) { values[name] = value }
            return DocumentValues(documentID: row.id, parentPath: row.parent, fields: values)
        }
    }

    /// How many documents match, counted by the database.
    public func count() throws -> Int {
        let spec = try spec.get()
        return try store.locked {
            try store.checkOpen()
            return try store.backend.count(matching: spec)
        }
    }

    /// How many matching documents hold each value of `field` (documents without it are
    /// left out), counted by the database without reading the documents where an index
    /// holds the field: the favorites of each folder set, from one pass over an index.
    /// Values come back as the database renders them (on PostgreSQL a timestamp reads as a
    /// number); order and limit are ignored, a start cursor is not.
    public func counts(by field: String) throws -> [FieldValue: Int] {
        let spec = try spec.get()
        let path = FieldPath(dotted: field)
        try path.validate()
        return try store.locked {
            try store.checkOpen()
            return try store.backend.counts(matching: spec, by: path)
        }
    }

    /// Calls `listener` with the results now and after every commit that changes them,
    /// with `documentChanges` describing the difference. A later re-read that fails (a
    /// lost connection, a refused read, a document that cannot be decoded) calls `onError`
    /// instead, through the same executor; the listener keeps its last result and re-reads
    /// on the next change. A failing first read throws here.
    public func addSnapshotListener(
        _ listener: @escaping (QuerySnapshot) -> Void,
        onError: @escaping (StoreError) -> Void = { _ in }
    ) throws -> ListenerRegistration {
        let spec = try spec.get()
        var last: [StoredDocument]?
        return try store.addListener(
            isAffected: { _, collections in spec.collections.contains(where: collections.contains) },
            refresh: { cache in
                let (documents, snapshots) = try cache.documents(matching: spec, for: self)
                if let last, last == documents { return nil }
                let snapshot = QuerySnapshot(query: self, stored: documents, previous: last, snapshots: snapshots)
                last = documents
                return { listener(snapshot) }
            }, onError: onError)
    }

    /// Calls `listener` with `counts(by: field)` now and after every commit to the
    /// collection that changes them (from this process or another); `onError` as for
    /// `addSnapshotListener`.
    public func addCountsListener(
        by field: String, _ listener: @escaping ([FieldValue: Int]) -> Void,
        onError: @escaping (StoreError) -> Void = { _ in }
    ) throws -> ListenerRegistration {
        let spec = try spec.get()
        let path = FieldPath(dotted: field)
        try path.validate()
        var last: [FieldValue: Int]?
        return try store.addListener(
            isAffected: { _, collections in spec.collections.contains(where: collections.contains) },
            refresh: { cache in
                let counts = try cache.counts(matching: spec, by: path)
                if last == counts { return nil }
                last = counts
                return { listener(counts) }
            }, onError: onError)
    }

    /// Calls `compute` now and after every commit that writes to this query's collection
    /// (from this process or another), and `listener` with its result, through the
    /// executor as for `addSnapshotListener`, when it differs from the last one. For a
    /// caller that reads what it needs itself (a folder's places in an order the database
    /// cannot sort by, passed in bounded batches) instead of holding every document of a
    /// snapshot.
    ///
    /// When the executor hands callbacks to an event loop (`CallbackExecutor.eventLoop`, the
    /// interface), `compute` runs on a queue of the listener's own, for the newest change
    /// only (`ListenerWork`), so a slow one never holds the writer's thread or the
    /// store; every failure then calls `onError`. Otherwise `compute` runs with the store
    /// held, on the writer's thread, and a failing first computation throws here.
    public func addComputedListener<Value: Equatable>(
        _ compute: @escaping () throws -> Value,
        _ listener: @escaping (Value) -> Void,
        onError: @escaping (StoreError) -> Void = { _ in }
    ) throws -> ListenerRegistration {
        let spec = try spec.get()
        let isAffected: (Set<ResourcePath>, Set<ResourcePath>) -> Bool = { _, collections in
            spec.collections.contains(where: collections.contains)
        }
        if store.callbackExecutor.deliversToEventLoop {
            // `last` is read and written only by the work's jobs, which run one at a time.
            let work = ListenerWork(executor: store.callbackExecutor)
            var last: Value?
            let registration = try store.addListener(
                isAffected: isAffected,
                refresh: { _ in
                    work.submit {
                        do {
                            let value = try compute()
                            guard last != value else { return nil }
                            last = value
                            return { listener(value) }
                        } catch {
                            let failure = error as? StoreError ?? .coding("\(error)")
                            return { onError(failure) }
                        }
                    }
                    return nil
                }, onError: onError)
            return ListenerRegistration {
                work.cancel()
                registration.remove()
            }
        }
        var last: Value?
        return try store.addListener(
            isAffected: isAffected,
            refresh: { _ in
                let value: Value
                do { value = try compute() } catch let error as StoreError { throw error } catch {
                    throw StoreError.coding("\(error)")
                }
                if let last, last == value { return nil }
                last = value
                return { listener(value) }
            }, onError: onError)
    }

    func reference(for id: String) -> DocumentReference {
        DocumentReference(
            store: store, path: spec.map { ResourcePath(segments: $0.collection.segments + [id]) },
            text: ((try? spec.get().collection.string) ?? "") + "/" + id)
    }
}
