import Foundation

/// Converts document fields to and from the JSON text kept in the backend, keeping the
/// three number kinds apart: an integer is written `7`, a double always with a `.` or `e`
/// (`7.0`, `1e+20`), and a timestamp as seconds since 1970 with a capital `E`
/// (`1700000000.25E0`). SQL sees all three as numbers, so `json_extract` orders them
/// correctly without decoding documents in Swift.
enum StorageJSON {
    static func encode(_ fields: [String: FieldValue]) throws -> String {
        var out = ""
        out.reserveCapacity(128)
        try write(.map(fields), into: &out)
        return out
    }

    static func encodeValue(_ value: FieldValue) throws -> String {
        var out = ""
        try write(value, into: &out)
        return out
    }

    /// The most a stored document may nest (maps and arrays inside each other) and weigh:
    /// anything deeper or larger is refused before it is parsed, so that no document a
    /// server hands over can exhaust the stack or the memory of a client reading it.
    static let maximumDepth = 32
    static let maximumBytes = 1 << 20

    static func decode(_ text: String) throws -> [String: FieldValue] {
        guard text.utf8.count <= maximumBytes else {
            throw StoreError.coding("stored document of \(text.utf8.count) bytes is over the limit of \(maximumBytes)")
        }
        var parser = Parser(bytes: Array(text.utf8))
        guard case .map(let fields) = try parser.parseDocument() else {
            throw StoreError.coding("stored document is not an object")
        }
        return fields
    }

    /// The fields of a stored document; none when its text cannot be read (too deep, too
    /// large, not JSON: written around the store by someone else), so that one such
    /// document costs its readers only itself, never the whole query. Its readers' decoding
    /// then leaves it out with a notice (a document of no fields fits no model).
    static func readable(_ text: String) -> [String: FieldValue] {
        (try? decode(text)) ?? [:]
    }

    /// One value as a database renders it (an element or a field read out of a document).
    static func decodeValue(_ text: String) throws -> FieldValue {
        guard text.utf8.count <= maximumBytes else {
            throw StoreError.coding("stored value of \(text.utf8.count) bytes is over the limit of \(maximumBytes)")
        }
        var parser = Parser(bytes: Array(text.utf8))
        return try parser.parseDocument()
    }

    /// Seconds since 1970 as stored for a timestamp (also used to compare in SQL).
    static func seconds(_ date: Date) -> Double { date.timeIntervalSince1970 }

    private static func write(_ value: FieldValue, into out: inout String) throws {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d):
            guard d.isFinite else { throw StoreError.invalidArgument("cannot store the non-finite number \(d)") }
            out += d.description
        case .timestamp(let date):
            let s = seconds(date)
            guard s.isFinite else { throw StoreError.invalidArgument("cannot store the date \(date)") }
            let text = s.description
            out += text.contains("e") ? text.replacingOccurrences(of: "e", with: "E") : text + "E0"
        case .string(let s): writeString(s, into: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                try write(item, into: &out)
            }
            out += "]"
        case .map(let fields):
            out += "{"
            for (i, key) in fields.keys.sorted().enumerated() {
                if i > 0 { out += "," }
                writeString(key, into: &out)
                out += ":"
                try write(fields[key] ?? .null, into: &out)
            }
            out += "}"
        }
    }

    private static func writeString(_ s: String, into out: inout String) {
        out += "\""
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += s
            out += "\""
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0
        var depth = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func parseDocument() throws -> FieldValue {
            let value = try parseValue()
            skipSpace()
            guard index == bytes.count else { throw fail("trailing characters") }
            return value
        }

        func fail(_ what: String) -> StoreError { .coding("stored JSON: \(what) at byte \(index)") }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        mutating func expect(_ literal: String) throws {
            let lit = Array(literal.utf8)
            guard index + lit.count <= bytes.count, Array(bytes[index..<index + lit.count]) == lit else {
                throw fail("expected \(literal)")
            }
            index += lit.count
        }

        mutating func parseValue() throws -> FieldValue {
            skipSpace()
            guard index < bytes.count else { throw fail("unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "n"):
                try expect("null")
                return .null
            case UInt8(ascii: "t"):
                try expect("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try expect("false")
                return .bool(false)
            case UInt8(ascii: "\""): return .string(try parseString())
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                guard depth < StorageJSON.maximumDepth else {
                    throw fail("nested deeper than \(StorageJSON.maximumDepth)")
                }
                depth += 1
                defer { depth -= 1 }
                return bytes[index] == UInt8(ascii: "[") ? try parseArray() : try parseObject()
            default: return try parseNumber()
            }
        }

        mutating func parseArray() throws -> FieldValue {
            index += 1
            var items: [FieldValue] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            while true {
                items.append(try parseValue())
                skipSpace()
                guard index < bytes.count else { throw fail("unterminated array") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(items)
                }
                throw fail("expected , or ]")
            }
        }

        mutating func parseObject() throws -> FieldValue {
            index += 1
            var fields: [String: FieldValue] = [:]
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .map(fields)
            }
            while true {
                skipSpace()
                let key = try parseString()
                skipSpace()
                try expect(":")
                fields[key] = try parseValue()
                skipSpace()
                guard index < bytes.count else { throw fail("unterminated object") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .map(fields)
                }
                throw fail("expected , or }")
            }
        }

        mutating func parseNumber() throws -> FieldValue {
            let start = index
            var isTimestamp = false
            var isDouble = false
            while index < bytes.count {
                let b = bytes[index]
                if b == UInt8(ascii: "E") {
                    isTimestamp = true
                } else if b == UInt8(ascii: ".") || b == UInt8(ascii: "e") {
                    isDouble = true
                } else if !(b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || (b >= 0x30 && b <= 0x39)) {
                    break
                }
                index += 1
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if isTimestamp, let s = Double(text) { return .timestamp(Date(timeIntervalSince1970: s)) }
            if isDouble, let d = Double(text) { return .double(d) }
            if let i = Int64(text) { return .int(i) }
            if let d = Double(text) { return .double(d) }
            throw fail("bad number \(text)")
        }

        mutating func parseString() throws -> String {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected string") }
            index += 1
            var raw: [UInt8] = []
            while index < bytes.count {
                let b = bytes[index]
                index += 1
                if b == UInt8(ascii: "\"") { return String(decoding: raw, as: UTF8.self) }
                guard b == UInt8(ascii: "\\") else {
                    raw.append(b)
                    continue
                }
                guard index < bytes.count else { break }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "n"): raw.append(0x0A)
                case UInt8(ascii: "r"): raw.append(0x0D)
                case UInt8(ascii: "t"): raw.append(0x09)
                case UInt8(ascii: "b"): raw.append(0x08)
                case UInt8(ascii: "f"): raw.append(0x0C)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\") {
                        index += 2
                        let low = try hex4()
                        if (0xDC00..<0xE000).contains(low) {
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            // A high surrogate without its low half: U+FFFD, then the next escape.
                            raw.append(contentsOf: Array("\u{FFFD}".utf8))
                            code = low
                        }
                    }
                    let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                    raw.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: raw.append(e)
                }
            }
            throw fail("unterminated string")
        }

        mutating func hex4() throws -> UInt32 {
            guard index + 4 <= bytes.count,
                let v = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
            else { throw fail("bad \\u escape") }
            index += 4
            return v
        }
    }
}

extension FieldValue {
    /// The JSON text the store keeps for this value (for a map: a document), as a server
    /// function that receives a document takes it.
    public func jsonText() throws -> String { try StorageJSON.encodeValue(self) }
}
