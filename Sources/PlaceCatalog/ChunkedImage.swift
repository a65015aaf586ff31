import Foundation
import Localization
import Workers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The catalog image of a catalog file (the imports file), built a chunk of places at a time:
/// the same bytes `CatalogImage.write` writes for the same places indexed in memory, with
/// memory that grows with the chunk and the few bytes per place the ordering needs, not with
/// the catalog. A first pass over the mapped file reads each line's id and population (and
/// checks it), and sorts those in index order (falling population, then id); then, chunk by
/// chunk in that order, the chunk's places are read, normalised and their lists built (keys
/// numbered in one table across chunks, so ids and their order are those of one build), and
/// every section goes to its own temporary file; last, each key's lists of all chunks are
/// joined (the first entry of a chunk's list re-encoded as a gap from the list so far) and the
/// sections are streamed into the image.
enum ChunkedImage {
    /// Places per chunk: about 1 KB of memory each while their lists are built.
    static let defaultChunk = 1 << 18

    /// What a build did (how many places it held at once shows it holds a chunk, not all).
    struct Report: Equatable, Sendable {
        var places = 0
        var chunks = 0
        var mostPlacesHeld = 0
    }

    /// Hears each build's report (the tests' window on how much a build held at once).
    @TaskLocal static var reports: (@Sendable (Report) -> Void)?

    struct Built {
        /// The shipped places (positions in `shipped`) whose ids the file's places carry.
        var hidden: [Int32]
        var report: Report
    }

    /// One line's place in the ordering: its population and the first 24 bytes of its id
    /// (big-endian, zero-padded), then its offset in the file.
    private struct Key {
        var population: Int64
        var id0: UInt64
        var id1: UInt64
        var id2: UInt64
        var offset: Int
    }

    /// Writes the image of the places of catalog file `file` to `path` (a temporary file
    /// beside it, renamed into place), keyed by `signature`. A place whose id repeats an
    /// earlier one replaces it, as in `PlaceCatalog(places:)`; `uniqueIDs` says the file has
    /// none (an import wrote it), which skips looking. A malformed line throws a `FormatError`
    /// naming `file` and the line.
    static func write(
        file: String, signature: String, path: String, shipped: PlaceIndex?, uniqueIDs: Bool = false,
        chunkPlaces: Int = defaultChunk
    ) throws -> Built {
        let source = try MappedFile(path: file)
        let bytes = source.bytes
        // The data directory's files are the owner's alone (0600 in 0700 directories).
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let offsets = try order(bytes, file: file, source: source, uniqueIDs: uniqueIDs)
        try Interrupts.check()
        var shippedPosition: [String: Int32] = [:]
        if let shipped {
            shippedPosition.reserveCapacity(shipped.placeCount)
            for position in 0..<shipped.placeCount {
                shippedPosition[shipped.store.placeID(position)] = Int32(position)
            }
        }
        let sections = try Sections(stem: path + ".\(getpid())")
        var hidden: [Int32] = []
        var report = Report(places: offsets.count)
        var fields: [Range<Int>] = []
        for chunkStart in stride(from: 0, to: offsets.count, by: max(1, chunkPlaces)) {
            try Interrupts.check()
            let chunkEnd = min(offsets.count, chunkStart + max(1, chunkPlaces))
            var places: [Place] = []
            places.reserveCapacity(chunkEnd - chunkStart)
            for position in chunkStart..<chunkEnd {
                let start = offsets[position]
                places.append(
                    try CatalogFile.place(
                        bytes, start..<CatalogFile.lineEnd(bytes, from: start), path: file, number: 0,
                        countries: [:], fields: &fields))
            }
            source.release()
            for place in places { if let position = shippedPosition[place.placeID] { hidden.append(position) } }
            try sections.add(places, firstPlace: chunkStart, path: file)
            report.chunks += 1
            report.mostPlacesHeld = max(report.mostPlacesHeld, places.count)
        }
        try Interrupts.check()
        try sections.writeImage(signature: signature, path: path, places: offsets.count, file: file)
        reports?(report)
        return Built(hidden: hidden.sorted(), report: report)
    }

