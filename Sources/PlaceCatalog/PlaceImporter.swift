import Foundation
import Localization
import PlainText

/// Reads files people import: the official GeoNames dump (tab-separated, 19 columns, no
/// header: cities500.txt, allCountries.txt) or CSV with a header naming `name`, `latitude`,
/// `longitude` and optionally `address`. Any malformed line rejects the whole file.
public enum PlaceImporter {
    /// Why a file was rejected: the line (the header is line 1; 0 when the problem is the
    /// whole file's, such as an extract osmium cannot read) and the problem.
    public struct Rejection: Error, CustomStringConvertible, Equatable {
        public let line: Int
        public let problem: String
        public var description: String {
            line == 0 ? problem : tr(.errorImportLine, ["line": String(line), "problem": problem])
        }
    }

    /// Parses `data`; `countries` maps ISO codes to names, `regions` `CC.admin1` to names.
    public static func parse(
        _ data: Data, countries: [String: String] = [:],
        regions: [String: String] = [:]
    ) throws -> [Place] {
        var rows = RowReader(countries: countries, regions: regions)
        var places: [Place] = []
        var lines = LineSplitter()
        try lines.feed(data) { line, number in
            if let place = try rows.add(line, number: number) { places.append(place) }
        }
        try lines.finish { line, number in if let place = try rows.add(line, number: number) { places.append(place) } }
        try rows.finish()
        return places
    }

    /// Reads a GeoNames dump or a CSV file one line at a time (the first line tells which), so
    /// a file of any size is read without holding it: each line becomes a place or a rejection.
    struct RowReader {
        enum Format {
            case unknown
            case geoNames
            case csv(columns: Int, name: Int, latitude: Int, longitude: Int, address: Int?)
        }

        let countries: [String: String]
        let regions: [String: String]
        private(set) var format = Format.unknown
        private var sawLine = false
        private var sawEmptyFirstLine = false

        init(countries: [String: String], regions: [String: String]) {
            self.countries = countries
            self.regions = regions
        }

        /// The place on line `number` (the header is no place).
        mutating func add(_ bytes: ArraySlice<UInt8>, number: Int) throws -> Place? {
            var slice = bytes
            if slice.last == 0x0D { slice = slice.dropLast() }
            guard var line = String(validating: slice, as: UTF8.self) else {
                throw Rejection(line: number, problem: tr(.placeImportNotUTF8))
            }
            switch format {
            case .geoNames:
                return try geoNamesPlace(line, number: number, countries: countries, regions: regions)
            case .csv(let columns, let name, let latitude, let longitude, let address):
                return try csvPlace(
                    line, number: number, columns: columns, name: name, latitude: latitude, longitude: longitude,
                    address: address)
            case .unknown:
                // A file of one empty line is empty; an empty first line before others is no header.
                if line.isEmpty && !sawEmptyFirstLine {
                    sawEmptyFirstLine = true
                    return nil
                }
                if sawEmptyFirstLine { throw Rejection(line: 1, problem: tr(.placeImportUnknownFormat)) }
                sawLine = true
                // Spreadsheets save CSV with a byte-order mark; it is not part of the first column's name.
                if line.hasPrefix("\u{FEFF}") { line.removeFirst() }
                if line.utf8.split(separator: 0x09, omittingEmptySubsequences: false).count == 19 {
                    format = .geoNames
                    return try geoNamesPlace(line, number: number, countries: countries, regions: regions)
                }
                let header = try splitCSV(line, line: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                guard let name = header.firstIndex(of: "name"), let latitude = header.firstIndex(of: "latitude"),
                    let longitude = header.firstIndex(of: "longitude")
                else {
                    throw Rejection(line: 1, problem: tr(.placeImportUnknownFormat))
                }
                format = .csv(
                    columns: header.count, name: name, latitude: latitude, longitude: longitude,
                    address: header.firstIndex(of: "address"))
                return nil
            }
        }

        /// A rejection when the file held no line at all.
        func finish() throws {
            if !sawLine { throw Rejection(line: 1, problem: tr(.importEmptyFile)) }
        }
    }

