import Localization

/// An XML element as GPX and KML files hold them: its local name (the namespace prefix
/// dropped), attributes, child elements, its own text and the line it starts on.
public struct XMLTree: Equatable, Sendable {
    public var name: String
    public var attributes: [String: String]
    public var children: [XMLTree]
    public var text: String
    public var line: Int

    /// The first child called `name`.
    public func child(_ name: String) -> XMLTree? { children.first { $0.name == name } }

    /// The trimmed text of the first child called `name`, nil when absent or empty.
    public func text(of name: String) -> String? {
        guard let text = child(name)?.text.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else {
            return nil
        }
        return text
    }

    /// Every element below this one called `name`, in document order.
    public func descendants(_ name: String) -> [XMLTree] {
        children.flatMap { ($0.name == name ? [$0] : []) + $0.descendants(name) }
    }

    /// How deep elements may nest: GPX needs 4 levels and KML about 8.
    public static let maxDepth = 64

    /// Reads a whole document. A DOCTYPE is refused, so no entity can expand; a syntax
    /// error is `FavoritesError.badImportRow` at its line.
    public static func parse(_ text: String) throws -> XMLTree {
        var reader = Reader(bytes: LinedJSON.withoutByteOrderMark(Array(text.utf8)))
        try reader.skipMisc()
        guard reader.peek == UInt8(ascii: "<") else { throw reader.failure("expected an XML element") }
        let root = try reader.element()
        try reader.skipMisc()
        guard reader.index == reader.bytes.count else { throw reader.failure("unexpected text after the XML root") }
        return root
    }

    /// Where the reading is: the byte, its line, and how many elements are open.
    struct Reader {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var depth = 0

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        func failure(_ reason: String) -> FavoritesError { .badImportRow(line: line, reason: reason) }

        func starts(with text: String) -> Bool {
            let utf8 = Array(text.utf8)
            return bytes.count - index >= utf8.count && Array(bytes[index..<index + utf8.count]) == utf8
        }

        mutating func advance() {
            if bytes[index] == 0x0A { line += 1 }
            index += 1
        }

        /// Passes over everything up to and including `end`.
        mutating func skip(through end: String) throws {
            while index < bytes.count, !starts(with: end) { advance() }
            guard index < bytes.count else { throw failure("the XML ends inside a comment or declaration") }
            index += end.utf8.count
        }

        mutating func skipSpace() {
            while let byte = peek, [0x20, 0x09, 0x0A, 0x0D].contains(byte) { advance() }
        }

        /// Space, comments and processing instructions between elements.
        mutating func skipMisc() throws {
            while true {
                skipSpace()
                if starts(with: "<?") {
                    try skip(through: "?>")
                } else if starts(with: "<!--") {
                    try skip(through: "-->")
                } else if starts(with: "<!") {
                    throw failure("a DOCTYPE or declaration is not read in an XML import")
                } else {
                    return
                }
            }
        }

        mutating func name() throws -> String {
            let start = index
            while let byte = peek, !" \t\r\n/>=".utf8.contains(byte) { index += 1 }
            guard index > start else { throw failure("expected an XML name") }
            let full = String(decoding: bytes[start..<index], as: UTF8.self)
            return full.split(separator: ":").last.map(String.init) ?? full
        }

        mutating func element() throws -> XMLTree {
            depth += 1
            defer { depth -= 1 }
            guard depth <= XMLTree.maxDepth else {
                throw failure(tr(.importNestedTooDeeply, ["max": String(XMLTree.maxDepth)]))
            }
            let start = line
            index += 1
            let rawStart = index
            let name = try self.name()
            let qualified = String(decoding: bytes[rawStart..<index], as: UTF8.self)
            var element = XMLTree(name: name, attributes: [:], children: [], text: "", line: start)
            while true {
                skipSpace()
                guard let byte = peek else { throw failure("the XML ends inside a tag") }
                if starts(with: "/>") {
                    index += 2
                    return element
                }
                if byte == UInt8(ascii: ">") {
                    index += 1
                    break
                }
                let attribute = try self.name()
                skipSpace()
                guard peek == UInt8(ascii: "=") else { throw failure("expected '=' after an XML attribute") }
                index += 1
                skipSpace()
                element.attributes[attribute] = try quoted()
            }
            while true {
                guard index < bytes.count else { throw failure("the XML element <\(qualified)> is not closed") }
                if starts(with: "</") {
                    index += 2
                    let closing = String(
                        decoding: bytes[index..<min(index + qualified.utf8.count, bytes.count)], as: UTF8.self)
                    guard closing == qualified else { throw failure("expected </\(qualified)> in the XML") }
                    index += qualified.utf8.count
                    skipSpace()
                    guard peek == UInt8(ascii: ">") else { throw failure("expected '>' in the XML") }
                    index += 1
                    return element
                } else if starts(with: "<!--") {
                    try skip(through: "-->")
                } else if starts(with: "<![CDATA[") {
                    index += 9
                    let from = index
                    try skip(through: "]]>")
                    element.text += String(decoding: bytes[from..<index - 3], as: UTF8.self)
                } else if starts(with: "<?") {
                    try skip(through: "?>")
                } else if starts(with: "<!") {
                    throw failure("a DOCTYPE or declaration is not read in an XML import")
                } else if peek == UInt8(ascii: "<") {
                    element.children.append(try self.element())
                } else {
                    element.text += try characters(until: UInt8(ascii: "<"))
                }
            }
        }

        mutating func quoted() throws -> String {
            guard let quote = peek, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw failure("expected a quoted XML attribute value")
            }
            index += 1
            let value = try characters(until: quote)
            guard peek == quote else { throw failure("an XML attribute value is not closed") }
            index += 1
            return value
        }

        /// Text up to `stop` (not included), its entities decoded.
        mutating func characters(until stop: UInt8) throws -> String {
            var run: [UInt8] = []
            while let byte = peek, byte != stop {
                if byte == UInt8(ascii: "&") {
                    run += Array(try entity().utf8)
                } else {
                    run.append(byte)
                    advance()
                }
            }
            guard let text = String(validating: run, as: UTF8.self) else { throw failure("the XML is not UTF-8") }
            return text
        }

        mutating func entity() throws -> String {
            index += 1
            let start = index
            while let byte = peek, byte != UInt8(ascii: ";"), index - start < 12 { index += 1 }
            guard peek == UInt8(ascii: ";") else { throw failure("an XML entity is not closed") }
            let name = String(decoding: bytes[start..<index], as: UTF8.self)
            index += 1
            switch name {
            case "lt": return "<"
            case "gt": return ">"
            case "amp": return "&"
            case "quot": return "\""
            case "apos": return "'"
            default:
                let number =
                    name.hasPrefix("#x")
                    ? UInt32(name.dropFirst(2), radix: 16)
                    : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
                guard let number, let scalar = Unicode.Scalar(number) else {
                    throw failure("an unknown XML entity &\(name);")
                }
                return String(Character(scalar))
            }
        }
    }
}
