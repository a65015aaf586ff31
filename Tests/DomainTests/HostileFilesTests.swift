import DocStore
import Foundation
import PlaceCatalog
import Testing

@testable import Domain

/// Files made to break Tern (issue 26): spreadsheet formulas, deep nesting, long names, line
/// breaks of other systems, hostile config lines, and files far larger than anyone's.
@Suite struct HostileFilesTests {
    let fixture = ServiceFixture()

    func signedIn() throws -> (AppServices, Session) {
        let services = try fixture.open()
        return (services, try services.registered("hostile@example.com"))
    }

    static let header = "Name,Address,Latitude,Longitude,Description,URL\r\n"

    @Test func csvCellsThatStartAFormulaAreNeutralisedAndReadBackAsText() throws {
        let (services, session) = try signedIn()
        let names = ["=HYPERLINK(\"http://x\",\"y\")", "+cmd|' /C calc'!A0", "@SUM(A1)", "-2+3"]
        let csv =
            Self.header
            + names.enumerated().map { index, name in
                CSVText.line([name, "", "37.\(index + 1)", "127.0", "=1+1", ""])
            }.joined()
        let report = try services.favorites.importFavorites(
            try FavoritesImportFile.read(csv), into: nil, session: session)
        #expect(report.added == names.count)
        let exported = try FavoritesExport.text(
            try services.favorites.snapshot(session: session), folder: nil, format: .csv, home: seoulCityHall,
            encoder: JSONEncoder())
        let cells = try CSVText.records(exported).dropFirst().flatMap(\.fields)
        #expect(!cells.contains { cell in ["=", "+", "-", "@", "\t", "\r"].contains { cell.hasPrefix($0) } })
        #expect(exported.contains("'=HYPERLINK(") && exported.contains("'-2+3"))
        // Tern's own export gives back the text it was given.
        let again = try FavoritesImportFile.read(exported)
        #expect(Set(again.rows.map(\.name)) == Set(names))
        #expect(again.rows.allSatisfy { $0.memo == "=1+1" })
        #expect(CSVText.guarded("'=x") == "''=x" && CSVText.unguarded("''=x") == "'=x")
        #expect(CSVText.unguarded(CSVText.guarded("'plain")) == "'plain" && CSVText.guarded("'plain") == "'plain")
    }

