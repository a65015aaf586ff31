import DocStore
import Localization

/// Documents decoded one by one: one that does not decode (written by a broken or hostile
/// client) is left out instead of failing the whole list, and counted in `notice` (which
/// names the collection only: an id written by such a client is not fit to print).
struct DecodedDocuments<Value> {
    var values: [Value] = []
    var skipped: [String] = []

    init(_ documents: [DocumentSnapshot], decode: (DocumentSnapshot) throws -> Value) {
        for document in documents {
            if let value = try? decode(document) {
                values.append(value)
            } else {
                skipped.append(document.reference.parent.path)
            }
        }
    }

    /// What was left out, as one error; nil when nothing was.
    var notice: LeftOutDocuments? {
        guard let first = skipped.first else { return nil }
        return LeftOutDocuments(
            description: tr(
                skipped.count == 1 ? .storeLeftOutOne : .storeLeftOut,
                ["count": String(skipped.count), "collection": first]))
    }
}

/// Documents left out of a list because they cannot be read: a notice beside the list,
/// which the rest of it survives, not a failure to read it (the interface shows it as a
/// notice, never as `Could not load`).
public struct LeftOutDocuments: Error, CustomStringConvertible, Equatable, Sendable {
    public let description: String
}
