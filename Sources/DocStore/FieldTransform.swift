import Foundation

/// Resolves `WriteValue`s (plain values and transforms) against stored values.
enum FieldTransform {
    /// The value a write leaves in a field whose stored value is `current`; nil deletes it.
    /// With `merge`, maps are merged into the stored map instead of replacing it.
    static func apply(_ write: WriteValue, to current: FieldValue?, merge: Bool, at commitTime: Date) throws
        -> FieldValue?
    {
        switch write {
        case .value(.map(let fields)) where merge:
            return try apply(.fields(fields.asWrite), to: current, merge: true, at: commitTime)
        case .value(let value):
            return value
        case .fields(let writes):
            let base = merge ? current?.mapValue ?? [:] : [:]
            var result = base
            for (key, fieldWrite) in writes {
                result[key] = try apply(fieldWrite, to: current?.mapValue?[key], merge: merge, at: commitTime)
            }
            return .map(result)
        case .increment(let amount):
            switch (current, amount) {
            case (.int(let a)?, .int(let b)): return .int(a &+ b)
            case (.some(let c), _) where c.doubleValue != nil && amount.doubleValue != nil:
                return .double((c.doubleValue ?? 0) + (amount.doubleValue ?? 0))
            case (_, .int), (_, .double): return amount
            default: throw StoreError.invalidArgument("increment needs a number, not \(amount)")
            }
        case .serverTimestamp:
            return .timestamp(commitTime)
        case .arrayUnion(let items):
            var array = current?.arrayValue ?? []
            for item in items where !array.contains(item) { array.append(item) }
            return .array(array)
        case .arrayRemove(let items):
            return .array((current?.arrayValue ?? []).filter { !items.contains($0) })
        case .delete:
            return nil
        }
    }

    /// The value at a nested field path, if every step is a map that has it.
    static func value(at path: ArraySlice<String>, in fields: [String: FieldValue]) -> FieldValue? {
        guard let first = path.first, let value = fields[first] else { return nil }
        if path.count == 1 { return value }
        guard case .map(let inner) = value else { return nil }
        return self.value(at: path.dropFirst(), in: inner)
    }

    /// Sets (or with nil removes) a nested field, creating maps on the way.
    static func setValue(_ value: FieldValue?, at path: ArraySlice<String>, in fields: inout [String: FieldValue]) {
        guard let first = path.first else { return }
        if path.count == 1 {
            fields[first] = value
            return
        }
        var inner = fields[first]?.mapValue ?? [:]
        if value == nil && fields[first]?.mapValue == nil { return }
        setValue(value, at: path.dropFirst(), in: &inner)
        fields[first] = .map(inner)
    }
}
