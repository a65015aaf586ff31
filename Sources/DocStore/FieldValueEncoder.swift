import Foundation

/// Turns an `Encodable` value into document fields: structs become maps, `Date` a
/// timestamp, nil optionals are left out.
public struct FieldValueEncoder {
    public init() {}

    /// The fields of a value that encodes as a keyed container (a struct or class).
    public func encode<T: Encodable>(_ value: T) throws -> [String: FieldValue] {
        guard case .map(let fields) = try encodeValue(value) else {
            throw StoreError.coding("\(T.self) does not encode as a map of fields")
        }
        return fields
    }

    /// One value of any encodable type.
    public func encodeValue<T: Encodable>(_ value: T) throws -> FieldValue {
        if let special = Self.special(value) { return special }
        let encoder = EncoderBox(codingPath: [])
        try value.encode(to: encoder)
        return encoder.node.value ?? .map([:])
    }

    static func special<T: Encodable>(_ value: T) -> FieldValue? {
        switch value {
        case let date as Date: return .timestamp(date)
        case let field as FieldValue: return field
        case let data as Data: return .string(data.base64EncodedString())
        case let url as URL: return .string(url.absoluteString)
        default: return nil
        }
    }
}

/// A growing value tree; containers hold boxes so nested encoders can fill them later.
private final class Node {
    enum Content {
        case empty
        case value(FieldValue)
        case map([String: Node], order: [String])
        case array([Node])
    }

    var content: Content = .empty

    var value: FieldValue? {
        switch content {
        case .empty: return nil
        case .value(let v): return v
        case .map(let nodes, _): return .map(nodes.compactMapValues(\.value))
        case .array(let nodes): return .array(nodes.map { $0.value ?? .null })
        }
    }

    func child(forKey key: String) -> Node {
        var (nodes, order): ([String: Node], [String]) = ([:], [])
        if case .map(let existing, let existingOrder) = content { (nodes, order) = (existing, existingOrder) }
        if let node = nodes[key] { return node }
        let node = Node()
        nodes[key] = node
        order.append(key)
        content = .map(nodes, order: order)
        return node
    }

    func appendChild() -> Node {
        var nodes: [Node] = []
        if case .array(let existing) = content { nodes = existing }
        let node = Node()
        nodes.append(node)
        content = .array(nodes)
        return node
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

private final class EncoderBox: Encoder {
    let codingPath: [CodingKey]
    let userInfo: [CodingUserInfoKey: Any] = [:]
    let node: Node

    init(codingPath: [CodingKey], node: Node = Node()) {
        self.codingPath = codingPath
        self.node = node
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .map = node.content {} else { node.content = .map([:], order: []) }
        return KeyedEncodingContainer(KeyedBox<Key>(encoder: self))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        if case .array = node.content {} else { node.content = .array([]) }
        return UnkeyedBox(encoder: self)
    }

    func singleValueContainer() -> SingleValueEncodingContainer { SingleBox(encoder: self) }

    func store<T: Encodable>(_ value: T, in target: Node, key: CodingKey?) throws {
        if let special = FieldValueEncoder.special(value) {
            target.content = .value(special)
            return
        }
        let path = key.map { codingPath + [$0] } ?? codingPath
        try value.encode(to: EncoderBox(codingPath: path, node: target))
    }
}

private struct KeyedBox<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: EncoderBox
    var codingPath: [CodingKey] { encoder.codingPath }

    func encodeNil(forKey key: Key) throws { encoder.node.child(forKey: key.stringValue).content = .value(.null) }
    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encoder.store(value, in: encoder.node.child(forKey: key.stringValue), key: key)
    }
    func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        guard let value else { return }
        try encode(value, forKey: key)
    }
    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        EncoderBox(codingPath: codingPath + [key], node: encoder.node.child(forKey: key.stringValue)).container(
            keyedBy: keyType)
    }
    func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        EncoderBox(codingPath: codingPath + [key], node: encoder.node.child(forKey: key.stringValue)).unkeyedContainer()
    }
    func superEncoder() -> Encoder { EncoderBox(codingPath: codingPath, node: encoder.node.child(forKey: "super")) }
    func superEncoder(forKey key: Key) -> Encoder {
        EncoderBox(codingPath: codingPath + [key], node: encoder.node.child(forKey: key.stringValue))
    }
}

private struct UnkeyedBox: UnkeyedEncodingContainer {
    let encoder: EncoderBox
    var codingPath: [CodingKey] { encoder.codingPath }
    var count: Int {
        if case .array(let nodes) = encoder.node.content { return nodes.count }
        return 0
    }

    func encodeNil() throws { encoder.node.appendChild().content = .value(.null) }
    func encode<T: Encodable>(_ value: T) throws {
        try encoder.store(value, in: encoder.node.appendChild(), key: AnyKey(intValue: count))
    }
    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        EncoderBox(codingPath: codingPath, node: encoder.node.appendChild()).container(keyedBy: keyType)
    }
    func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        EncoderBox(codingPath: codingPath, node: encoder.node.appendChild()).unkeyedContainer()
    }
    func superEncoder() -> Encoder { EncoderBox(codingPath: codingPath, node: encoder.node.appendChild()) }
}

private struct SingleBox: SingleValueEncodingContainer {
    let encoder: EncoderBox
    var codingPath: [CodingKey] { encoder.codingPath }

    private func put(_ value: FieldValue) { encoder.node.content = .value(value) }
    func encodeNil() throws { put(.null) }
    func encode(_ value: Bool) throws { put(.bool(value)) }
    func encode(_ value: String) throws { put(.string(value)) }
    func encode(_ value: Double) throws { put(.double(value)) }
    func encode(_ value: Float) throws { put(.double(Double(value))) }
    func encode(_ value: Int) throws { put(.int(Int64(value))) }
    func encode(_ value: Int8) throws { put(.int(Int64(value))) }
    func encode(_ value: Int16) throws { put(.int(Int64(value))) }
    func encode(_ value: Int32) throws { put(.int(Int64(value))) }
    func encode(_ value: Int64) throws { put(.int(value)) }
    func encode(_ value: UInt) throws { put(.int(try Self.exact(value))) }
    func encode(_ value: UInt8) throws { put(.int(Int64(value))) }
    func encode(_ value: UInt16) throws { put(.int(Int64(value))) }
    func encode(_ value: UInt32) throws { put(.int(Int64(value))) }
    func encode(_ value: UInt64) throws { put(.int(try Self.exact(value))) }
    func encode<T: Encodable>(_ value: T) throws { try encoder.store(value, in: encoder.node, key: nil) }

    static func exact<I: BinaryInteger>(_ value: I) throws -> Int64 {
        guard let exact = Int64(exactly: value) else { throw StoreError.coding("\(value) does not fit in 64 bits") }
        return exact
    }
}