    /// The file offsets of the places' lines in index order (falling population, then id),
    /// each line checked; of lines with the same id, the last.
    private static func order(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String, source: MappedFile, uniqueIDs: Bool
    ) throws -> [Int] {
        var keys: [Key] = []
        keys.reserveCapacity(bytes.count / 120)
        var fields: [Range<Int>] = []
        var table: IDTable? = uniqueIDs ? nil : IDTable(capacity: 1 << 10)
        var asciiIDs = true
        var released = 0
        @inline(__always) func word(_ range: Range<Int>, _ index: Int) -> UInt64 {
            var word: UInt64 = 0
            for byte in 0..<8 {
                let position = range.lowerBound + index * 8 + byte
                word = word << 8 | (position < range.upperBound ? UInt64(bytes[position]) : 0)
            }
            return word
        }
        func id(at offset: Int) -> UnsafeBufferPointer<UInt8> {
            let end = CatalogFile.lineEnd(bytes, from: offset)
            var stop = offset
            while stop < end && bytes[stop] != 0x09 { stop += 1 }
            return UnsafeBufferPointer(rebasing: bytes[offset..<stop])
        }
        try CatalogFile.forEachLine(bytes, path: file) { line, number in
            let population = try CatalogFile.split(bytes, line, path: file, number: number, fields: &fields).population
            let range = fields[0]
            let key = Key(
                population: Int64(population), id0: word(range, 0), id1: word(range, 1), id2: word(range, 2),
                offset: line.lowerBound)
            if asciiIDs && bytes[range].contains(where: { $0 >= 0x80 }) { asciiIDs = false }
            if table != nil {
                let idBytes = UnsafeBufferPointer(rebasing: bytes[range])
                if let earlier = table!.insert(
                    IDTable.hash(idBytes), value: Int32(keys.count),
                    same: { id(at: keys[Int($0)].offset).elementsEqual(idBytes) })
                {
                    keys[Int(earlier)] = key
                    return
                }
            }
            keys.append(key)
            if line.upperBound - released > 64 << 20 {
                source.release()
                released = line.upperBound
            }
        }
        table = nil
        func fullID(_ offset: Int) -> String { String(decoding: id(at: offset), as: UTF8.self) }
        // The order of `PlaceIndex(places:)`: population, then the id as a String compares.
        // ASCII ids compare as their bytes, so the prefixes decide but for ties in 24 bytes.
        keys.sort { a, b in
            if a.population != b.population { return a.population > b.population }
            if asciiIDs {
                if a.id0 != b.id0 { return a.id0 < b.id0 }
                if a.id1 != b.id1 { return a.id1 < b.id1 }
                if a.id2 != b.id2 { return a.id2 < b.id2 }
            }
            return fullID(a.offset) < fullID(b.offset)
        }
        source.release()
        return keys.map(\.offset)
    }

    /// The too-large error for `path`.
    static func tooLarge(_ path: String) -> CatalogFile.FormatError {
        CatalogFile.FormatError(description: tr(.errorCatalogTooLarge, ["path": path]))
    }

    /// Joins each key's lists of all chunks (`chunks`, where chunk `c`'s list of key `k` is
    /// `base + start[k] ..< base + start[k + 1]`) into `output`: the lists' byte offsets there.
    static func join(
        _ chunks: SpillFile, _ lists: [(base: Int, start: [Int32])], keyCount: Int, into output: SpillFile,
        path: String
    ) throws -> [Int32] {
        let mapped = try chunks.mapped()
        var start = [Int32](repeating: 0, count: keyCount + 1)
        let encoded = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 16)
        defer { encoded.deallocate() }
        var filled = 0
        var released = 0
        for key in 0..<keyCount {
            var last: UInt32 = 0
            for chunk in lists where key + 1 < chunk.start.count {
                let from = chunk.base + Int(chunk.start[key])
                let to = chunk.base + Int(chunk.start[key + 1])
                if from == to { continue }
                for entry in PostingList(bytes: UnsafeBufferPointer(rebasing: mapped.bytes[from..<to]), verifier: nil) {
                    if filled > encoded.count - 8 {
                        output.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: encoded[0..<filled])))
                        filled = 0
                    }
                    filled = PostingCoding.write(PostingCoding.gap(entry, after: last), encoded, at: filled)
                    last = entry
                }
            }
            let written = output.count + filled
            guard written < Int(Int32.max) else { throw tooLarge(path) }
            start[key + 1] = Int32(written)
            if written - released > 64 << 20 {
                mapped.release()
                released = written
                try Interrupts.check()
            }
        }
        output.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: encoded[0..<filled])))
        return start
    }
}

/// The sections of a chunked image, each in its own temporary file until the image is written.
private final class Sections {
    let stem: String
    let latitudes, longitudes, populations, placeStrings, stringEnds, blob, units, nameStarts, placeNames, flags,
        signatures, postingChunks, trigramChunks: SpillFile
    var keys = PostingListBuilder.newKeys()
    var postingLists: [(base: Int, start: [Int32])] = []
    var trigramLists: [(base: Int, start: [Int32])] = []
    var stringCount = 0
    var blobCount = 0
    var unitCount = 0
    var nameCount = 0
    /// The units past 16 bits seen, until there are more than a narrow store holds.
    var astral = Set<UInt32>()
    var astralOverflow = false

