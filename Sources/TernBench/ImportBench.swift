import Foundation

/// The `import` section of `make bench`: `tern favorites import` of a CSV file of 100,000 and
/// of 1,000,000 rows into a new account, whole processes (spawn to exit) with their peak
/// resident memory, against the `sqlite3` command line's `.import` of the same file in the
/// same run (one table, no checks, no matching: the floor of putting the rows in SQLite).
/// `TERN_BENCH_TERN` names another `tern` binary to measure; `TERN_BENCH_ROWS`
/// (comma-separated) replaces the row counts.
enum ImportBench {
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
        let work = NSTemporaryDirectory() + "tern-import-bench-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: work) }
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        print("tern: \(tern); sqlite3: \(sqlite); whole processes, peak RSS from wait4's ru_maxrss")
        let asked = ProcessInfo.processInfo.environment["TERN_BENCH_ROWS"]
        let counts = asked.map { $0.split(separator: ",").compactMap { Int($0) } } ?? [100_000, 1_000_000]
        for rows in counts {
            let csv = work + "/rows-\(rows).csv"
            try writeCSV(rows: rows, to: csv)
            let data = work + "/data-\(rows)"
            let environment = ["TERN_DATA_DIR": data, "TERN_SESSION": data + "/session"]
            let register = try spawn(
                [
                    "/bin/sh", "-c", "printf 'correct horse battery\\n' | \"$1\" register --email bench@example.com",
                    "sh", tern,
                ], environment: environment)
            guard register.status == 0 else { throw BenchError("tern register failed in \(data)") }
            let ours = try spawn([tern, "favorites", "import", csv], environment: environment)
            guard ours.status == 0 else { throw BenchError("tern favorites import failed (\(ours.status))") }
            let theirs = try spawn([sqlite, work + "/baseline-\(rows).db", ".import --csv \(csv) places"])
            guard theirs.status == 0 else { throw BenchError("sqlite3 .import failed (\(theirs.status))") }
            let size = (try? FileManager.default.attributesOfItem(atPath: csv)[.size] as? Int) ?? 0
            print(
                SearchBench.pad("favorites import, \(rows) CSV rows (\(size / 1_048_576) MB)", 48)
                    + SearchBench.pad(String(format: "%.2f s, %.0f MB peak", ours.wall, ours.peakMegabytes), 24)
                    + "vs sqlite3 .import "
                    + SearchBench.pad(String(format: "%.2f s, %.0f MB peak", theirs.wall, theirs.peakMegabytes), 24)
                    + String(format: "%.1f× the time", ours.wall / theirs.wall))
        }
    }

    /// Rows of distinct names and points, the header of Tern's own CSV export first.
    static func writeCSV(rows: Int, to path: String) throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        guard let handle = FileHandle(forWritingAtPath: path) else { throw BenchError("cannot write \(path)") }
        defer { try? handle.close() }
        var text = "Name,Address,Latitude,Longitude,Description,URL\r\n"
        for index in 0..<rows {
            let latitude = 33 + Double(index % 50_000) / 10_000
            let longitude = 124 + Double(index / 50_000) / 10
            text += "Place \(index),\"Street \(index), Seoul\",\(latitude),\(longitude),memo \(index % 97),\r\n"
            if text.utf8.count >= 1 << 20 {
                try handle.write(contentsOf: Data(text.utf8))
                text = ""
            }
        }
        try handle.write(contentsOf: Data(text.utf8))
    }
}
