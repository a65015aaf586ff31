import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A whole catalog (places, normalised names, posting lists) in one file that is mapped into
/// memory and searched in place: loading it costs a checksum instead of parsing the TSV,
/// normalising every name and building the posting lists. `Place` values are made only for the
/// places a caller asks for (search hits, `place(id:)`), or all at once for `places`.
///
/// Layout (little-endian, every section padded to 8 bytes): the 8-byte magic `TERNCAT6`, then
/// `headerWords` `UInt64`s — file size, checksum of everything after the header, signature
/// length, place, name, unit, string, blob, key-slot, key, posting and trigram-posting counts — then the sections
/// in the order `sectionSizes` lists. It is never trusted blindly: the size must match the
/// counts, the signature (source files' path, size, modification time and inode, the format
/// version and the running executable) must match, the checksum must match, and every offset
/// the search loops follow without bounds checks is checked to rise and stay in range.
final class CatalogImage: @unchecked Sendable {
    static let magic: [UInt8] = Array("TERNCAT6".utf8)
    static let headerWords = 12
    static let headerSize = 8 + headerWords * 8
    /// Strings stored per place before its alternates: id, name, Korean name, country, region,
    /// time zone, address (the optional ones with length `UInt32.max` when absent).
    static let fixedStrings = 7
    static let absent = UInt32.max

    let placeCount: Int
    let latitudes: UnsafeBufferPointer<Double>
    let longitudes: UnsafeBufferPointer<Double>
    let populations: UnsafeBufferPointer<Int64>
    let placeStringStart: UnsafeBufferPointer<Int32>
    let stringRefs: UnsafeBufferPointer<UInt32>
    let blob: UnsafeBufferPointer<UInt8>
    let units: UnsafeBufferPointer<UInt32>
    let nameStart: UnsafeBufferPointer<Int32>
    let placeNameStart: UnsafeBufferPointer<Int32>
    let nameFlags: UnsafeBufferPointer<UInt8>
    let nameOwner: UnsafeBufferPointer<Int32>
    let keys: KeyLookup
    let postingStart: UnsafeBufferPointer<Int32>
    let postings: UnsafeBufferPointer<UInt32>
    let trigramStart: UnsafeBufferPointer<Int32>
    let trigramPostings: UnsafeBufferPointer<UInt32>
    let nameSignature: UnsafeBufferPointer<UInt64>

    private let mapping: UnsafeMutableRawPointer
    private let mappingSize: Int
    private let lock = NSLock()
    private var materialized: [Place]?

    struct Counts {
        var places = 0, names = 0, units = 0, strings = 0, blob = 0, keySlots = 0, keys = 0, postings = 0, trigramPostings = 0
    }

    /// Byte sizes of the sections, in file order.
    static func sectionSizes(_ c: Counts, signature: Int) -> [Int] {
        [signature, c.places * 8, c.places * 8, c.places * 8, (c.places + 1) * 4, c.strings * 8, c.blob,
         c.units * 4, (c.names + 1) * 4, (c.places + 1) * 4, c.names, c.names * 4,
         c.keySlots * 8, c.keySlots * 4, (c.keys + 1) * 4, c.postings * 4, (Trigrams.count + 1) * 4, c.trigramPostings * 4, c.names * 8]
    }

    static func padded(_ size: Int) -> Int { (size + 7) & ~7 }

    /// Maps and validates the image at `path`; `nil` when it is missing, stale or damaged.
    static func open(path: String, signature: String) -> CatalogImage? {
        let descriptor = Glibc.open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size >= headerSize else { return nil }
        let size = Int(info.st_size)
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else { return nil }
        let image = CatalogImage(mapping: mapped, size: size, signature: Array(signature.utf8))
        if image == nil { munmap(mapped, size) }
        return image
    }