    init(stem: String) throws {
        self.stem = stem
        func spill(_ name: String) throws -> SpillFile { try SpillFile(path: stem + "." + name) }
        latitudes = try spill("latitudes")
        longitudes = try spill("longitudes")
        populations = try spill("populations")
        placeStrings = try spill("place-strings")
        stringEnds = try spill("string-ends")
        blob = try spill("blob")
        units = try spill("units")
        nameStarts = try spill("name-starts")
        placeNames = try spill("place-names")
        flags = try spill("flags")
        signatures = try spill("signatures")
        postingChunks = try spill("postings")
        trigramChunks = try spill("trigrams")
        placeStrings.append(Int32(0))
        stringEnds.append(UInt32(0))
        nameStarts.append(Int32(0))
        placeNames.append(Int32(0))
    }

    /// Adds a chunk: `places`, in index order, numbered from `firstPlace`.
    func add(_ places: [Place], firstPlace: Int, path: String) throws {
        latitudes.append(places.map(\.latitude))
        longitudes.append(places.map(\.longitude))
        populations.append(places.map { Int64($0.population) })
        var ends: [UInt32] = []
        var text: [UInt8] = []
        var starts: [Int32] = []
        starts.reserveCapacity(places.count)
        func add(_ string: String?) {
            guard let string else {
                ends.append(UInt32(blobCount + text.count) | CatalogImage.absent)
                return
            }
            text.append(contentsOf: string.utf8)
            ends.append(UInt32(truncatingIfNeeded: blobCount + text.count))
        }
        for place in places {
            for string in [
                place.placeID, place.name, place.koreanName, place.countryName, place.regionName,
                place.timeZone, place.explicitAddress, place.category,
            ] { add(string) }
            place.alternateNames.forEach(add)
            guard blobCount + text.count < Int(CatalogImage.absent), stringCount + ends.count < Int(Int32.max) else {
                throw ChunkedImage.tooLarge(path)
            }
            starts.append(Int32(stringCount + ends.count))
        }
        stringCount += ends.count
        blobCount += text.count
        stringEnds.append(ends)
        blob.append(text)
        placeStrings.append(starts)

        let names = NormalizedNames(places)
        guard unitCount + names.units.count < Int(Int32.max) else { throw ChunkedImage.tooLarge(path) }
        let nameFlags = PlaceIndex.nameFlags(places, names.units, names.nameStart, names.placeNameStart)
        let owned = OwnedBuffers()
        let unitsRaw = owned.keep(names.units)
        let nameStartRaw = owned.keep(names.nameStart)
        let placeNameStartRaw = owned.keep(names.placeNameStart)
        let flagsRaw = owned.keep(nameFlags)
        let nameSignatures = owned.allocate(UInt64(0), count: names.nameStart.count - 1)
        // The trigram lists and signatures on the indexing lane meanwhile, as `PlaceIndex` does.
        let trigramInput = BuildResult(
            value: (unitsRaw, nameStartRaw, placeNameStartRaw, flagsRaw, places.count, firstPlace, nameSignatures))
        let trigramResult = BuildResult<([Int32], [UInt8])>(value: nil)
        Workers.shared.run(.indexing) {
            let (units, nameStart, placeNameStart, flags, placeCount, firstPlace, signatures) = trigramInput.value!
            trigramResult.value = TrigramListBuilder.build(
                units, nameStart, placeNameStart, flags, placeCount: placeCount, firstPlace: firstPlace,
                signatures: signatures)
            trigramResult.done.signal()
        }
        let (start, postings) = PostingListBuilder.build(
            unitsRaw, nameStartRaw, placeNameStartRaw, flagsRaw, placeCount: places.count, firstPlace: firstPlace,
            keys: &keys, into: owned)
        postingLists.append((postingChunks.count, start))
        postingChunks.append(postings)

        // Units as UTF-16 (a unit past 16 bits as a surrogate pair, which no unit is), so the
        // image can narrow them once the whole table of such units is known.
        var narrow: [UInt16] = []
        narrow.reserveCapacity(names.units.count)
        for unit in names.units {
            if unit <= 0xFFFF {
                narrow.append(UInt16(unit))
            } else {
                let value = unit - 0x10000
                narrow.append(0xD800 + UInt16(value >> 10))
                narrow.append(0xDC00 + UInt16(value & 0x3FF))
                if !astralOverflow {
                    astral.insert(unit)
                    if astral.count > NameUnits.astralLimit { astralOverflow = true }
                }
            }
        }
        units.append(narrow)
        nameStarts.append(names.nameStart.dropFirst().map { Int32(unitCount) + $0 })
        placeNames.append(names.placeNameStart.dropFirst().map { Int32(nameCount) + $0 })
        flags.append(nameFlags)
        unitCount += names.units.count
        nameCount += names.nameStart.count - 1

        trigramResult.done.wait()
        let (trigramStart, trigramBytes) = trigramResult.value!
        trigramLists.append((trigramChunks.count, trigramStart))
        trigramChunks.append(trigramBytes)
        signatures.append(UnsafeBufferPointer(nameSignatures))
    }

