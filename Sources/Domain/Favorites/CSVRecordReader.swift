import Foundation
import Localization

/// The records of a CSV file read a chunk at a time, the same records `CSVText.records`
/// finds in the whole text (quotes, doubled quotes, CR, LF and CRLF, blank lines skipped, the
/// same errors with the same lines), so a file of any size costs one chunk and one record.
/// The separators are ASCII, which no byte of a longer UTF-8 sequence is, so the file is
/// read as bytes and each field decoded once whole; a field that is not UTF-8 is refused.
public struct CSVRecordReader {
    private let handle: FileHandle
    private let chunkSize: Int
    private var chunk: [UInt8] = []
    private var index = 0
    private var atEnd = false
    private var startedFile = false
    private var line = 1

    /// Opens `path` for reading, `chunkSize` bytes at a time; nil when it cannot be read.
    public init?(path: String, chunkSize: Int = 1 << 20) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        self.handle = handle
        self.chunkSize = max(1, chunkSize)
    }

    /// The next byte, nil at the end of the file.
    private mutating func peek() throws -> UInt8? {
        if index < chunk.count { return chunk[index] }
        guard !atEnd else { return nil }
        let data = try handle.read(upToCount: startedFile ? chunkSize : max(chunkSize, 3)) ?? Data()
        if data.isEmpty {
            atEnd = true
            try? handle.close()
            return nil
        }
        chunk = Array(data)
        index = 0
        if !startedFile {
            startedFile = true
            if chunk.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
            if index >= chunk.count { return try peek() }
        }
        return chunk[index]
    }

    private mutating func take() throws -> UInt8? {
        let byte = try peek()
        if byte != nil { index += 1 }
        return byte
    }

    /// The next record, nil after the last.
    public mutating func next() throws -> CSVText.Record? {
        var fields: [String] = []
        var field: [UInt8] = []
        var wasQuoted = false
        var inQuotes = false
        var recordLine = line
        func finishField() throws {
            guard let text = String(validating: field, as: UTF8.self) else {
                throw FavoritesError.badImportRow(line: recordLine, reason: tr(.importNotUTF8))
            }
            fields.append(text)
            field.removeAll(keepingCapacity: true)
        }
        while let byte = try take() {
            if inQuotes {
                if byte == Self.quote {
                    if try peek() == Self.quote {
                        field.append(byte)
                        index += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    if try byte == Self.lf || (byte == Self.cr && peek() != Self.lf) { line += 1 }
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case Self.comma:
                try finishField()
                wasQuoted = false
            case Self.quote where field.isEmpty && !wasQuoted:
                inQuotes = true
                wasQuoted = true
            case Self.cr, Self.lf:
                if byte == Self.cr, try peek() == Self.lf { index += 1 }
                line += 1
                try finishField()
                if fields.count == 1 && fields[0].isEmpty && !wasQuoted {  // a blank line
                    fields = []
                    recordLine = line
                    continue
                }
                return CSVText.Record(line: recordLine, fields: fields)
            default:
                if wasQuoted { throw FavoritesError.badImportRow(line: recordLine, reason: tr(.importTextAfterQuote)) }
                field.append(byte)
            }
        }
        if inQuotes { throw FavoritesError.badImportRow(line: recordLine, reason: tr(.importQuoteNotClosed)) }
        guard !field.isEmpty || !fields.isEmpty || wasQuoted else { return nil }
        try finishField()
        return CSVText.Record(line: recordLine, fields: fields)
    }

    private static let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ",")
    private static let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
}
