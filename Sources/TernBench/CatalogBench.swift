import Foundation
import PlaceCatalog

/// The `catalog` section of `make bench` (issue 31): catalogs of 234,908 (GeoNames' cities500,
/// the shipped catalog's size), 1,000,000 and 10,000,000 places, made by repeating cities500's
/// rows with numbered names (`Seoul 7`, `서울 7`), each imported by `tern places import` into
/// a new data directory and set against `sqlite3` building an FTS5 trigram table of the same
/// names in the same run: import time and peak memory, the image's size against the
/// database's, whole-process searches of three characters or more against the CLI's MATCH,
/// and one-character and Hangul-initial searches against the target for them.
/// `TERN_BENCH_SIZES` (comma-separated) replaces the sizes.
enum CatalogBench {
    static let longQueries = ["seoul", "berlin", "ville", "springfield", "서울특별시"]
    static let shortQueries = ["s", "b", "ㅅㅇ", "ㄷㅋ", "ㅂㅅ"]

    static func run() throws {
        let root = FileManager.default.currentDirectoryPath
        let environment = ProcessInfo.processInfo.environment
        let tern = environment["TERN_BENCH_TERN"] ?? root + "/.build/release/tern"
        guard FileManager.default.isExecutableFile(atPath: tern) else {
            throw BenchError("\(tern) missing (make bench builds it)")
        }
        let sqlite = "/usr/bin/sqlite3"
        guard FileManager.default.isExecutableFile(atPath: sqlite) else { throw BenchError("sqlite3 missing") }
        let dump = root + "/.bench-cache/cities500.txt"
        if !FileManager.default.fileExists(atPath: dump) {
            try FileManager.default.createDirectory(atPath: root + "/.bench-cache", withIntermediateDirectories: true)
            try spawn(["/bin/sh", "-c", "python3 \"$1\" > \"$2\"", "sh", root + "/scripts/geonames-dump.py", dump])
        }
        let sizes =
            environment["TERN_BENCH_SIZES"].map { $0.split(separator: ",").compactMap { Int($0) } }
            ?? [234_908, 1_000_000, 10_000_000]
        let work = environment["TERN_BENCH_WORK"] ?? NSTemporaryDirectory() + "tern-catalog-bench-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: work) }
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let resources = root + "/Resources"
        let base = try PlaceImporter.parse(Data(contentsOf: URL(fileURLWithPath: dump)))
        let lines = try String(contentsOfFile: dump, encoding: .utf8).split(separator: "\n").map(String.init)
        print("tern: \(tern); whole processes, stdout to /dev/null; base rows \(base.count) from \(dump)")
        for size in sizes {
            print("")
            print("\(size) places:")
            let input = work + "/places-\(size).txt"
            let names = work + "/names-\(size).ascii"
            try writeRows(size, base: base, lines: lines, input: input, names: names)
            let data = work + "/data-\(size)"
            let ternEnvironment = ["TERN_DATA_DIR": data, "TERN_RESOURCES": resources]
            let imported = try spawn([tern, "places", "import", input], environment: ternEnvironment)
            guard imported.status == 0 else { throw BenchError("tern places import failed at \(size)") }
            let database = work + "/fts-\(size).db"
            let fts = try buildFTS(names: names, database: database, sqlite: sqlite, work: work)
            try? FileManager.default.removeItem(atPath: input)
            try? FileManager.default.removeItem(atPath: names)
            let image = ProcessBench.catalogImages(data: data, resources: resources)
            let databaseSize = ProcessBench.fileSize(database)
            print(
                "  " + pad("import: time", 40) + pad(ms(imported.wall), 14) + "FTS5 build " + pad(ms(fts.wall), 14)
                    + String(format: "%.2f× ", imported.wall / fts.wall) + "target ≤ 1× "
                    + ProcessBench.verdict(imported.wall <= fts.wall))
            print(
                "  " + pad("import: peak resident memory", 40)
                    + pad(String(format: "%.0f MB", imported.peakMegabytes), 14) + "FTS5 build "
                    + pad(String(format: "%.0f MB", fts.peakMegabytes), 14) + "target ≤ 1536 MB "
                    + ProcessBench.verdict(imported.peakMegabytes <= 1536))
            print(
                "  " + pad("image size", 40) + pad(String(format: "%.0f MB", image), 14) + "FTS5 db    "
                    + pad(String(format: "%.0f MB", databaseSize), 14)
                    + String(format: "%.2f× ", image / databaseSize) + "target ≤ 2× "
                    + ProcessBench.verdict(image <= 2 * databaseSize))
            // The first search maps the image; the measured ones find it in the page cache.
            try spawn([tern, "places", "search", "x"], environment: ternEnvironment)
            var ours: [Double] = []
            var theirs: [Double] = []
            for query in longQueries {
                let pair = ProcessBench.interleaved(
                    5, [tern, "places", "search", query, "--limit", "20"],
                    [sqlite, database, FTSDatabase.query(query)], environment: ternEnvironment)
                ours += pair.ours.samples
                theirs += pair.theirs.samples
            }
            let o = Timings(ours).p50
            let t = Timings(theirs).p50
            print(
                "  " + pad("search, 3+ characters (median)", 40) + pad(ms(o), 14) + "sqlite3    " + pad(ms(t), 14)
                    + String(format: "%.2f× ", o / t) + "target ≤ 1× " + ProcessBench.verdict(o <= t))
            for query in shortQueries {
                let samples = (0..<5).map { _ in
                    (try? spawn([tern, "places", "search", query, "--limit", "20"], environment: ternEnvironment).wall)
                        ?? .infinity
                }
                let median = Timings(samples).p50
                print(
                    "  " + pad("search \(query) (median of 5)", 40) + pad(ms(median), 14) + pad("", 25)
                        + "target ≤ 50 ms " + ProcessBench.verdict(median <= 0.05))
            }
            try? FileManager.default.removeItem(atPath: data)
            try? FileManager.default.removeItem(atPath: database)
        }
    }