    static func geoNamesPlace(_ line: String, number: Int, countries: [String: String], regions: [String: String])
        throws -> Place
    {
        let fields = line.utf8.split(separator: 0x09, omittingEmptySubsequences: false).map { Substring($0) }
        guard fields.count == 19 else {
            throw Rejection(line: number, problem: tr(.placeImportGeoNamesColumns, ["count": String(fields.count)]))
        }
        guard !fields[0].isEmpty, fields[0].allSatisfy(\.isASCII), UInt64(fields[0]) != nil else {
            throw Rejection(line: number, problem: tr(.placeImportBadID, ["value": printable(fields[0])]))
        }
        let name = try checkedName(fields[1], line: number, what: "name")
        // The real dumps hold a few mojibake alternates with C1 controls (18 in cities500);
        // rejecting the file for them would make GeoNames' own files unimportable, so such
        // alternates are dropped while the name itself must be clean (as are alternates
        // longer than a name may be).
        // Split on the comma's byte and counted in bytes first (a name no longer than the
        // limit in bytes is no longer in characters): grapheme breaking every alternate
        // was a tenth of importing cities500.
        let alternates = fields[3].utf8.split(separator: 0x2C).map { Substring($0) }
            .filter {
                SafeText.firstUnsafe(in: $0) == nil && ($0.utf8.count <= maxNameLength || $0.count <= maxNameLength)
            }
            .map(String.init)
        let (latitude, longitude) = try coordinate(fields[4], fields[5], line: number)
        let population: Int
        if fields[14].isEmpty {
            population = 0
        } else if let value = Int(fields[14]), value >= 0 {
            population = value
        } else {
            throw Rejection(line: number, problem: tr(.placeImportBadPopulation, ["value": printable(fields[14])]))
        }
        let countryCode = try checkedName(fields[8], line: number, what: "country code", allowEmpty: true)
        let admin1 = try checkedName(fields[10], line: number, what: "admin1 code", allowEmpty: true)
        let timeZone = try checkedName(fields[17], line: number, what: "time zone", allowEmpty: true)
        let korean = koreanName(among: alternates)
        return Place(
            placeID: String(fields[0]), name: name, koreanName: korean,
            alternateNames: alternates.filter { $0 != name && $0 != korean },
            countryName: countries[countryCode] ?? countryCode,
            regionName: regions["\(countryCode).\(admin1)"],
            latitude: latitude, longitude: longitude, population: population, timeZone: timeZone)
    }

    static func csvPlace(
        _ line: String, number: Int, columns: Int, name nameColumn: Int, latitude latitudeColumn: Int,
        longitude longitudeColumn: Int, address addressColumn: Int?
    ) throws -> Place {
        let fields = try splitCSV(line, line: number)
        guard fields.count == columns else {
            throw Rejection(
                line: number,
                problem: tr(.placeImportColumns, ["expected": String(columns), "count": String(fields.count)]))
        }
        let name = try checkedName(
            Substring(fields[nameColumn].trimmingCharacters(in: .whitespaces)), line: number, what: "name")
        let (latitude, longitude) = try coordinate(
            Substring(fields[latitudeColumn].trimmingCharacters(in: .whitespaces)),
            Substring(fields[longitudeColumn].trimmingCharacters(in: .whitespaces)),
            line: number)
        let address = try addressColumn.map {
            try checkedName(
                Substring(fields[$0].trimmingCharacters(in: .whitespaces)), line: number, what: "address",
                allowEmpty: true)
        }
        let id = "csv-" + stableHash("\(name)\u{1F}\(latitude)\u{1F}\(longitude)")
        return Place(
            placeID: id, name: name,
            koreanName: isHangulName(name) ? name : nil,
            latitude: latitude, longitude: longitude,
            explicitAddress: address.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// Splits one CSV line (RFC 4180 quoting; a field may not span lines).
    static func splitCSV(_ line: String, line number: Int) throws -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var iterator = Array(line).makeIterator()
        var atFieldStart = true
        while let character = iterator.next() {
            if quoted {
                if character == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" {
                            field.append("\"")
                        } else if next == "," {
                            quoted = false
                            fields.append(field)
                            field = ""
                            atFieldStart = true
                        } else {
                            throw Rejection(line: number, problem: tr(.placeImportAfterQuote))
                        }
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
                continue
            }
            if character == "\"" && atFieldStart {
                quoted = true
                atFieldStart = false
            } else if character == "," {
                fields.append(field)
                field = ""
                atFieldStart = true
            } else {
                field.append(character)
                atFieldStart = false
            }
        }
        if quoted { throw Rejection(line: number, problem: tr(.placeImportUnterminated)) }
        fields.append(field)
        return fields
    }