    @Test(arguments: ["[", "{\"type\": \"FeatureCollection\", \"features\": "])
    func aFileNested50000DeepIsRefusedWithItsLine(prefix: String) {
        let text = prefix + "\n\n" + String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000)
        #expect {
            _ = try FavoritesImportFile.read(text)
        } throws: { error in
            guard case FavoritesError.badImportRow(let line, let reason) = error else { return false }
            return line == 3 && reason.contains("nested too deeply")
        }
    }

    @Test func foundationsDecoderRefusesDeepNestingWithoutCrashing() {
        let deep = Data((String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000)).utf8)
        #expect(throws: (any Error).self) { _ = try JSONDecoder().decode([String].self, from: deep) }
        #expect(throws: (any Error).self) { _ = try JSONSerialization.jsonObject(with: deep) }
    }

    @Test func anImportTakesTheLimitsOfEveryOtherWrite() throws {
        let (services, session) = try signedIn()
        for (name, address, reason) in [
            (String(repeating: "n", count: 1_000_000), "", "over 200 characters"),
            ("ok", String(repeating: "a", count: 301), "over 300 characters"),
        ] {
            let csv = Self.header + CSVText.line([name, address, "37.5", "127.0", "", ""])
            #expect {
                _ = try services.favorites.importFavorites(
                    try FavoritesImportFile.read(csv), into: nil, session: session)
            } throws: { error in
                guard case FavoritesError.badImportRow(2, let why) = error else { return false }
                return why.contains(reason)
            }
        }
        #expect(try services.favorites.list(session: session).isEmpty)
        let longest = Self.header + CSVText.line([String(repeating: "n", count: 200), "", "37.5", "127.0", "", ""])
        _ = try services.favorites.importFavorites(try FavoritesImportFile.read(longest), into: nil, session: session)
        #expect(try services.favorites.list(session: session).count == 1)
    }

    @Test func aQuotedMultiLineMemoWithCRLFIsAccepted() throws {
        // What Python's csv module writes.
        let csv = Self.header + "Cafe,,37.5,127.0,\"first line\r\nsecond line\",\r\n"
        let file = try FavoritesImportFile.read(csv)
        #expect(file.rows.map(\.memo) == ["first line\nsecond line"])
    }

    @Test func twentyThousandRowsImportInOneGo() throws {
        let (services, session) = try signedIn()
        let rows = (0..<20_000).map { index in
            CSVText.line(["Place \(index)", "Street \(index)", "\(30 + Double(index) / 1000)", "127.0", "", ""])
        }
        let started = Self.threadSeconds()
        let report = try services.favorites.importFavorites(
            try FavoritesImportFile.read(Self.header + rows.joined()), into: nil, session: session)
        #expect(report.added == 20_000)
        // The import's own processor time, which other work on a loaded machine does not
        // inflate as it does the wall clock: about 10 s in a debug build, 50 s when every row
        // was matched against every saved place.
        #expect(Self.threadSeconds() - started < 40)
    }

    /// The processor time this thread has used (the import runs on the caller's thread).
    static func threadSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// A file on disk of `rows` CSV rows, the header first.
    func csvFile(rows: Int) throws -> String {
        let path = fixture.root + "/import-\(rows).csv"
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        var text = Self.header
        for index in 0..<rows {
            text += CSVText.line(
                [
                    "Place \(index)", "Street \(index)", "\(30 + Double(index % 20_000) / 1000)",
                    "\(120 + index / 20_000)", "", "",
                ])
            if text.utf8.count > 1 << 16 {
                try handle.write(contentsOf: Data(text.utf8))
                text = ""
            }
        }
        try handle.write(contentsOf: Data(text.utf8))
        return path
    }

    @Test func aHundredThousandRowCSVStreamsInAndEveryRowIsThere() throws {
        let (services, session) = try signedIn()
        let path = try csvFile(rows: 100_000)
        let source = try #require(FavoritesImportSource.csv(path: path))
        let report = try services.favorites.importFavorites(source, into: nil, session: session)
        #expect(report.added == 100_000 && report.matched == 0 && report.skipped == 0)
        let saved = try services.favorites.list(session: session)
        #expect(saved.count == 100_000)
        #expect(Set(saved.map(\.placeName)).count == 100_000)
        #expect(saved.contains { $0.placeName == "Place 99999" && $0.address == "Street 99999" })
    }

    @Test func aStreamedFileImportedAgainMatchesEveryRowAcrossItsTransactions() throws {
        let (services, session) = try signedIn()
        let source = try #require(FavoritesImportSource.csv(path: try csvFile(rows: 2_500)))
        #expect(try services.favorites.importFavorites(source, into: nil, session: session).added == 2_500)
        // What an import stopped half way does when run again: the rows saved match themselves.
        let again = try services.favorites.importFavorites(source, into: nil, session: session)
        #expect(again.added == 0 && again.skipped == 2_500)
        #expect(try services.favorites.list(session: session).count == 2_500)
    }

    @Test func aBadRowFarIntoAStreamedFileImportsNothing() throws {
        let (services, session) = try signedIn()
        let path = try csvFile(rows: 3_000)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("Late,,91,127,,\r\n".utf8))
        try handle.close()
        let source = try #require(FavoritesImportSource.csv(path: path))
        #expect {
            _ = try services.favorites.importFavorites(source, into: nil, session: session)
        } throws: { error in
            guard case FavoritesError.badImportRow(3_002, _) = error else { return false }
            return true
        }
        #expect(try services.favorites.list(session: session).isEmpty)
    }

    @Test(arguments: [1, 2, 3, 7, 1 << 20])
    func theStreamedReaderFindsTheRecordsOfTheWholeText(chunkSize: Int) throws {
        let texts = [
            "\u{FEFF}Name,Memo\r\nA,\"two\r\nlines\"\r\n\r\n\nB,\"say \"\"hi\"\"\"\rC,\n\"\"\n한글,끝",
            "a,b\n\n\n", "\"x\"", "x,\"unclosed\n", "x,\"a\"b\n", "",
        ]
        for (number, text) in texts.enumerated() {
            let path = fixture.root + "/records-\(number).csv"
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            var reader = try #require(CSVRecordReader(path: path, chunkSize: chunkSize))
            let streamed = Result { () throws -> [CSVText.Record] in
                var records: [CSVText.Record] = []
                while let record = try reader.next() { records.append(record) }
                return records
            }
            let whole = Result { try CSVText.records(text) }
            switch (streamed, whole) {
            case (.success(let a), .success(let b)): #expect(a == b, "text \(number)")
            case (.failure(let a as FavoritesError), .failure(let b as FavoritesError)):
                #expect(a == b, "text \(number)")
            default: Issue.record("text \(number): \(streamed) against \(whole)")
            }
        }
    }

    @Test func aNulInAConfigLineIsRefusedWithItsLine() {
        #expect(
            throws: ConfigError(
                file: "cfg", line: 2, reason: "a control character (NUL, escape or the like) in the line")
        ) {
            try Config.parse("home = 37.5,127.0\nstore = x\u{0}.db\n", file: "cfg")
        }
    }

    @Test func twoMillionBlankLinesParseAndLineNumbersStayRight() throws {
        let blank = String(repeating: "\n", count: 2_000_000)
        let started = Date()
        #expect(try Config.parse(blank + "home = 35.1,129.0\n", file: "cfg").home.latitude == 35.1)
        #expect(Date().timeIntervalSince(started) < 8)
        #expect(throws: ConfigError(file: "cfg", line: 4, reason: "expected key = value")) {
            try Config.parse("\r\n \t\r\rnonsense\n", file: "cfg")
        }
    }
}
