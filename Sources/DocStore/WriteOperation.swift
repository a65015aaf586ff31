import Foundation

/// One write of a batch or transaction, applied inside the backend's write transaction.
enum WriteOperation {
    case set(ResourcePath, [String: WriteValue], merge: Bool)
    case update(ResourcePath, [FieldPath: WriteValue])
    case delete(ResourcePath)
    case setProtected(String, Data)
    case deleteProtected(String)

    /// True for a write of a protected record.
    var isProtected: Bool {
        switch self {
        case .setProtected, .deleteProtected: true
        case .set, .update, .delete: false
        }
    }

    /// Applies the write, resolving transforms against what is stored now; returns the
    /// document path it touched, if any.
    @discardableResult
    func apply(to backend: StoreBackend, at commitTime: Date) throws -> ResourcePath? {
        switch self {
        case .set(let path, let writes, let merge):
            let current = merge ? try backend.document(at: path) ?? [:] : [:]
            let resolved = try FieldTransform.apply(.fields(writes), to: .map(current), merge: merge, at: commitTime)
            try backend.putDocument(resolved?.mapValue ?? [:], at: path)
            return path
        case .update(let path, let writes):
            guard var fields = try backend.document(at: path) else { throw StoreError.notFound(path.string) }
            for (field, write) in writes.sorted(by: { $0.key.dotted < $1.key.dotted }) {
                try field.validate()
                let current = FieldTransform.value(at: field.segments[...], in: fields)
                let value = try FieldTransform.apply(write, to: current, merge: false, at: commitTime)
                FieldTransform.setValue(value, at: field.segments[...], in: &fields)
            }
            try backend.putDocument(fields, at: path)
            return path
        case .delete(let path):
            try backend.deleteDocument(at: path)
            return path
        case .setProtected(let key, let data):
            try backend.putProtectedRecord(data, key: key)
            return nil
        case .deleteProtected(let key):
            try backend.deleteProtectedRecord(key)
            return nil
        }
    }
}