    static func coordinate(_ latitudeText: Substring, _ longitudeText: Substring, line: Int) throws -> (Double, Double)
    {
        guard let latitude = Double(latitudeText), latitude.isFinite else {
            throw Rejection(line: line, problem: tr(.placeImportBadLatitude, ["value": printable(latitudeText)]))
        }
        guard let longitude = Double(longitudeText), longitude.isFinite else {
            throw Rejection(line: line, problem: tr(.placeImportBadLongitude, ["value": printable(longitudeText)]))
        }
        guard (-90...90).contains(latitude) else {
            throw Rejection(line: line, problem: tr(.placeImportLatitudeRange, ["value": String(latitudeText)]))
        }
        guard (-180...180).contains(longitude) else {
            throw Rejection(line: line, problem: tr(.placeImportLongitudeRange, ["value": String(longitudeText)]))
        }
        return (latitude, longitude)
    }

    /// The most characters a name, alternate name, address or other text column may hold:
    /// GeoNames' own column width. Longer text would make every keystroke that shows it
    /// slower, in proportion to its length, so such a file is rejected, saying where.
    public static let maxNameLength = 200

    /// The text, or a rejection when it is empty, longer than `maxNameLength`, or holds a
    /// character `SafeText` calls unsafe (controls, which include terminal escape
    /// sequences, line separators, bidirectional controls).
    static func checkedName(_ text: Substring, line: Int, what: String, allowEmpty: Bool = false) throws -> String {
        if text.isEmpty && !allowEmpty { throw Rejection(line: line, problem: tr(.placeImportEmpty, ["what": what])) }
        if let scalar = SafeText.firstUnsafe(in: text) {
            throw Rejection(
                line: line,
                problem: tr(.placeImportControl, ["scalar": String(format: "U+%04X", scalar.value), "what": what]))
        }
        if text.utf8.count > maxNameLength, text.count > maxNameLength {
            throw Rejection(line: line, problem: tr(.placeImportTooLong, ["what": what, "max": String(maxNameLength)]))
        }
        return String(text)
    }

    /// Shows a bad value safely in a one-line message.
    static func printable(_ text: Substring) -> String {
        SafeText.quoted(String(text), maxCharacters: 40)
    }

    /// A shipped place's Korean name was chosen with care (the current name, not a historic
    /// one: 상하이, not 상해): an imported place with the same id keeps it, and the Korean name
    /// the import would have chosen stays an alternate.
    static func keepShippedKoreanNames(of shipped: [Place], in incoming: inout [Place]) {
        let korean = shippedKoreanNames(shipped)
        for index in incoming.indices { keepShippedKoreanName(korean, in: &incoming[index]) }
    }

    /// The shipped places' Korean names by id.
    static func shippedKoreanNames(_ shipped: [Place]) -> [String: String] {
        var korean: [String: String] = [:]
        for place in shipped { if let name = place.koreanName { korean[place.placeID] = name } }
        return korean
    }

    /// `place` with the Korean name `korean` holds for its id, if any (see `keepShippedKoreanNames`).
    static func keepShippedKoreanName(_ korean: [String: String], in place: inout Place) {
        guard let kept = korean[place.placeID], place.koreanName != kept else { return }
        var alternates = place.alternateNames.filter { $0 != kept }
        if let chosen = place.koreanName { alternates.insert(chosen, at: 0) }
        place.alternateNames = alternates
        place.koreanName = kept
    }

    /// A `.geojson`/`.geojsonseq` file, or one whose first character opens a JSON object.
    static func isGeoJSON(path: String, _ data: some Collection<UInt8>) -> Bool {
        let lower = path.lowercased()
        if lower.hasSuffix(".geojson") || lower.hasSuffix(".geojsonseq") || lower.hasSuffix(".json") { return true }
        return data.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }.map { $0 == 0x7B || $0 == 0x1E } ?? false
    }

