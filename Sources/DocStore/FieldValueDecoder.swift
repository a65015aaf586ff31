import Foundation

/// Turns document fields into a `Decodable` value: maps become structs, timestamps
/// `Date`, absent or null fields nil optionals.
public struct FieldValueDecoder {
    public init() {}

    /// A value of `type` from a document's fields.
    public func decode<T: Decodable>(_ type: T.Type, from fields: [String: FieldValue]) throws -> T {
        try decode(type, fromValue: .map(fields))
    }

    /// A value of `type` from a single field value.
    public func decode<T: Decodable>(_ type: T.Type, fromValue value: FieldValue) throws -> T {
        try DecoderBox(value: value, codingPath: []).decodeValue(type)
    }
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

private func describe(_ path: [CodingKey]) -> String {
    path.isEmpty ? "the document" : path.map(\.stringValue).joined(separator: ".")
}

private struct DecoderBox: Decoder {
    let value: FieldValue
    let codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func mismatch(_ expected: String) -> StoreError {
        .coding("\(describe(codingPath)): expected \(expected), found \(value)")
    }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        switch type {
        case is Date.Type:
            switch value {
            case .timestamp(let date): return try cast(date)
            case .double(let seconds): return try cast(Date(timeIntervalSince1970: seconds))
            case .int(let seconds): return try cast(Date(timeIntervalSince1970: Double(seconds)))
            default: throw mismatch("a timestamp")
            }
        case is FieldValue.Type: return try cast(value)
        case is Data.Type:
            guard let text = value.stringValue, let data = Data(base64Encoded: text) else {
                throw mismatch("base64 data")
            }
            return try cast(data)
        case is URL.Type:
            guard let text = value.stringValue, let url = URL(string: text) else { throw mismatch("a URL") }
            return try cast(url)
        default: return try T(from: self)
        }
    }

    private func cast<T, U>(_ value: U) throws -> T {
        guard let result = value as? T else { throw mismatch("\(T.self)") }
        return result
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .map(let fields) = value else { throw mismatch("a map") }
        return KeyedDecodingContainer(KeyedBox<Key>(fields: fields, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw mismatch("an array") }
        return UnkeyedBox(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer { SingleBox(decoder: self) }
}

private struct KeyedBox<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: [String: FieldValue]
    let codingPath: [CodingKey]
    var allKeys: [Key] { fields.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }

    private func child(_ key: Key) throws -> DecoderBox {
        guard let value = fields[key.stringValue] else {
            throw StoreError.coding("\(describe(codingPath + [key])): missing")
        }
        return DecoderBox(value: value, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { (fields[key.stringValue] ?? .null) == .null }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decodeValue(type) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = fields[key.stringValue], value != .null else { return nil }
        return try DecoderBox(value: value, codingPath: codingPath + [key]).decodeValue(type)
    }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try child(key).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }
    func superDecoder() throws -> Decoder { DecoderBox(value: fields["super"] ?? .null, codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> Decoder { try child(key) }
}

private struct UnkeyedBox: UnkeyedDecodingContainer {
    let items: [FieldValue]
    let codingPath: [CodingKey]
    var currentIndex = 0
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    init(items: [FieldValue], codingPath: [CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    private mutating func next() throws -> DecoderBox {
        guard !isAtEnd else { throw StoreError.coding("\(describe(codingPath)): array too short") }
        defer { currentIndex += 1 }
        return DecoderBox(value: items[currentIndex], codingPath: codingPath + [AnyKey(intValue: currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(type) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        try next().container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> Decoder { try next() }
}

private struct SingleBox: SingleValueDecodingContainer {
    let decoder: DecoderBox
    var codingPath: [CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.value == .null }
    func decode(_ type: Bool.Type) throws -> Bool {
        guard let v = decoder.value.boolValue else { throw decoder.mismatch("a bool") }
        return v
    }
    func decode(_ type: String.Type) throws -> String {
        guard let v = decoder.value.stringValue else { throw decoder.mismatch("a string") }
        return v
    }
    func decode(_ type: Double.Type) throws -> Double {
        guard let v = decoder.value.doubleValue else { throw decoder.mismatch("a number") }
        return v
    }
    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let integer = type as? any FixedWidthInteger.Type {
            guard let v = decoder.value.intValue, let exact = integer.init(exactly: v) else {
                throw decoder.mismatch("\(T.self)")
            }
            guard let result = exact as? T else { throw decoder.mismatch("\(T.self)") }
            return result
        }
        return try decoder.decodeValue(type)
    }
}
