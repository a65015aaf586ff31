import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A whole catalog (places, normalised names, posting lists) in one file that is mapped into
/// memory and searched in place: loading it costs a few header checks instead of parsing the
/// TSV, normalising every name and building the posting lists. `Place` values are made only for
/// the places a caller asks for (search hits, `place(id:)`), or all at once for `places`.
///
/// Layout (little-endian, every section padded to 8 bytes): the 8-byte magic `TERNCATC`, then
/// `headerWords` `UInt64`s — file size, checksum of the header words, signature
/// length, place, name, unit, string, blob, key-slot, key counts, the posting and trigram-posting
/// byte counts, bytes per unit (2 or 4: `NameUnits`) and the count of astral units —
/// then one 32-bit checksum per 128-byte block of the body (`BlockVerifier`, the table padded so
/// the body starts at a multiple of 128), then the body: the sections in the order
/// `sectionSizes` lists. It is never trusted blindly, and never read whole at start-up: the
/// size must match the counts, the header's checksum and the signature (source files' path,
/// size, modification time and inode, and the format version) must match; each block's
/// checksum is checked the first time anything in it is read, and every offset read from the
/// file is bounds-checked (`GuardedBuffer`): damage marks the image damaged, and the catalog
/// rebuilds it instead of answering from it.
final class CatalogImage: @unchecked Sendable {
    // @unchecked: the mapping is read-only, `materialized` is guarded by `lock`, `verifier` is atomic.
    static let magic: [UInt8] = Array("TERNCATC".utf8)
    static let headerWords = 14
    static let headerSize = 8 + headerWords * 8
    /// Strings stored per place before its alternates: id, name, Korean name, country, region,
    /// time zone, address (an absent optional one has `absent` set on its end offset).
    static let fixedStrings = 8
    static let absent: UInt32 = 1 << 31

    let placeCount: Int
    let latitudes: GuardedBuffer<Double>
    let longitudes: GuardedBuffer<Double>
    let populations: GuardedBuffer<Int64>
    let placeStringStart: GuardedBuffer<Int32>
    /// `stringEnds[i] ..< stringEnds[i + 1]` (without `absent`): string `i`'s bytes in `blob`.
    let stringEnds: GuardedBuffer<UInt32>
    let blob: GuardedBuffer<UInt8>
    let arrays: IndexArrays
    let verifier: BlockVerifier
    /// The file offset of the body (after the header and the block checksums).
    let bodyStart: Int

    private let mapping: UnsafeMutableRawPointer
    private let mappingSize: Int
    private let lock = NSLock()
    private var materialized: [Place]?

    struct Counts {
        var places = 0, names = 0, units = 0, strings = 0, blob = 0, keySlots = 0, keys = 0, postings = 0,
            trigramPostings = 0
        /// Bytes per unit: 2 when narrow (`NameUnits`), else 4; the narrow store's astral units.
        var unitWidth = 4, astral = 0
    }

    /// Byte sizes of the sections, in file order.
    static func sectionSizes(_ c: Counts, signature: Int) -> [Int] {
        [
            signature, c.places * 8, c.places * 8, c.places * 8, (c.places + 1) * 4, (c.strings + 1) * 4, c.blob,
            c.units * c.unitWidth, (c.names + 1) * 4, (c.places + 1) * 4, c.names,
            c.keySlots * 8, c.keySlots * 4, (c.keys + 1) * 4, c.postings, (Trigrams.count + 1) * 4, c.trigramPostings,
            c.names * 8,
            c.astral * 4,
        ]
    }

    static func padded(_ size: Int) -> Int { (size + 7) & ~7 }