    /// The places read, or a rejection saying the file holds no named place of interest.
    static func pointsOfInterest(_ reader: GeoJSONPlaces) throws -> [Place] {
        guard !reader.places.isEmpty else { throw Rejection(line: 0, problem: tr(.placeImportNoPlaces)) }
        return reader.places
    }

    /// The Hangul alternate most others extend (서울 for 서울시 and 서울특별시), then the shortest.
    static func koreanName(among alternates: [String]) -> String? {
        let hangul = alternates.filter(isHangulName)
        guard hangul.count > 1 else { return hangul.first }
        func extensions(_ name: String) -> Int { hangul.filter { $0 != name && $0.hasPrefix(name) }.count }
        return hangul.map { (name: $0, score: extensions($0)) }
            .min { ($1.score, $0.name.count, $0.name) < ($0.score, $1.name.count, $1.name) }?.name
    }

    static func isHangulName(_ text: String) -> Bool {
        text.unicodeScalars.contains { Hangul.isSyllable($0.value) }
            && text.unicodeScalars.allSatisfy { Hangul.isSyllable($0.value) || $0 == " " }
    }

    /// FNV-1a, 64 bits, hex: stable across runs and platforms (unlike `Hasher`).
    public static func stableHash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16).leftPadded(to: 16)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

/// What an import did.
public struct ImportSummary: Sendable, Equatable {
    /// Places new to the imports.
    public var added: Int
    /// Places already imported (same id), replaced by the file's version.
    public var updated: Int
    /// Imported places in all, after this import.
    public var totalImported: Int
}

/// How far an import has read: the places so far and, when the input's size tells, the part
/// of it read (0 to 1).
public struct ImportProgress: Sendable, Equatable {
    public var places: Int
    public var fraction: Double?
    /// True once the file is read and the imports' search image is being built (`places`
    /// then counts every imported place).
    public var building: Bool

    public init(places: Int, fraction: Double?, building: Bool = false) {
        self.places = places
        self.fraction = fraction
        self.building = building
    }
}

/// An import stopped by Ctrl-C (SIGINT) or SIGTERM: nothing was imported, the catalog is as
/// it was before.
public struct ImportInterrupted: Error, CustomStringConvertible {
    public init() {}
    public var description: String { tr(.placeImportInterrupted) }
}

extension PlaceCatalog {
    /// Imports the file at `path` into `dataDirectory`: all of it or, when any line is
    /// malformed, nothing (`PlaceImporter.Rejection`). Earlier imports stay; a re-import
    /// replaces places by id instead of adding them twice. The file is read a megabyte at a
    /// time and each place written as it is read to a temporary file beside the imports file
    /// (neither the file nor its places are held). With `cacheDirectory` the imports' own
    /// search image is built too (never the shipped catalog's), `chunkPlaces` places at a time
    /// (`ChunkedImage.defaultChunk` unless a test says). The imports file and the image are
    /// written to temporary files and renamed into place together at the end; Ctrl-C (or
    /// SIGTERM) at any point before that
    /// removes them and throws `ImportInterrupted`, the catalog as it was. `progress` hears how
    /// many places have been read so far, and how much of the input, then that the image is
    /// being built.
    public static func importFile(
        path: String, resourcesDirectory: String, dataDirectory: String, cacheDirectory: String? = nil,
        chunkPlaces: Int = 1 << 18, progress: ((ImportProgress) -> Void)? = nil
    ) throws -> ImportSummary {
        try Interrupts.deferred {
            let directory = shippedDirectory(resourcesDirectory: resourcesDirectory)
            let countries = CatalogFile.readTable(path: directory + "/countries.tsv")
            let korean = PlaceImporter.shippedKoreanNames(
                (try? CatalogFile.read(path: directory + "/places.tsv", countries: countries)) ?? [])
            let target = importsFile(dataDirectory: dataDirectory)
            let folder = (target as NSString).deletingLastPathComponent
            let hadFolder = FileManager.default.fileExists(atPath: folder)
            // The data directory's files are the owner's alone (0600 in 0700 directories).
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            var imported = false
            // A refused or stopped first import leaves no folder behind (rmdir spares a full one).
            defer { if !imported && !hadFolder { rmdir(folder) } }
            let summary = try {
                let incoming = try SpillFile(path: folder + "/.incoming.\(getpid()).tmp")
                var pending: [UInt8] = []
                pending.reserveCapacity(PlaceImporter.chunkSize + 4096)
                pending.append(contentsOf: (CatalogFile.header + "\n").utf8)
                func add(_ read: Place) {
                    var place = read
                    PlaceImporter.keepShippedKoreanName(korean, in: &place)
                    CatalogFile.appendLine(for: place, to: &pending)
                    if pending.count >= PlaceImporter.chunkSize {
                        incoming.append(pending)
                        pending.removeAll(keepingCapacity: true)
                    }
                }
                if OSMExtract.isExtract(path) {
                    try PlaceImporter.pointsOfInterest(OSMExtract.read(path, countries: countries, progress: progress))
                        .forEach(add)
                } else {
                    try PlaceImporter.read(
                        path: path, countries: countries, regionsFile: directory + "/regions.tsv",
                        progress: progress, add: add)
                }
                incoming.append(pending)
                try Interrupts.check()
                let stage = cacheDirectory.map { cache in
                    { (source: String, places: Int, info: stat) throws -> StagedImage in
                        progress?(ImportProgress(places: places, fraction: 1, building: true))
                        return try StagedImage.build(
                            file: target, source: source, info: info, directory: directory, cacheDirectory: cache,
                            chunkPlaces: chunkPlaces)
                    }
                }
                // Read, merge and write under the imports' lock: two imports at once both keep their places.
                return try FileLock.withLock(dataDirectory + "/places/imports.lock") {
                    try merge(incoming, into: target, stage: stage)
                }
            }()
            imported = true
            return summary
        }
    }

