import Foundation

/// What a write puts into a field: a plain value, or a transform the store applies inside
/// the write transaction against the value currently stored.
///
/// Literals work directly: `["name": "Seoul", "count": .increment(1), "at": .serverTimestamp]`.
public enum WriteValue: Equatable, Sendable {
    /// A plain value.
    case value(FieldValue)
    /// A map whose fields may themselves hold transforms.
    case fields([String: WriteValue])
    /// Adds to the stored number; a missing or non-numeric field counts as zero.
    case increment(FieldValue)
    /// The commit time of the write.
    case serverTimestamp
    /// Appends each element not already present in the stored array.
    case arrayUnion([FieldValue])
    /// Removes every occurrence of each element from the stored array.
    case arrayRemove([FieldValue])
    /// Removes the field.
    case delete

    // Plain values spelled like `FieldValue`'s cases, so that `.string(name)` reads the same in writes.
    /// A string.
    public static func string(_ v: String) -> WriteValue { .value(.string(v)) }
    public static func int(_ v: Int64) -> WriteValue { .value(.int(v)) }
    public static func int(_ v: Int) -> WriteValue { .value(.int(Int64(v))) }
    public static func double(_ v: Double) -> WriteValue { .value(.double(v)) }
    public static func bool(_ v: Bool) -> WriteValue { .value(.bool(v)) }
    public static func timestamp(_ v: Date) -> WriteValue { .value(.timestamp(v)) }
    public static func array(_ v: [FieldValue]) -> WriteValue { .value(.array(v)) }
    public static func map(_ v: [String: FieldValue]) -> WriteValue { .value(.map(v)) }
    public static var null: WriteValue { .value(.null) }
}

extension WriteValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .value(.string(value)) }
    public init(integerLiteral value: Int64) { self = .value(.int(value)) }
    public init(floatLiteral value: Double) { self = .value(.double(value)) }
    public init(booleanLiteral value: Bool) { self = .value(.bool(value)) }
    public init(nilLiteral: ()) { self = .value(.null) }
    public init(arrayLiteral elements: FieldValue...) { self = .value(.array(elements)) }
    public init(dictionaryLiteral elements: (String, WriteValue)...) {
        self = .fields(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension Dictionary where Key == String, Value == FieldValue {
    /// These fields as a write of plain values.
    public var asWrite: [String: WriteValue] { mapValues { .value($0) } }
}