    /// Joins the lists and streams every section into the image at `path`.
    func writeImage(signature: String, path: String, places: Int, file: String) throws {
        let postings = try SpillFile(path: stem + ".postings-joined")
        let postingStart = try ChunkedImage.join(
            postingChunks, postingLists, keyCount: keys.count, into: postings, path: file)
        let trigrams = try SpillFile(path: stem + ".trigrams-joined")
        let trigramStart = try ChunkedImage.join(
            trigramChunks, trigramLists, keyCount: Trigrams.count, into: trigrams, path: file)
        try Interrupts.check()
        let astralTable: [UInt32]? = astralOverflow ? nil : astral.sorted()
        var counts = CatalogImage.Counts()
        counts.places = places
        counts.names = nameCount
        counts.units = unitCount
        counts.strings = stringCount
        counts.blob = blobCount
        counts.keySlots = keys.slots.count
        counts.keys = keys.count
        counts.postings = postings.count
        counts.trigramPostings = trigrams.count
        counts.unitWidth = astralTable == nil ? 4 : 2
        counts.astral = astralTable?.count ?? 0
        let signatureBytes = Array(signature.utf8)
        let bodySize = CatalogImage.sectionSizes(counts, signature: signatureBytes.count).map(CatalogImage.padded)
            .reduce(0, +)
        let temporary = path + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CatalogFile.FormatError(description: tr(.errorCatalogCannotWrite, ["path": temporary]))
        }
        var renamed = false
        defer {
            close(descriptor)
            if !renamed { unlink(temporary) }
        }
        let body = BodyWriter(descriptor: descriptor, offset: BlockVerifier.bodyStart(bodySize))
        func stream(_ spill: SpillFile) throws {
            try spill.forEachPiece { body.appendPart($0) }
            body.pad(spill.count)
        }
        func append<T>(_ array: [T]) { array.withUnsafeBytes { body.append($0) } }
        append(signatureBytes)
        for section in [latitudes, longitudes, populations, placeStrings, stringEnds, blob] { try stream(section) }
        try streamUnits(into: body, astral: astralTable)
        for section in [nameStarts, placeNames, flags] { try stream(section) }
        append(keys.slots)
        append(keys.ids)
        append(postingStart)
        try stream(postings)
        append(trigramStart)
        try stream(trigrams)
        try stream(signatures)
        append(astralTable ?? [])
        try Interrupts.check()
        guard CatalogImage.finish(body, counts: counts, signature: signatureBytes, descriptor: descriptor),
            rename(temporary, path) == 0
        else {
            throw CatalogFile.FormatError(description: tr(.errorCatalogCannotWrite, ["path": temporary]))
        }
        renamed = true
    }

    /// The units section: 16-bit with `astral`'s escapes (as `BodyWriter.appendNarrowed`
    /// writes), or 32-bit when there is no table.
    private func streamUnits(into body: BodyWriter, astral: [UInt32]?) throws {
        var escapes: [UInt32: UInt16] = [:]
        for (index, unit) in (astral ?? []).enumerated() { escapes[unit] = NameUnits.escape + UInt16(index) }
        var high: UInt16 = 0
        var narrow: [UInt16] = []
        var wide: [UInt32] = []
        narrow.reserveCapacity(1 << 19)
        wide.reserveCapacity(astral == nil ? 1 << 19 : 0)
        func emit(_ unit: UInt32) {
            if astral != nil {
                narrow.append(unit > 0xFFFF ? escapes[unit]! : UInt16(unit))
                if narrow.count == 1 << 19 {
                    narrow.withUnsafeBytes { body.appendPart($0) }
                    narrow.removeAll(keepingCapacity: true)
                }
            } else {
                wide.append(unit)
                if wide.count == 1 << 19 {
                    wide.withUnsafeBytes { body.appendPart($0) }
                    wide.removeAll(keepingCapacity: true)
                }
            }
        }
        try units.forEachPiece { piece in
            for index in 0..<(piece.count / 2) {
                let value = piece.loadUnaligned(fromByteOffset: index * 2, as: UInt16.self)
                switch value & 0xFC00 {
                case 0xD800: high = value
                case 0xDC00: emit(0x10000 + (UInt32(high - 0xD800) << 10 | UInt32(value - 0xDC00)))
                default: emit(UInt32(value))
                }
            }
        }
        narrow.withUnsafeBytes { body.appendPart($0) }
        wide.withUnsafeBytes { body.appendPart($0) }
        body.pad(unitCount * (astral == nil ? 4 : 2))
    }
}