    /// Merges the places of `incoming` (a catalog file, ids unique or not) into the imports
    /// file `target`: an id already there is replaced where it stands, new ones follow in
    /// order. Repeated ids are told by a table of their hashes (`IDTable`), the lines copied as
    /// they are, so memory grows by a few bytes a place. `stage` builds the imports' image from
    /// the merged file (given its temporary path, place count and `stat`) before anything is
    /// replaced.
    static func merge(
        _ incoming: SpillFile, into target: String, stage: ((String, Int, stat) throws -> StagedImage)? = nil
    ) throws -> ImportSummary {
        let existing = FileManager.default.fileExists(atPath: target) ? try MappedFile(path: target) : nil
        let fresh = try incoming.mapped()
        // Where each id's latest line is, in the order ids first came: an offset in the
        // existing file, or in `incoming` with `fromIncoming` set.
        let fromIncoming = 1 << 62
        var slots: [Int] = []
        var table = IDTable(capacity: 1 << 10)
        var added = 0
        var updated = 0
        func line(_ location: Int) -> UnsafeBufferPointer<UInt8> {
            let bytes = location & fromIncoming != 0 ? fresh.bytes : existing!.bytes
            let start = location & ~fromIncoming
            return UnsafeBufferPointer(rebasing: bytes[start..<CatalogFile.lineEnd(bytes, from: start)])
        }
        func id(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: line[line.startIndex..<(line.firstIndex(of: 0x09) ?? line.endIndex)])
        }
        func note(_ location: Int, _ idBytes: UnsafeBufferPointer<UInt8>) {
            let isIncoming = location & fromIncoming != 0
            if let slot = table.insert(
                IDTable.hash(idBytes), value: Int32(slots.count),
                same: { id(line(slots[Int($0)])).elementsEqual(idBytes) })
            {
                slots[Int(slot)] = location
                if isIncoming { updated += 1 }
            } else {
                slots.append(location)
                if isIncoming { added += 1 }
            }
        }
        var fields: [Range<Int>] = []
        // The pages read are let go every 64 MB, or a large file would stay resident whole.
        var released = 0
        func release(_ file: MappedFile, at offset: Int) {
            if offset - released < 64 << 20 { return }
            file.release()
            released = offset
        }
        if let existing {
            try CatalogFile.forEachLine(existing.bytes, path: target) { range, number in
                try CatalogFile.split(existing.bytes, range, path: target, number: number, fields: &fields)
                note(range.lowerBound, UnsafeBufferPointer(rebasing: existing.bytes[fields[0]]))
                release(existing, at: range.lowerBound)
            }
        }
        released = 0
        try CatalogFile.forEachLine(fresh.bytes, path: incoming.path) { range, _ in
            note(range.lowerBound | fromIncoming, id(UnsafeBufferPointer(rebasing: fresh.bytes[range])))
            release(fresh, at: range.lowerBound)
        }
        table = IDTable(capacity: 1)
        existing?.release()
        fresh.release()
        let folder = (target as NSString).deletingLastPathComponent
        let temporary = folder + "/.places.tsv.\(ProcessInfo.processInfo.processIdentifier).tmp"
        var info = stat()
        do {
            if existing == nil && updated == 0 {
                // Nothing to merge: the file written while reading is the new imports file.
                try incoming.flush()
                guard rename(incoming.path, temporary) == 0 else {
                    throw CatalogFile.FormatError(description: tr(.errorCatalogCannotWrite, ["path": temporary]))
                }
                incoming.keep()
            } else {
                let output = try SpillFile(path: temporary)
                output.append(Array((CatalogFile.header + "\n").utf8))
                for (index, location) in slots.enumerated() {
                    output.append(UnsafeRawBufferPointer(line(location)))
                    output.append(UInt8(0x0A))
                    if index % (1 << 16) == 0 {
                        existing?.release()
                        fresh.release()
                        try Interrupts.check()
                    }
                }
                try output.flush()
                output.keep()
            }
            guard stat(temporary, &info) == 0 else {
                throw CatalogFile.FormatError(description: tr(.errorCatalogCannotWrite, ["path": temporary]))
            }
            try Interrupts.check()
        } catch {
            unlink(temporary)
            throw error
        }
        let total = slots.count
        slots = []
        var staged: StagedImage?
        do {
            staged = try stage?(temporary, total, info)
            try Interrupts.check()
        } catch {
            staged?.discard()
            unlink(temporary)
            throw error
        }
        // From here nothing checks for an interrupt: the file and its image replace the old
        // ones together (under the image's lock, so no search builds it meanwhile).
        func replace() throws {
            if rename(temporary, target) != 0 {
                unlink(temporary)
                staged?.discard()
                throw CatalogFile.FormatError(description: tr(.errorCatalogCannotReplace, ["path": target]))
            }
        }
        if let staged { try staged.commit(replace) } else { try replace() }
        return ImportSummary(added: added, updated: updated, totalImported: total)
    }
}