    /// Writes `size` GeoNames rows to `input`: cities500's rows, then copies numbered 1, 2, …
    /// (name, Korean name and three alternates, each with ` n` added; ids moved past
    /// GeoNames' own), and to `names` the distinct normalised names of each place as the
    /// FTS5 baseline's rows (ASCII unit and record separators, for the CLI's `.import`).
    static func writeRows(_ size: Int, base: [Place], lines: [String], input: String, names: String) throws {
        guard let rows = OutputFile(input), let ftsRows = OutputFile(names) else {
            throw BenchError("cannot write \(input)")
        }
        let normalized = base.map { place in Array(Set(place.allNames.map(TextNormalizer.normalize))) }
        let shortNormalized = base.map { place in
            Array(
                Set(
                    ([place.name] + (place.koreanName.map { [$0] } ?? []) + place.alternateNames.prefix(3)).map(
                        TextNormalizer.normalize)))
        }
        var written = 0
        var copy = 0
        while written < size {
            for (index, place) in base.enumerated() where written < size {
                if copy == 0 {
                    rows.append(lines[index])
                    for name in normalized[index] where !name.isEmpty {
                        ftsRows.append(name + "\u{1F}\(written)\u{1E}")
                    }
                } else {
                    let suffix = " \(copy)"
                    var fields = lines[index].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                    fields[0] = String(UInt64(fields[0])! + UInt64(copy) * 100_000_000)
                    fields[1] = place.name + suffix
                    fields[2] = place.name + suffix
                    fields[3] = ((place.koreanName.map { [$0] } ?? []) + place.alternateNames.prefix(3))
                        .map { $0 + suffix }.joined(separator: ",")
                    rows.append(fields.joined(separator: "\t"))
                    for name in shortNormalized[index] where !name.isEmpty {
                        ftsRows.append(name + suffix + "\u{1F}\(written)\u{1E}")
                    }
                }
                rows.append("\n")
                written += 1
            }
            copy += 1
        }
        guard rows.close(), ftsRows.close() else { throw BenchError("cannot write \(input)") }
    }

    /// The FTS5 trigram table of the rows in `names`, built by the sqlite3 CLI (time, peak memory).
    static func buildFTS(names: String, database: String, sqlite: String, work: String) throws -> SpawnResult {
        let script = work + "/build-fts.sql"
        try """
        CREATE TABLE staging(name TEXT, place INTEGER);
        .mode ascii
        .import \(names) staging
        CREATE VIRTUAL TABLE names USING fts5(name, place UNINDEXED, tokenize = 'trigram');
        INSERT INTO names SELECT name, place FROM staging;
        DROP TABLE staging;
        VACUUM;

        """.write(toFile: script, atomically: true, encoding: .utf8)
        try? FileManager.default.removeItem(atPath: database)
        let result = try spawn(["/bin/sh", "-c", "\"$1\" \"$2\" < \"$3\"", "sh", sqlite, database, script])
        guard result.status == 0 else { throw BenchError("sqlite3 could not build \(database)") }
        return result
    }

    static func pad(_ text: String, _ width: Int) -> String { SearchBench.pad(text, width) }
}

/// A file written through a megabyte buffer.
final class OutputFile {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var failed = false

    init?(_ path: String) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if descriptor < 0 { return nil }
        buffer.reserveCapacity(1 << 20)
    }

    func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 20 { flush() }
    }

    private func flush() {
        buffer.withUnsafeBytes { bytes in
            var done = 0
            while done < bytes.count {
                let count = write(descriptor, bytes.baseAddress! + done, bytes.count - done)
                if count <= 0 {
                    failed = true
                    return
                }
                done += count
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    func close() -> Bool {
        flush()
        return Glibc.close(descriptor) == 0 && !failed
    }
}
