import Foundation
import Localization
import Synchronization

extension PlaceImporter {
    /// The bytes read at a time: a file of any size is read through one buffer this large.
    static let chunkSize = 1 << 20

    /// The places of the file at `path` (a GeoNames dump, CSV, or GeoJSON), read a chunk at a
    /// time and handed to `add` one by one as they are read: neither the file's text nor its
    /// places are kept. A GeoJSON FeatureCollection is one JSON value, so it alone is read whole.
    static func read(
        path: String, countries: [String: String], regionsFile: String,
        progress: ((ImportProgress) -> Void)? = nil, add: (Place) throws -> Void
    ) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CatalogFile.FormatError(description: tr(.errorCatalogCannotRead, ["path": path]))
        }
        defer { close(descriptor) }
        var info = stat()
        let total = fstat(descriptor, &info) == 0 && info.st_size > 0 ? Int(info.st_size) : 0
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var done = 0
        func next() throws -> ArraySlice<UInt8> {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            guard count >= 0 else {
                throw CatalogFile.FormatError(description: tr(.errorCatalogCannotRead, ["path": path]))
            }
            done += count
            return buffer[0..<count]
        }
        var chunk = try next()
        var lines = LineSplitter()
        var count = 0
        func report() {
            progress?(ImportProgress(places: count, fraction: total > 0 ? min(1, Double(done) / Double(total)) : nil))
        }
        if isGeoJSON(path: path, chunk) {
            if GeoJSONPlaces.contains(chunk, Array("\"FeatureCollection\"".utf8)) {
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw CatalogFile.FormatError(description: tr(.errorCatalogCannotRead, ["path": path]))
                }
                try pointsOfInterest(GeoJSONPlaces.parse(data, countries: countries)).forEach(add)
                return
            }
            var reader = GeoJSONPlaces(countries: countries)
            while !chunk.isEmpty {
                try Interrupts.check()
                try lines.feed(chunk) { line, number in try reader.addLine(line, number: number) }
                progress?(
                    ImportProgress(
                        places: reader.places.count, fraction: total > 0 ? Double(done) / Double(total) : nil))
                chunk = try next()
            }
            try lines.finish { line, number in try reader.addLine(line, number: number) }
            try pointsOfInterest(reader).forEach(add)
            return
        }
        var rows = RowReader(countries: countries, regions: CatalogFile.readTable(path: regionsFile))
        func row(_ line: ArraySlice<UInt8>, _ number: Int) throws {
            if let place = try rows.add(line, number: number) {
                try add(place)
                count += 1
            }
        }
        while !chunk.isEmpty {
            try Interrupts.check()
            try lines.feed(chunk, row)
            report()
            chunk = try next()
        }
        try lines.finish(row)
        try rows.finish()
    }
}

extension CatalogFile {
    /// Writes the catalog file for `places` to `descriptor` a megabyte at a time (the text of a
    /// large catalog is never held whole); false when a write fails or `stop` says to stop.
    static func write(_ places: [Place], to descriptor: Int32, stop: () -> Bool = { false }) -> Bool {
        var pending: [UInt8] = []
        pending.reserveCapacity(PlaceImporter.chunkSize + 4096)
        func flush() -> Bool {
            let ok = pending.withUnsafeBytes { bytes -> Bool in
                var done = 0
                while done < bytes.count {
                    let count = Foundation.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
                    if count <= 0 { return false }
                    done += count
                }
                return true
            }
            pending.removeAll(keepingCapacity: true)
            return ok
        }
        pending.append(contentsOf: (header + "\n").utf8)
        for place in places {
            appendLine(for: place, to: &pending)
            if pending.count >= PlaceImporter.chunkSize {
                if stop() || !flush() { return false }
            }
        }
        return flush()
    }

    /// One place's line, with its newline.
    static func appendLine(for place: Place, to bytes: inout [UInt8]) {
        func field(_ text: String) {
            bytes.append(contentsOf: clean(text).utf8)
            bytes.append(0x09)
        }
        field(place.placeID)
        field(place.name)
        field(place.koreanName ?? "")
        field(place.countryName)
        field(place.regionName ?? "")
        field(String(place.latitude))
        field(String(place.longitude))
        field(String(place.population))
        field(place.timeZone)
        var first = true
        for alternate in place.alternateNames {
            let cleaned = clean(alternate)
            if cleaned.isEmpty { continue }
            if !first { bytes.append(0x7C) }
            bytes.append(contentsOf: cleaned.utf8)
            first = false
        }
        bytes.append(0x09)
        field(place.explicitAddress ?? "")
        bytes.append(contentsOf: clean(place.category ?? "").utf8)
        bytes.append(0x0A)
    }
}

/// Ctrl-C (SIGINT) and SIGTERM during an import: while `deferred` runs, they are noted
/// instead of ending the process, the work sees `requested()` and stops (removing what it had
/// begun to write), and the signal is raised again once the earlier handlers are back.
enum Interrupts {
    typealias Interrupted = ImportInterrupted

    /// The signal noted while deferred (0 for none).
    private static let noted = Atomic<Int32>(0)
    private static let depth = Mutex<Int>(0)

    /// A stop asked for by the caller rather than a signal (the tests' Ctrl-C, which a signal
    /// to the shared test process would deliver to every import running in it).
    @TaskLocal static var stop: (@Sendable () -> Bool)?

    static func requested() -> Bool { noted.load(ordering: .relaxed) != 0 || (stop?() ?? false) }

    /// Throws `Interrupted` when an interrupt was noted.
    static func check() throws {
        if requested() { throw Interrupted() }
    }

    /// Runs `body` with the signals noted; an interrupt that stopped it (`Interrupted`) is
    /// thrown as `ImportInterrupted` for the caller to report; one noted after it finished is
    /// raised again.
    static func deferred<T>(_ body: () throws -> T) throws -> T {
        let outermost = depth.withLock { depth -> Bool in
            depth += 1
            return depth == 1
        }
        var previous: [(Int32, (@convention(c) (Int32) -> Void)?)] = []
        if outermost {
            noted.store(0, ordering: .relaxed)
            for signal in [SIGINT, SIGTERM] {
                previous.append((signal, Foundation.signal(signal) { Interrupts.noted.store($0, ordering: .relaxed) }))
            }
        }
        var stopped = false
        defer {
            if outermost {
                for (signal, handler) in previous { _ = Foundation.signal(signal, handler) }
                let signal = noted.exchange(0, ordering: .relaxed)
                if signal != 0 && !stopped { raise(signal) }
            }
            depth.withLock { $0 -= 1 }
        }
        do {
            return try body()
        } catch let error as Interrupted {
            stopped = true
            throw error
        }
    }
}
