import Localization

/// RFC 4180 CSV: fields separated by commas, records by CRLF (LF and CR accepted when
/// reading); a field holding a comma, quote, CR or LF is quoted, with quotes doubled.
public enum CSVText {
    /// One record as a line ending in CRLF.
    public static func line(_ fields: [String]) -> String {
        fields.map(quoted).joined(separator: ",") + "\r\n"
    }

    /// A text cell a spreadsheet will not run: one starting with `=`, `+`, `-`, `@`, a tab or
    /// a CR (or a quote before one of those) gets a leading `'`, as OWASP's CSV injection
    /// guidance says; `unguarded` takes it off again when Tern reads the file back.
    public static func guarded(_ cell: String) -> String {
        needsGuard(Substring(cell)) ? "'" + cell : cell
    }

    /// A cell as it was before `guarded`.
    public static func unguarded(_ cell: String) -> String {
        cell.first == "'" && needsGuard(cell.dropFirst()) ? String(cell.dropFirst()) : cell
    }

    static func needsGuard(_ cell: Substring) -> Bool {
        guard let first = cell.unicodeScalars.first else { return false }
        if "=+-@\t\r".unicodeScalars.contains(first) { return true }
        return first == "'" && needsGuard(cell.dropFirst())
    }

    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A record and the line it starts on (the first line is 1).
    public struct Record: Equatable, Sendable {
        public var line: Int
        public var fields: [String]
    }

    /// The records of `text`; a quote left open, or text right after a closing quote, is
    /// an error naming the line of its record. Blank lines are skipped.
    public static func records(_ text: String) throws -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var inQuotes = false
        var wasQuoted = false
        var characters = Array(text.unicodeScalars.map(Character.init))
        if characters.first == "\u{FEFF}" { characters.removeFirst() }
        var index = 0
        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty && !wasQuoted) {
                records.append(Record(line: recordLine, fields: fields))
            }
            fields = []
            field = ""
            wasQuoted = false
        }
        while index < characters.count {
            let character = characters[index]
            index += 1
            if inQuotes {
                if character == "\"" {
                    if index < characters.count, characters[index] == "\"" {
                        field.append("\"")
                        index += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    if character == "\n"
                        || (character == "\r" && (index >= characters.count || characters[index] != "\n"))
                    {
                        line += 1
                    }
                    field.append(character)
                }
                continue
            }
            switch character {
            case ",":
                fields.append(field)
                field = ""
                wasQuoted = false
            case "\"" where field.isEmpty && !wasQuoted:
                inQuotes = true
                wasQuoted = true
            case "\r", "\n":
                if character == "\r", index < characters.count, characters[index] == "\n" { index += 1 }
                endRecord()
                line += 1
                recordLine = line
            default:
                if wasQuoted { throw FavoritesError.badImportRow(line: recordLine, reason: tr(.importTextAfterQuote)) }
                field.append(character)
            }
        }
        if inQuotes { throw FavoritesError.badImportRow(line: recordLine, reason: tr(.importQuoteNotClosed)) }
        if !field.isEmpty || !fields.isEmpty || wasQuoted { endRecord() }
        return records
    }
}