    /// Maps the image at `path` and checks its header; `nil` when it is missing, stale or its
    /// header is damaged (damage elsewhere is found as it is read).
    static func open(path: String, signature: String) -> CatalogImage? {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size >= headerSize else { return nil }
        let size = Int(info.st_size)
        guard let mapped = mapAligned(descriptor, size: size) else { return nil }
        // A search reads a few bytes here and there; without this, a cold page cache read most
        // of the file (the kernel's read-around grows on this file system's large folios).
        _ = madvise(mapped, size, MADV_RANDOM)
        let image = CatalogImage(mapping: mapped, size: size, signature: Array(signature.utf8))
        if image == nil { munmap(mapped, size) }
        return image
    }

    /// The huge-page size: a mapping at a multiple of it lets the kernel map a 2 MB folio of
    /// the page cache with one fault, where a mapping anywhere else maps 16 pages per fault.
    static let hugePage = 2 << 20

    /// Maps the file read-only at an address that is a multiple of `hugePage` (a larger
    /// reservation, the file mapped over its aligned part, the rest returned).
    static func mapAligned(_ descriptor: Int32, size: Int) -> UnsafeMutableRawPointer? {
        guard let reserved = mmap(nil, size + hugePage, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            reserved != MAP_FAILED
        else { return nil }
        let start = (Int(bitPattern: reserved) + hugePage - 1) & ~(hugePage - 1)
        let lead = start - Int(bitPattern: reserved)
        let trail = hugePage - lead
        guard
            let mapped = mmap(
                UnsafeMutableRawPointer(bitPattern: start), size, PROT_READ, MAP_PRIVATE | MAP_FIXED, descriptor, 0),
            mapped != MAP_FAILED
        else {
            munmap(reserved, size + hugePage)
            return nil
        }
        if lead > 0 { munmap(reserved, lead) }
        if trail > 0 { munmap(mapped + size, trail) }
        return mapped
    }

    private init?(mapping: UnsafeMutableRawPointer, size: Int, signature: [UInt8]) {
        let raw = UnsafeRawBufferPointer(start: mapping, count: size)
        guard Array(raw[0..<8]) == CatalogImage.magic else { return nil }
        func word(_ index: Int) -> Int {
            let value = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8 + index * 8, as: UInt64.self))
            return value > UInt64(Int32.max) * 64 ? -1 : Int(value)
        }
        let storedSum = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
        let counts = Counts(
            places: word(3), names: word(4), units: word(5), strings: word(6), blob: word(7),
            keySlots: word(8), keys: word(9), postings: word(10), trigramPostings: word(11), unitWidth: word(12),
            astral: word(13))
        guard word(0) == size, word(2) == signature.count,
            [
                counts.places, counts.names, counts.units, counts.strings, counts.blob, counts.keySlots, counts.keys,
                counts.postings, counts.trigramPostings,
            ].allSatisfy({ $0 >= 0 && $0 < Int(Int32.max) }),
            counts.unitWidth == 2 || counts.unitWidth == 4, counts.astral <= NameUnits.astralLimit,
            counts.keySlots >= 16, counts.keySlots & (counts.keySlots - 1) == 0, counts.keys * 2 <= counts.keySlots
        else { return nil }
        let sizes = CatalogImage.sectionSizes(counts, signature: signature.count)
        let bodySize = sizes.map(CatalogImage.padded).reduce(0, +)
        let bodyStart = BlockVerifier.bodyStart(bodySize)
        guard bodyStart + bodySize == size, storedSum == CatalogImage.headerChecksum(ofImage: raw) else { return nil }
        self.bodyStart = bodyStart
        verifier = BlockVerifier(
            start: mapping + bodyStart, size: bodySize,
            sums: (mapping + CatalogImage.headerSize).assumingMemoryBound(to: UInt32.self))
        var offsets: [Int] = []
        var offset = bodyStart
        for section in sizes {
            offsets.append(offset)
            offset += CatalogImage.padded(section)
        }
        let verifier = self.verifier
        func section<T>(_ index: Int, _ type: T.Type) -> GuardedBuffer<T> {
            GuardedBuffer(
                UnsafeBufferPointer(
                    start: (mapping + offsets[index]).assumingMemoryBound(to: T.self),
                    count: sizes[index] / MemoryLayout<T>.stride), verifier: verifier)
        }
        guard Array(UnsafeRawBufferPointer(section(0, UInt8.self).verified)) == signature, !verifier.damaged else {
            return nil
        }
        self.mapping = mapping
        mappingSize = size
        placeCount = counts.places
        latitudes = section(1, Double.self)
        longitudes = section(2, Double.self)
        populations = section(3, Int64.self)
        placeStringStart = section(4, Int32.self)
        stringEnds = section(5, UInt32.self)
        blob = section(6, UInt8.self)
        arrays = IndexArrays(
            units: counts.unitWidth == 2
                ? NameUnits(narrow: section(7, UInt16.self), astral: section(18, UInt32.self))
                : NameUnits(section(7, UInt32.self)), nameStart: section(8, Int32.self),
            placeNameStart: section(9, Int32.self),
            nameFlags: section(10, UInt8.self),
            keys: KeyLookup(slots: section(11, UInt64.self), ids: section(12, Int32.self), count: counts.keys),
            postingStart: section(13, Int32.self), postings: section(14, UInt8.self),
            trigramStart: section(15, Int32.self), trigramPostings: section(16, UInt8.self),
            nameSignature: section(17, UInt64.self))
    }

    deinit { munmap(mapping, mappingSize) }

    /// The file offset of `address`, a place inside the mapping (for tests that damage a byte).
    func offset(of address: UnsafeRawPointer) -> Int { address - UnsafeRawPointer(mapping) }

    /// Whether a read found damage (a block whose checksum fails, an offset out of range).
    var isDamaged: Bool { verifier.damaged }

    /// The checksum of the header words after the checksum itself (`image` is the whole file).
    /// The block table is left out: a start reads none of it, and a damaged sum is found when
    /// its block is checked.
    static func headerChecksum(ofImage image: UnsafeRawBufferPointer) -> UInt64 {
        checksum(UnsafeRawBufferPointer(rebasing: image[24..<headerSize]))
    }

    /// A fast 64-bit checksum (four multiply-xor lanes over 8-byte words, then the tail).
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let k: UInt64 = 0x9E37_79B9_7F4A_7C15
        var a: UInt64 = 1
        var b: UInt64 = 2
        var c: UInt64 = 3
        var d: UInt64 = 4
        let words = bytes.count / 8
        var index = 0
        while index + 4 <= words {
            a = (a ^ bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* k
            b = (b ^ bytes.loadUnaligned(fromByteOffset: index * 8 + 8, as: UInt64.self)) &* k
            c = (c ^ bytes.loadUnaligned(fromByteOffset: index * 8 + 16, as: UInt64.self)) &* k
            d = (d ^ bytes.loadUnaligned(fromByteOffset: index * 8 + 24, as: UInt64.self)) &* k
            a ^= a >> 29
            b ^= b >> 29
            c ^= c >> 29
            d ^= d >> 29
            index += 4
        }
        var tail: UInt64 = UInt64(bytes.count)
        for offset in (index * 8)..<bytes.count { tail = (tail ^ UInt64(bytes[offset])) &* k }
        var hash = a
        @inline(__always) func mix(_ lane: UInt64) {
            hash = (hash ^ lane) &* k
            hash ^= hash >> 31
        }
        mix(b)
        mix(c)
        mix(d)
        mix(tail)
        return hash
    }

    // MARK: places

    @inline(__always) private func string(_ index: Int) -> String? {
        let end = stringEnds[index + 1]
        if end & CatalogImage.absent != 0 { return nil }
        let start = Int(stringEnds[index] & ~CatalogImage.absent)
        guard start <= Int(end) else {
            verifier.damaged = true
            return ""
        }
        return String(decoding: blob.slice(start..<Int(end)).verified, as: UTF8.self)
    }

    func placeID(_ position: Int) -> String { string(Int(placeStringStart[position])) ?? "" }

    /// The category code of place `position` (its eighth string), without materialising it.
    func category(_ position: Int) -> String? {
        let strings = placeStringStart.span(
            placeStringStart[position], placeStringStart[position + 1], in: stringEnds.count - 1)
        return strings.count >= CatalogImage.fixedStrings ? string(strings.lowerBound + 7) : nil
    }

    func coordinate(_ position: Int) -> Coordinate {
        Coordinate(latitude: latitudes[position], longitude: longitudes[position])
    }

    func place(_ position: Int) -> Place {
        let strings = placeStringStart.span(
            placeStringStart[position], placeStringStart[position + 1], in: stringEnds.count - 1)
        guard strings.count >= CatalogImage.fixedStrings else {
            verifier.damaged = true
            return Place(placeID: "", name: "", latitude: 0, longitude: 0)
        }
        let first = strings.lowerBound
        var alternates: [String] = []
        alternates.reserveCapacity(strings.count - CatalogImage.fixedStrings)
        for index in (first + CatalogImage.fixedStrings)..<strings.upperBound { alternates.append(string(index) ?? "") }
        return Place(
            placeID: string(first) ?? "", name: string(first + 1) ?? "", koreanName: string(first + 2),
            alternateNames: alternates, countryName: string(first + 3) ?? "", regionName: string(first + 4),
            latitude: latitudes[position], longitude: longitudes[position],
            population: Int(populations[position]), timeZone: string(first + 5) ?? "",
            explicitAddress: string(first + 6), category: string(first + 7))
    }

    var allPlaces: [Place] {
        lock.lock()
        defer { lock.unlock() }
        if let materialized { return materialized }
        let places = (0..<placeCount).map(place)
        materialized = places
        return places
    }

    // MARK: writing

    /// Writes the image of `index` to `path` (through a temporary file and a rename); a failure
    /// only costs the next start-up time.
    static func write(_ index: PlaceIndex, signature: String, path: String) {
        guard index.hasPostings else { return }
        let arrays = index.arrays
        var counts = Counts()
        counts.places = index.placeCount
        counts.names = arrays.nameStart.count - 1
        counts.units = arrays.units.count
        let astral =
            arrays.units.isNarrow
            ? Array(arrays.units.astral.verified) : NameUnits.astralTable(arrays.units.wide.verified)
        counts.unitWidth = astral == nil ? 4 : 2
        counts.astral = astral?.count ?? 0
        counts.keySlots = arrays.keys.slots.count
        counts.keys = arrays.keys.count
        counts.postings = arrays.postings.count
        counts.trigramPostings = arrays.trigramPostings.count
        var latitudes: [Double] = []
        var longitudes: [Double] = []
        var populations: [Int64] = []
        var placeStringStart: [Int32] = [0]
        var ends: [UInt32] = [0]
        var blob: [UInt8] = []
        latitudes.reserveCapacity(counts.places)
        longitudes.reserveCapacity(counts.places)
        populations.reserveCapacity(counts.places)
        func add(_ text: String?) {
            guard let text else {
                ends.append(UInt32(blob.count) | absent)
                return
            }
            blob.append(contentsOf: text.utf8)
            ends.append(UInt32(blob.count))
        }
        for position in 0..<counts.places {
            let place = index.place(position)
            latitudes.append(place.latitude)
            longitudes.append(place.longitude)
            populations.append(Int64(place.population))
            for text in [
                place.placeID, place.name, place.koreanName, place.countryName, place.regionName,
                place.timeZone, place.explicitAddress, place.category,
            ] { add(text) }
            place.alternateNames.forEach(add)
            placeStringStart.append(Int32(ends.count - 1))
        }
        counts.strings = ends.count - 1
        counts.blob = blob.count
        let signatureBytes = Array(signature.utf8)
        let bodySize = sectionSizes(counts, signature: signatureBytes.count).map(padded).reduce(0, +)
        let bodyStart = BlockVerifier.bodyStart(bodySize)
        let folder = (path as NSString).deletingLastPathComponent
        // The data directory's files are the owner's alone (0600 in 0700 directories).
        try? FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = path + ".\(getpid()).tmp"
        let descriptor = Glibc.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        // The body streams to the file (its block checksums computed on the way), so writing
        // never holds a second copy of the index in memory; the header follows at offset 0.
        let body = BodyWriter(descriptor: descriptor, offset: bodyStart)
        func append<T>(_ buffer: UnsafeBufferPointer<T>) { body.append(UnsafeRawBufferPointer(buffer)) }
        func append<T>(_ array: [T]) { array.withUnsafeBufferPointer { append($0) } }
        func append<T>(_ buffer: GuardedBuffer<T>) { append(buffer.verified) }
        append(signatureBytes)
        append(latitudes)
        append(longitudes)
        append(populations)
        append(placeStringStart)
        append(ends)
        append(blob)
        if arrays.units.isNarrow {
            append(arrays.units.narrow)
        } else if let astral {
            body.appendNarrowed(arrays.units.wide.verified, astral: astral)
        } else {
            append(arrays.units.wide)
        }
        append(arrays.nameStart)
        append(arrays.placeNameStart)
        append(arrays.nameFlags)
        append(arrays.keys.slots)
        append(arrays.keys.ids)
        append(arrays.postingStart)
        append(arrays.postings)
        append(arrays.trigramStart)
        append(arrays.trigramPostings)
        append(arrays.nameSignature)
        append(astral ?? [])
        if !finish(body, counts: counts, signature: signatureBytes, descriptor: descriptor) {
            unlink(temporary)
            return
        }
        if rename(temporary, path) != 0 { unlink(temporary) }
    }

    /// Finishes an image whose body `body` has written: the header and block checksums at
    /// offset 0. False when a write failed or the body is not the size the counts make.
    static func finish(_ body: BodyWriter, counts: Counts, signature signatureBytes: [UInt8], descriptor: Int32)
        -> Bool
    {
        let bodySize = sectionSizes(counts, signature: signatureBytes.count).map(padded).reduce(0, +)
        let bodyStart = BlockVerifier.bodyStart(bodySize)
        guard let sums = body.finish(), body.written == bodySize else { return false }
        var header = Data(magic)
        for value in [UInt64(bodyStart + bodySize), 0, UInt64(signatureBytes.count)]
            + [
                counts.places, counts.names, counts.units, counts.strings, counts.blob, counts.keySlots, counts.keys,
                counts.postings, counts.trigramPostings, counts.unitWidth, counts.astral,
            ].map(UInt64.init)
        {
            withUnsafeBytes(of: value.littleEndian) { header.append(contentsOf: $0) }
        }
        let headerSum = header.withUnsafeBytes(headerChecksum(ofImage:))
        withUnsafeBytes(of: headerSum.littleEndian) { header.replaceSubrange(16..<24, with: $0) }
        for sum in sums {
            withUnsafeBytes(of: sum.littleEndian) { header.append(contentsOf: $0) }
        }
        header.append(contentsOf: [UInt8](repeating: 0, count: bodyStart - header.count))
        let headerWritten = header.withUnsafeBytes { BodyWriter.write(descriptor, $0, at: 0) }
        return headerWritten && header.count == bodyStart
    }
}

