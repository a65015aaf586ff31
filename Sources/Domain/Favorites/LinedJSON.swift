import Foundation
import Localization

/// A JSON value that remembers the line it starts on, so an import can name the line of
/// its first bad row (Foundation's parser keeps no positions).
public indirect enum LinedJSON: Equatable, Sendable {
    case null(line: Int)
    case bool(Bool, line: Int)
    case number(Double, line: Int)
    case string(String, line: Int)
    case array([LinedJSON], line: Int)
    case object([String: LinedJSON], line: Int)

    public var line: Int {
        switch self {
        case .null(let line), .bool(_, let line), .number(_, let line), .string(_, let line),
            .array(_, let line), .object(_, let line):
            return line
        }
    }

    public subscript(key: String) -> LinedJSON? {
        if case .object(let fields, _) = self { return fields[key] }
        return nil
    }

    public var string: String? {
        if case .string(let value, _) = self { return value }
        return nil
    }
    public var bool: Bool? {
        if case .bool(let value, _) = self { return value }
        return nil
    }
    public var number: Double? {
        if case .number(let value, _) = self { return value }
        return nil
    }
    public var array: [LinedJSON]? {
        if case .array(let value, _) = self { return value }
        return nil
    }
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Parses a whole JSON text; a syntax error is `FavoritesError.badImportRow` at its line.
    public static func parse(_ text: String) throws -> LinedJSON {
        var parser = Parser(bytes: Array(text.utf8))
        parser.skipSpace()
        let value = try parser.value()
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw parser.failure("unexpected text after the JSON value") }
        return value
    }

    /// A file's bytes without the UTF-8 byte-order mark some editors put first.
    static func withoutByteOrderMark(_ bytes: [UInt8]) -> [UInt8] {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }

    /// How deep arrays and objects may nest: a favorites file needs 6 levels, and a limit
    /// keeps a hostile file from exhausting the stack.
    public static let maxDepth = 64

    struct Parser {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var depth = 0

        init(bytes: [UInt8]) {
            self.bytes = LinedJSON.withoutByteOrderMark(bytes)
        }

        func failure(_ reason: String) -> FavoritesError { .badImportRow(line: line, reason: reason) }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                if bytes[index] == 0x0A { line += 1 }
                index += 1
            }
        }

        mutating func expect(_ byte: UInt8) throws {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else {
                throw failure("expected '\(Character(Unicode.Scalar(byte)))' in the JSON")
            }
            index += 1
        }

        mutating func value() throws -> LinedJSON {
            skipSpace()
            guard index < bytes.count else { throw failure("the JSON ends too early") }
            let start = line
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                defer { depth -= 1 }
                guard depth <= LinedJSON.maxDepth else {
                    throw failure(tr(.importNestedTooDeeply, ["max": String(LinedJSON.maxDepth)]))
                }
                return bytes[index] == UInt8(ascii: "{") ? try object(start: start) : try array(start: start)
            case UInt8(ascii: "\""):
                return .string(try string(), line: start)
            case UInt8(ascii: "t"):
                try word("true")
                return .bool(true, line: start)
            case UInt8(ascii: "f"):
                try word("false")
                return .bool(false, line: start)
            case UInt8(ascii: "n"):
                try word("null")
                return .null(line: start)
            default:
                return .number(try number(), line: start)
            }
        }

        mutating func object(start: Int) throws -> LinedJSON {
            index += 1
            var fields: [String: LinedJSON] = [:]
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(fields, line: start)
            }
            repeat {
                skipSpace()
                guard case .string(let key, _) = try value() else {
                    throw failure("expected a field name in the JSON")
                }
                try expect(UInt8(ascii: ":"))
                fields[key] = try value()
                skipSpace()
            } while try more(closing: UInt8(ascii: "}"))
            return .object(fields, line: start)
        }

        mutating func array(start: Int) throws -> LinedJSON {
            index += 1
            var items: [LinedJSON] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items, line: start)
            }
            repeat {
                items.append(try value())
                skipSpace()
            } while try more(closing: UInt8(ascii: "]"))
            return .array(items, line: start)
        }

        /// After an element: true at a comma, false at the closing bracket.
        mutating func more(closing: UInt8) throws -> Bool {
            guard index < bytes.count else { throw failure("the JSON ends too early") }
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: ",") { return true }
            if byte == closing { return false }
            throw failure("expected ',' or '\(Character(Unicode.Scalar(closing)))' in the JSON")
        }

        mutating func word(_ word: String) throws {
            let utf8 = Array(word.utf8)
            guard bytes.count - index >= utf8.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
                throw failure("unexpected text in the JSON")
            }
            index += utf8.count
        }

        mutating func number() throws -> Double {
            let start = index
            while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
            guard let text = String(bytes: bytes[start..<index], encoding: .utf8), !text.isEmpty,
                let value = Double(text), value.isFinite
            else { throw failure("unexpected text in the JSON") }
            return value
        }

        mutating func string() throws -> String {
            index += 1
            var scalars = String.UnicodeScalarView()
            var run: [UInt8] = []
            func flush() throws {
                guard !run.isEmpty else { return }
                guard let text = String(bytes: run, encoding: .utf8) else {
                    throw failure("a JSON string is not UTF-8")
                }
                scalars.append(contentsOf: text.unicodeScalars)
                run = []
            }
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    try flush()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    try flush()
                    guard index < bytes.count else { break }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "b"): scalars.append("\u{8}")
                    case UInt8(ascii: "f"): scalars.append("\u{C}")
                    case UInt8(ascii: "u"): scalars.append(try unicodeEscape())
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                        scalars.append(Unicode.Scalar(escape))
                    default: throw failure("a bad escape in a JSON string")
                    }
                case 0x00..<0x20:
                    throw failure("a control character in a JSON string")
                default:
                    run.append(byte)
                }
            }
            throw failure("a JSON string is not closed")
        }

        mutating func unicodeEscape() throws -> Unicode.Scalar {
            let high = try hex4()
            if (0xD800..<0xDC00).contains(high), bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                bytes[index + 1] == UInt8(ascii: "u")
            {
                index += 2
                let low = try hex4()
                if (0xDC00..<0xE000).contains(low),
                    let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                {
                    return scalar
                }
            }
            guard let scalar = Unicode.Scalar(high) else { throw failure("a bad \\u escape in a JSON string") }
            return scalar
        }

        mutating func hex4() throws -> UInt32 {
            guard bytes.count - index >= 4, let text = String(bytes: bytes[index..<index + 4], encoding: .ascii),
                let value = UInt32(text, radix: 16)
            else { throw failure("a bad \\u escape in a JSON string") }
            index += 4
            return value
        }
    }
}
