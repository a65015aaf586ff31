extension DocumentSnapshot {
    /// The document decoded as `T`; throws when it does not exist or does not fit.
    public func data<T: Decodable>(as type: T.Type) throws -> T {
        guard let data else { throw StoreError.notFound(reference.path) }
        return try FieldValueDecoder().decode(type, from: data)
    }
}

extension DocumentReference {
    /// Replaces (or merges into) the document with the fields of an `Encodable` value.
    public func setData<T: Encodable>(from value: T, merge: Bool = false) throws {
        try setData(try FieldValueEncoder().encode(value).asWrite, merge: merge)
    }
}

extension WriteBatch {
    /// Replaces (or merges into) a document with the fields of an `Encodable` value.
    @discardableResult
    public func setData<T: Encodable>(from value: T, forDocument reference: DocumentReference, merge: Bool = false)
        throws -> WriteBatch
    {
        setData(try FieldValueEncoder().encode(value).asWrite, forDocument: reference, merge: merge)
    }
}

extension Transaction {
    /// Replaces (or merges into) a document with the fields of an `Encodable` value.
    public func setData<T: Encodable>(from value: T, forDocument reference: DocumentReference, merge: Bool = false)
        throws
    {
        try setData(try FieldValueEncoder().encode(value).asWrite, forDocument: reference, merge: merge)
    }
}