    private init?(mapping: UnsafeMutableRawPointer, size: Int, signature: [UInt8]) {
        let raw = UnsafeRawBufferPointer(start: mapping, count: size)
        guard Array(raw[0..<8]) == CatalogImage.magic else { return nil }
        func word(_ index: Int) -> Int {
            let value = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8 + index * 8, as: UInt64.self))
            return value > UInt64(Int32.max) * 64 ? -1 : Int(value)
        }
        let storedSum = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
        let counts = Counts(places: word(3), names: word(4), units: word(5), strings: word(6), blob: word(7),
                            keySlots: word(8), keys: word(9), postings: word(10), trigramPostings: word(11))
        guard word(0) == size, word(2) == signature.count,
              [counts.places, counts.names, counts.units, counts.strings, counts.blob, counts.keySlots, counts.keys,
               counts.postings, counts.trigramPostings].allSatisfy({ $0 >= 0 && $0 < Int(Int32.max) / 4 }) else { return nil }
        let sizes = CatalogImage.sectionSizes(counts, signature: signature.count)
        guard CatalogImage.headerSize + sizes.map(CatalogImage.padded).reduce(0, +) == size else { return nil }
        var offsets: [Int] = []
        var offset = CatalogImage.headerSize
        for section in sizes {
            offsets.append(offset)
            offset += CatalogImage.padded(section)
        }
        guard Array(raw[offsets[0]..<(offsets[0] + signature.count)]) == signature,
              storedSum == CatalogImage.checksum(UnsafeRawBufferPointer(rebasing: raw[CatalogImage.headerSize...]))
        else { return nil }
        func section<T>(_ index: Int, _ type: T.Type) -> UnsafeBufferPointer<T> {
            UnsafeBufferPointer(start: (mapping + offsets[index]).assumingMemoryBound(to: T.self),
                                count: sizes[index] / MemoryLayout<T>.stride)
        }
        self.mapping = mapping
        mappingSize = size
        placeCount = counts.places
        latitudes = section(1, Double.self)
        longitudes = section(2, Double.self)
        populations = section(3, Int64.self)
        placeStringStart = section(4, Int32.self)
        stringRefs = section(5, UInt32.self)
        blob = section(6, UInt8.self)
        units = section(7, UInt32.self)
        nameStart = section(8, Int32.self)
        placeNameStart = section(9, Int32.self)
        nameFlags = section(10, UInt8.self)
        nameOwner = section(11, Int32.self)
        keys = KeyLookup(slots: section(12, UInt64.self), ids: section(13, Int32.self), count: counts.keys)
        postingStart = section(14, Int32.self)
        postings = section(15, UInt32.self)
        trigramStart = section(16, Int32.self)
        trigramPostings = section(17, UInt32.self)
        nameSignature = section(18, UInt64.self)
        guard CatalogImage.rises(placeStringStart, to: counts.strings, step: Int32(CatalogImage.fixedStrings)),
              CatalogImage.rises(nameStart, to: counts.units, step: 0),
              CatalogImage.rises(placeNameStart, to: counts.names, step: 1),
              CatalogImage.rises(postingStart, to: counts.postings, step: 0),
              CatalogImage.rises(trigramStart, to: counts.trigramPostings, step: 0),
              trigramPostings.isEmpty || Int(CatalogImage.maximum(trigramPostings) >> MatchRank.shift) < counts.places,
              nameFlags.allSatisfy({ $0 <= NameFlags.hangul | NameFlags.alternate }),
              nameOwner.allSatisfy({ $0 >= 0 && Int($0) < counts.places }),
              counts.keySlots >= 16, counts.keySlots & (counts.keySlots - 1) == 0,
              keys.slots.filter({ $0 != KeyTable.empty }).count == counts.keys, counts.keys * 2 <= counts.keySlots,
              zip(keys.slots, keys.ids).allSatisfy({ $0 == KeyTable.empty || ($1 >= 0 && Int($1) < counts.keys) })
        else { return nil }
        // Single-unit lists hold places, pair lists names: each within its bound.
        for (slot, key) in keys.slots.enumerated() where key != KeyTable.empty {
            let id = Int(keys.ids[slot])
            let list = UnsafeBufferPointer(rebasing: postings[Int(postingStart[id])..<Int(postingStart[id + 1])])
            let bound = key >> 63 == 1 ? counts.names : counts.places
            if !list.isEmpty && Int(CatalogImage.maximum(list) >> MatchRank.shift) >= bound { return nil }
        }
    }

    deinit { munmap(mapping, mappingSize) }

    /// Whether `offsets` starts at 0, rises by at least `step` and ends at `end`.
    static func rises(_ offsets: UnsafeBufferPointer<Int32>, to end: Int, step: Int32) -> Bool {
        guard offsets.first == 0, offsets.last.map(Int.init) == end else { return false }
        var previous: Int32 = 0
        for value in offsets.dropFirst() {
            if value - previous < step { return false }
            previous = value
        }
        return true
    }

    static func maximum(_ values: UnsafeBufferPointer<UInt32>) -> UInt32 {
        var a: UInt32 = 0, b: UInt32 = 0, c: UInt32 = 0, d: UInt32 = 0
        var index = 0
        while index + 4 <= values.count {
            a = max(a, values[index]); b = max(b, values[index + 1])
            c = max(c, values[index + 2]); d = max(d, values[index + 3])
            index += 4
        }
        while index < values.count { a = max(a, values[index]); index += 1 }
        return max(max(a, b), max(c, d))
    }

    /// A fast 64-bit checksum (four multiply-xor lanes over 8-byte words, then the tail).
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let k: UInt64 = 0x9E37_79B9_7F4A_7C15
        var a: UInt64 = 1, b: UInt64 = 2, c: UInt64 = 3, d: UInt64 = 4
        let words = bytes.count / 8
        var index = 0
        while index + 4 <= words {
            a = (a ^ bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* k
            b = (b ^ bytes.loadUnaligned(fromByteOffset: index * 8 + 8, as: UInt64.self)) &* k
            c = (c ^ bytes.loadUnaligned(fromByteOffset: index * 8 + 16, as: UInt64.self)) &* k
            d = (d ^ bytes.loadUnaligned(fromByteOffset: index * 8 + 24, as: UInt64.self)) &* k
            a ^= a >> 29; b ^= b >> 29; c ^= c >> 29; d ^= d >> 29
            index += 4
        }
        var tail: UInt64 = UInt64(bytes.count)
        for offset in (index * 8)..<bytes.count { tail = (tail ^ UInt64(bytes[offset])) &* k }
        var hash = a
        for lane in [b, c, d, tail] { hash = (hash ^ lane) &* k; hash ^= hash >> 31 }
        return hash
    }

    // MARK: places

    @inline(__always) private func string(_ index: Int) -> String? {
        let offset = Int(stringRefs[index * 2]), length = stringRefs[index * 2 + 1]
        if length == CatalogImage.absent { return nil }
        // Out-of-range references (only a damaged file with a matching checksum) read as empty.
        guard offset + Int(length) <= blob.count else { return "" }
        return String(decoding: UnsafeBufferPointer(rebasing: blob[offset..<(offset + Int(length))]), as: UTF8.self)
    }

    func placeID(_ position: Int) -> String { string(Int(placeStringStart[position])) ?? "" }

    func coordinate(_ position: Int) -> Coordinate {
        Coordinate(latitude: latitudes[position], longitude: longitudes[position])
    }

    func place(_ position: Int) -> Place {
        let first = Int(placeStringStart[position]), end = Int(placeStringStart[position + 1])
        var alternates: [String] = []
        alternates.reserveCapacity(end - first - CatalogImage.fixedStrings)
        for index in (first + CatalogImage.fixedStrings)..<end { alternates.append(string(index) ?? "") }
        return Place(placeID: string(first) ?? "", name: string(first + 1) ?? "", koreanName: string(first + 2),
                     alternateNames: alternates, countryName: string(first + 3) ?? "", regionName: string(first + 4),
                     latitude: latitudes[position], longitude: longitudes[position],
                     population: Int(populations[position]), timeZone: string(first + 5) ?? "",
                     explicitAddress: string(first + 6))
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
        var counts = Counts()
        counts.places = index.placeCount
        counts.names = index.nameStart.count - 1
        counts.units = index.units.count
        counts.keySlots = index.keys.slots.count
        counts.keys = index.keys.count
        counts.postings = index.postings.count
        counts.trigramPostings = index.trigramPostings.count
        var latitudes: [Double] = [], longitudes: [Double] = [], populations: [Int64] = []
        var placeStringStart: [Int32] = [0], refs: [UInt32] = []
        var blob: [UInt8] = []
        latitudes.reserveCapacity(counts.places)
        longitudes.reserveCapacity(counts.places)
        populations.reserveCapacity(counts.places)
        func add(_ text: String?) {
            guard let text else {
                refs.append(0)
                refs.append(absent)
                return
            }
            refs.append(UInt32(blob.count))
            refs.append(UInt32(text.utf8.count))
            blob.append(contentsOf: text.utf8)
        }
        for position in 0..<counts.places {
            let place = index.place(position)
            latitudes.append(place.latitude)
            longitudes.append(place.longitude)
            populations.append(Int64(place.population))
            for text in [place.placeID, place.name, place.koreanName, place.countryName, place.regionName,
                         place.timeZone, place.explicitAddress] { add(text) }
            place.alternateNames.forEach(add)
            placeStringStart.append(Int32(refs.count / 2))
        }
        counts.strings = refs.count / 2
        counts.blob = blob.count
        let signatureBytes = Array(signature.utf8)
        var body = Data()
        body.reserveCapacity(sectionSizes(counts, signature: signatureBytes.count).map(padded).reduce(0, +))
        func append<T>(_ buffer: UnsafeBufferPointer<T>) {
            let raw = UnsafeRawBufferPointer(buffer)
            body.append(contentsOf: raw)
            body.append(contentsOf: [UInt8](repeating: 0, count: padded(raw.count) - raw.count))
        }
        func append<T>(_ array: [T]) { array.withUnsafeBufferPointer { append($0) } }
        append(signatureBytes)
        append(latitudes)
        append(longitudes)
        append(populations)
        append(placeStringStart)
        append(refs)
        append(blob)
        append(index.units)
        append(index.nameStart)
        append(index.placeNameStart)
        append(index.nameFlags)
        append(index.nameOwner)
        append(index.keys.slots)
        append(index.keys.ids)
        append(index.postingStart)
        append(index.postings)
        append(index.trigramStart)
        append(index.trigramPostings)
        append(index.nameSignature)
        let sum = body.withUnsafeBytes { checksum($0) }
        var header = Data(magic)
        for value in [UInt64(headerSize + body.count), sum, UInt64(signatureBytes.count)] + [counts.places, counts.names, counts.units,
                      counts.strings, counts.blob, counts.keySlots, counts.keys, counts.postings, counts.trigramPostings].map(UInt64.init) {
            withUnsafeBytes(of: value.littleEndian) { header.append(contentsOf: $0) }
        }
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = path + ".\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: header + body) else { return }
        if rename(temporary, path) != 0 { unlink(temporary) }
    }
}
