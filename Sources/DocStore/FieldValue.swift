import Foundation

/// A value stored in a document field. Typed, so that callers never handle `[String: Any]`.
public enum FieldValue: Equatable, Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    /// A point in time; stored with microsecond-or-better precision and ordered as time.
    case timestamp(Date)
    case array([FieldValue])
    case map([String: FieldValue])

    /// The string, when this is `.string`.
    public var stringValue: String? {
        if case .string(let v) = self { return v }
        return nil
    }
    /// The integer, when this is `.int` (or a `.double` with no fractional part).
    public var intValue: Int64? {
        switch self {
        case .int(let v): return v
        case .double(let v) where v.rounded() == v && abs(v) < 9.2e18: return Int64(v)
        default: return nil
        }
    }
    /// The number as a `Double`, when this is `.int` or `.double`.
    public var doubleValue: Double? {
        switch self {
        case .int(let v): return Double(v)
        case .double(let v): return v
        default: return nil
        }
    }
    /// The flag, when this is `.bool`.
    public var boolValue: Bool? {
        if case .bool(let v) = self { return v }
        return nil
    }
    /// The date, when this is `.timestamp`.
    public var dateValue: Date? {
        if case .timestamp(let v) = self { return v }
        return nil
    }
    /// The elements, when this is `.array`.
    public var arrayValue: [FieldValue]? {
        if case .array(let v) = self { return v }
        return nil
    }
    /// The fields, when this is `.map`.
    public var mapValue: [String: FieldValue]? {
        if case .map(let v) = self { return v }
        return nil
    }
}

extension FieldValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
    public init(arrayLiteral elements: FieldValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, FieldValue)...) {
        self = .map(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