/// An imports image written beside its final place, renamed into it once the imports file is.
struct StagedImage {
    let paths: (image: String, hidden: String)
    let staged: (image: String, hidden: String)

    /// Builds the image of the merged imports in `source` (the temporary imports file, whose
    /// `stat` is `info`) for the imports file `file` it becomes, `chunkPlaces` places at a
    /// time. A failed write leaves no image, which the next search builds; Ctrl-C throws.
    static func build(
        file: String, source: String, info: stat, directory: String, cacheDirectory: String,
        chunkPlaces: Int = ChunkedImage.defaultChunk
    ) throws -> StagedImage {
        let shipped = try PlaceCatalog.shippedIndex(directory: directory, cacheDirectory: cacheDirectory)
        try Interrupts.check()
        let paths = PlaceCatalog.importsImage(cacheDirectory: cacheDirectory)
        let suffix = ".\(getpid()).new"
        let image = StagedImage(paths: paths, staged: (paths.image + suffix, paths.hidden + suffix))
        do {
            _ = try ImportsImage.write(
                file: source, shipped: shipped.index,
                signature: ImageSignature.imports(file, shipped: directory, info: info),
                image: image.staged.image, hidden: image.staged.hidden, uniqueIDs: true, chunkPlaces: chunkPlaces)
        } catch let error as ImportInterrupted {
            image.discard()
            throw error
        } catch {
            image.discard()
        }
        return image
    }

    func discard() {
        unlink(staged.image)
        unlink(staged.hidden)
    }

    /// Runs `replace` (the imports file's rename) and moves the image into place, under the
    /// image's lock; a missing image (its write failed) is only built by the next search.
    func commit(_ replace: () throws -> Void) throws {
        try FileLock.withLock(paths.image + ".lock") {
            try replace()
            if rename(staged.hidden, paths.hidden) != 0 || rename(staged.image, paths.image) != 0 { discard() }
        }
    }
}