/// Writes an image's body at a file offset through a buffer of whole blocks, computing each
/// block's checksum (as `BlockVerifier.sums` does) as the block leaves the buffer.
final class BodyWriter {
    private let descriptor: Int32
    private var offset: Int
    /// Chunks end at multiples of `CatalogImage.hugePage` in the file: written so, the page
    /// cache holds the image in 2 MB folios, which a mapping at a 2 MB address maps with one
    /// fault each (`CatalogImage.mapAligned`); written in smaller pieces, it held small ones.
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: CatalogImage.hugePage, alignment: 8)
    private var filled = 0
    /// Where the current chunk ends: the next multiple of `hugePage` in the file.
    private var limit: Int
    private var sums: [UInt32] = []
    private var failed = false
    /// Bytes handed to the file so far.
    private(set) var written = 0

    init(descriptor: Int32, offset: Int) {
        self.descriptor = descriptor
        self.offset = offset
        limit = CatalogImage.hugePage - offset % CatalogImage.hugePage
    }

    deinit { buffer.deallocate() }

    /// Appends `bytes` and the zeros that pad them to 8 bytes.
    func append(_ bytes: UnsafeRawBufferPointer) {
        copy(bytes)
        let padding = CatalogImage.padded(bytes.count) - bytes.count
        if padding > 0 { withUnsafeBytes(of: UInt64(0)) { copy(UnsafeRawBufferPointer(rebasing: $0[0..<padding])) } }
    }

    /// Appends `bytes` with no padding: one piece of a section written in several.
    func appendPart(_ bytes: UnsafeRawBufferPointer) { copy(bytes) }

    /// The zeros that pad a section of `size` bytes, written in parts, to 8 bytes.
    func pad(_ size: Int) {
        let padding = CatalogImage.padded(size) - size
        if padding > 0 { withUnsafeBytes(of: UInt64(0)) { copy(UnsafeRawBufferPointer(rebasing: $0[0..<padding])) } }
    }

    /// Appends `units` as 16-bit values (those past 16 bits as escapes into `astral`, which
    /// holds them all) and the zeros that pad them to 8 bytes, a chunk at a time (no narrowed
    /// copy of them all is held).
    func appendNarrowed(_ units: UnsafeBufferPointer<UInt32>, astral: [UInt32]) {
        var escapes: [UInt32: UInt16] = [:]
        for (index, unit) in astral.enumerated() { escapes[unit] = NameUnits.escape + UInt16(index) }
        var chunk = [UInt16](repeating: 0, count: 1 << 14)
        var done = 0
        while done < units.count {
            let count = min(chunk.count, units.count - done)
            for index in 0..<count {
                let unit = units[done + index]
                chunk[index] = unit > UInt32(UInt16.max) ? escapes[unit]! : UInt16(unit)
            }
            chunk.withUnsafeBytes { copy(UnsafeRawBufferPointer(rebasing: $0[0..<(count * 2)])) }
            done += count
        }
        let padding = CatalogImage.padded(units.count * 2) - units.count * 2
        if padding > 0 { withUnsafeBytes(of: UInt64(0)) { copy(UnsafeRawBufferPointer(rebasing: $0[0..<padding])) } }
    }

    private func copy(_ bytes: UnsafeRawBufferPointer) {
        var rest = bytes
        while !rest.isEmpty {
            let count = min(rest.count, limit - filled)
            UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<(filled + count)]).copyMemory(
                from: UnsafeRawBufferPointer(rebasing: rest[0..<count]))
            filled += count
            rest = UnsafeRawBufferPointer(rebasing: rest[count...])
            if filled == limit { flush() }
        }
    }

    /// Writes what is buffered; the block checksums of everything, or nil when a write failed.
    func finish() -> [UInt32]? {
        flush()
        return failed ? nil : sums
    }

    private func flush() {
        guard filled > 0 else { return }
        let bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<filled])
        sums += BlockVerifier.sums(of: bytes)
        if !BodyWriter.write(descriptor, bytes, at: offset) { failed = true }
        offset += filled
        written += filled
        filled = 0
        limit = CatalogImage.hugePage
    }

    /// `pwrite` until every byte is written; false on an error (a full disk).
    static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        var done = 0
        while done < bytes.count {
            let count = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if count <= 0 { return false }
            done += count
        }
        return true
    }
}
