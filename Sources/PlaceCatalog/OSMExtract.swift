import Foundation
import Localization

/// OpenStreetMap extracts (`.osm.pbf`, `.osm`, and their compressed forms), read through
/// osmium-tool: `osmium export` turns every tagged node, way and area into a GeoJSON feature
/// (ways and areas with their geometry, so a centre can be taken), one per line, and
/// `GeoJSONPlaces` keeps the named points of interest as it reads the lines (see
/// docs/decisions/0013-openstreetmap-reading.md).
enum OSMExtract {
    /// The file names osmium reads (by their ending).
    static let endings = [".osm.pbf", ".pbf", ".osm", ".osm.bz2", ".osm.gz", ".osc", ".opl"]

    static func isExtract(_ path: String) -> Bool {
        let lower = path.lowercased()
        return endings.contains { lower.hasSuffix($0) }
    }

    /// The program to run: `$TERN_OSMIUM`, or `osmium` on the PATH.
    static var program: String { ProcessInfo.processInfo.environment["TERN_OSMIUM"] ?? "osmium" }

    /// The places of the extract at `path`; the whole extract or, when osmium cannot read it
    /// (truncated, malformed), a rejection with osmium's reason (its XML line, or the PBF error).
    /// `progress` is told the count of places kept so far and how much of the extract osmium
    /// has read, after each megabyte of its output.
    static func read(
        _ path: String, countries: [String: String], progress: ((ImportProgress) -> Void)? = nil
    ) throws -> GeoJSONPlaces {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            // A file named like an option is passed as a path (`./-x.osm`), never read as one.
            program, "export", path.hasPrefix("-") ? "./" + path : path, "--output-format=geojsonseq",
            "--add-unique-id=type_id",
            "--format-option=print_record_separator=false", "--output=-", "--no-progress",
        ]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw PlaceImporter.Rejection(line: 0, problem: tr(.placeImportNoOsmium, ["program": program]))
        }
        // Its messages are read on their own thread, so a chatty osmium cannot fill the pipe and stall.
        let message = ErrorText()
        let reading = Thread { message.read(errors.fileHandleForReading) }
        reading.start()
        var reader = GeoJSONPlaces(countries: countries)
        reader.skipsUnnamed = true
        let position = ReadPosition(process: process.processIdentifier, path: path)
        var lines = LineSplitter()
        var failure: Error?
        do {
            while true {
                let chunk = output.fileHandleForReading.readData(ofLength: 1 << 20)
                if chunk.isEmpty { break }
                try Interrupts.check()
                try lines.feed(chunk) { line, number in try reader.addLine(line, number: number) }
                if let progress {
                    progress(ImportProgress(places: reader.places.count, fraction: position.fraction()))
                }
            }
            try lines.finish { line, number in try reader.addLine(line, number: number) }
        } catch {
            failure = error
            process.terminate()
        }
        process.waitUntilExit()
        message.wait()
        // Ctrl-C reaches osmium too (one process group): its end is the interrupt's, not a bad file.
        try Interrupts.check()
        if process.terminationReason == .exit && process.terminationStatus == 127 {
            throw PlaceImporter.Rejection(line: 0, problem: tr(.placeImportNoOsmium, ["program": program]))
        }
        if process.terminationStatus != 0 || process.terminationReason != .exit {
            let reason =
                message.text.split(separator: "\n").last.map(String.init) ?? "exit \(process.terminationStatus)"
            throw PlaceImporter.Rejection(line: 0, problem: tr(.placeImportExtractUnreadable, ["reason": reason]))
        }
        if let failure { throw failure }
        return reader
    }
}

/// How far a child process has read a file: the offset of its descriptor for it over the
/// file's size (Linux's `/proc/PID/fdinfo`); `nil` where that cannot be seen.
final class ReadPosition {
    let process: Int32
    let target: String?
    let size: Int
    private var descriptor: String?

    init(process: Int32, path: String) {
        self.process = process
        target = realpath(path, nil).map { real in
            defer { free(real) }
            return String(cString: real)
        }
        var info = stat()
        size = stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    func fraction() -> Double? {
        guard let target, size > 0 else { return nil }
        if descriptor == nil {
            let folder = "/proc/\(process)/fd"
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            descriptor = entries.first {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0)) == target
            }
        }
        guard let descriptor,
            let text = try? String(contentsOfFile: "/proc/\(process)/fdinfo/\(descriptor)", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("pos:") }),
            let offset = Int(line.dropFirst(4).trimmingCharacters(in: .whitespaces))
        else { return nil }
        return min(1, Double(offset) / Double(size))
    }
}

/// A child's standard error, read to its end on another thread.
private final class ErrorText: @unchecked Sendable {
    // @unchecked: `text` is written by the reading thread before `done` is signalled, and read after waiting.
    private(set) var text = ""
    private let done = DispatchSemaphore(value: 0)

    func read(_ handle: FileHandle) {
        text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        done.signal()
    }

    func wait() {
        done.wait()
        done.signal()
    }
}
