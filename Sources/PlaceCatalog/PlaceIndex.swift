import Foundation
import Workers

/// How a query met a name, best first: the ranking's primary key.
public enum MatchKind: Int, Sendable, Comparable, CaseIterable {
    /// The whole name (a half-typed last syllable counts: `서우` is exact for 서울).
    case exact = 0
    /// The start of the name.
    case prefix = 1
    /// The start of a later word (after a space, hyphen or other punctuation).
    case wordPrefix = 2
    /// Anywhere else.
    case substring = 3

    public static func < (lhs: MatchKind, rhs: MatchKind) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A match's place in the ranking, packed in 4 bits (`kind << 2 | alternate << 1 | viaJamo`,
/// the low bits of every posting): its level is the kind, one lower for an alternate name or
/// code (so a small town's exact code ties with a large city's name prefix, and population
/// decides), and at the same level a literal match goes before one reached only through initials
/// or a half-typed syllable.
enum MatchRank {
    static let shift: UInt32 = 4
    static let mask: UInt32 = 15
    /// Ranks run 0 ..< count, best first: `2 × (kind + alternate) + viaJamo`.
    static let count = 10

    @inline(__always) static func bits(_ kind: MatchKind, alternate: Bool, viaJamo: Bool) -> UInt8 {
        UInt8(kind.rawValue) << 2 | (alternate ? 2 : 0) | (viaJamo ? 1 : 0)
    }

    @inline(__always) static func kind(_ bits: UInt8) -> MatchKind { MatchKind(rawValue: Int(bits >> 2))! }

    @inline(__always) static func rank(_ bits: UInt8) -> Int {
        2 * (Int(bits >> 2) + Int(bits >> 1 & 1)) + Int(bits & 1)
    }

    /// The total order of matches: rank, then the better kind (a tie of an alternate's exact
    /// match and a name's prefix keeps the exact one, which the trigram search relies on).
    @inline(__always) static func order(_ bits: UInt8) -> Int { rank(bits) << 2 | Int(bits >> 2) }
}

/// Per-name flags kept beside the units.
enum NameFlags {
    /// The name holds Hangul (syllable or jamo): others cannot match a Hangul query.
    static let hangul: UInt8 = 1
    /// The name is an alternate name or code, not the place's name or Korean name.
    static let alternate: UInt8 = 2
}

/// The search index: every name's units in one contiguous buffer, and posting lists of the
/// places containing each unit and each pair of adjacent units of the names' *projection*
/// (Hangul syllables replaced by their initial consonant, so chosung and half-typed queries
/// share the lists). Places are numbered by falling population, so every posting list is
/// already in ranking order for ties. Each posting also carries the best `MatchKind` of that
/// place for a query equal to the key, so one- and two-unit Latin or chosung queries are
/// answered from the list alone; longer or Hangul-syllable queries intersect the lists of all
/// their pairs (or trigrams) and check each candidate place's names.
final class PlaceIndex: @unchecked Sendable {
    // @unchecked: every field is a constant, and the buffers they point to are never written after the build.
    /// Where the places come from: an array, or a mapped catalog image that materialises a
    /// `Place` only when asked (`place(_:)`).
    let store: PlaceStore
    let placeCount: Int
    /// The arrays the search reads: in buffers the index owns, or in a mapped catalog image.
    let arrays: IndexArrays
    /// False when built without posting lists (`PlaceCatalog(places:indexed: false)`): every
    /// search then scans all names, which is cheaper than building lists for one query.
    let hasPostings: Bool
    /// Frees the owned buffers (or unmaps the image) with the index.
    private let memory: AnyObject

    @inline(__always) var units: NameUnits { arrays.units }
    @inline(__always) var nameStart: GuardedBuffer<Int32> { arrays.nameStart }
    @inline(__always) var placeNameStart: GuardedBuffer<Int32> { arrays.placeNameStart }
    @inline(__always) var nameFlags: GuardedBuffer<UInt8> { arrays.nameFlags }
    @inline(__always) var keys: KeyLookup { arrays.keys }
    @inline(__always) var postingStart: GuardedBuffer<Int32> { arrays.postingStart }
    @inline(__always) var postings: GuardedBuffer<UInt8> { arrays.postings }
    @inline(__always) var trigramStart: GuardedBuffer<Int32> { arrays.trigramStart }
    @inline(__always) var trigramPostings: GuardedBuffer<UInt8> { arrays.trigramPostings }
    @inline(__always) var nameSignature: GuardedBuffer<UInt64> { arrays.nameSignature }

    /// Whether a read found the image under this index damaged (never for a built index).
    var isDamaged: Bool {
        if case .image(let image) = store { return image.isDamaged }
        return false
    }

    /// `nameStart[name] ..< nameStart[name + 1]`, bounds-checked: the units of name `name`.
    @inline(__always) func unitRange(_ name: Int) -> Range<Int> {
        nameStart.span(nameStart[name], nameStart[name + 1], in: units.count)
    }

    /// `placeNameStart[place] ..< placeNameStart[place + 1]`, bounds-checked: the names of `place`.
    @inline(__always) func nameRange(_ place: Int) -> Range<Int> {
        placeNameStart.span(placeNameStart[place], placeNameStart[place + 1], in: nameFlags.count)
    }

    /// Every place, in index order (materialised once when the store is an image).
    var places: [Place] { store.all }

    @inline(__always) func place(_ position: Int) -> Place { store.place(position) }

    /// An index over a catalog image's arrays, which `image` keeps mapped.
    init(image: CatalogImage) {
        store = .image(image)
        placeCount = image.placeCount
        arrays = image.arrays
        hasPostings = true
        memory = image
    }

    init(places unordered: [Place], withPostings: Bool = true, cachedNames: NormalizedNames? = nil) {
        // Compare on plain arrays (copying `Place` values in the comparator retains every field);
        // input already in index order (a catalog file is) is kept as it is, without a copy.
        let populations = unordered.map(\.population)
        func before(_ a: Int, _ b: Int) -> Bool {
            populations[a] != populations[b]
                ? populations[a] > populations[b] : unordered[a].placeID < unordered[b].placeID
        }
        let places: [Place]
        if unordered.indices.dropFirst().allSatisfy({ before($0 - 1, $0) }) {
            places = unordered
        } else {
            places = unordered.indices.sorted(by: before).map { unordered[$0] }
        }
        store = .array(places)
        placeCount = places.count
        let names = cachedNames.flatMap { $0.fits(places) ? $0 : nil } ?? NormalizedNames(places)
        let units = names.units
        let nameStart = names.nameStart
        let placeNameStart = names.placeNameStart
        let owned = OwnedBuffers()
        memory = owned
        let unitsRaw = owned.keep(units)
        let nameStartRaw = owned.keep(nameStart)
        let placeNameStartRaw = owned.keep(placeNameStart)
        let flags = PlaceIndex.nameFlags(places, units, nameStart, placeNameStart)
        let flagsRaw = owned.keep(flags)
        hasPostings = withPostings
        guard withPostings else {
            arrays = IndexArrays(
                units: .init(unitsRaw), nameStart: .init(nameStartRaw), placeNameStart: .init(placeNameStartRaw),
                nameFlags: .init(flagsRaw), keys: owned.lookup(KeyTable(capacity: 1)),
                postingStart: .init(owned.copy([0])), postings: .init(owned.copy([UInt8]())),
                trigramStart: .init(owned.copy([Int32](repeating: 0, count: Trigrams.count + 1))),
                trigramPostings: .init(owned.copy([UInt8]())), nameSignature: .init(owned.copy([])))
            return
        }
        // Scratch and result arrays the loop writes by index live in raw buffers: array writes
        // inside the closures below would each pay a uniqueness check.
        let signatures = owned.allocate(UInt64(0), count: nameStart.count - 1)
        // The trigram lists and name signatures are independent of the unit and pair lists:
        // the indexing lane builds them meanwhile (it reads only the normalised names).
        let trigramInput = BuildResult(
            value: (unitsRaw, nameStartRaw, placeNameStartRaw, flagsRaw, places.count, signatures))
        let trigramResult = BuildResult<([Int32], [UInt8])>(value: nil)
        Workers.shared.run(.indexing) {
            let (units, nameStart, placeNameStart, flags, placeCount, signatures) = trigramInput.value!
            trigramResult.value = TrigramListBuilder.build(
                units, nameStart, placeNameStart, flags,
                placeCount: placeCount, signatures: signatures)
            trigramResult.done.signal()
        }
        let (keys, start, postings) = PostingListBuilder.build(
            unitsRaw, nameStartRaw, placeNameStartRaw, flagsRaw,
            placeCount: places.count, into: owned)
        trigramResult.done.wait()
        let (trigramStart, trigramPostings) = trigramResult.value!
        arrays = IndexArrays(
            units: .init(unitsRaw), nameStart: .init(nameStartRaw), placeNameStart: .init(placeNameStartRaw),
            nameFlags: .init(flagsRaw), keys: owned.lookup(keys),
            postingStart: .init(owned.keep(start)), postings: .init(postings),
            trigramStart: .init(owned.keep(trigramStart)), trigramPostings: .init(owned.keep(trigramPostings)),
            nameSignature: .init(UnsafeBufferPointer(signatures)))
        #if os(Linux)
            // The build's scratch (a few hundred MB at peak for a large catalog) is freed by now;
            // hand the pages the allocator kept back to the system.
            _ = glibcMallocTrim(0)
        #endif
    }

    /// Per name, its `NameFlags`: alternate (after the place's name and Korean name), Hangul.
    static func nameFlags(_ places: [Place], _ units: [UInt32], _ nameStart: [Int32], _ placeNameStart: [Int32])
        -> [UInt8]
    {
        var flags = [UInt8](repeating: 0, count: nameStart.count - 1)
        for place in 0..<places.count {
            let first = Int(placeNameStart[place])
            let primaries = places[place].koreanName == nil ? 1 : 2
            for name in first..<Int(placeNameStart[place + 1]) {
                if name - first >= primaries { flags[name] |= NameFlags.alternate }
                for position in Int(nameStart[name])..<Int(nameStart[name + 1])
                where Hangul.isSyllable(units[position]) || Hangul.isJamo(units[position]) {
                    flags[name] |= NameFlags.hangul
                    break
                }
            }
        }
        return flags
    }

    /// The normalised names, for the start-up cache (`PlaceCatalog.load(cacheDirectory:)`).
    var normalizedNames: NormalizedNames {
        NormalizedNames(
            units: units.all, nameStart: Array(nameStart.verified), placeNameStart: Array(placeNameStart.verified))
    }

    /// A counting sort of `entries` by key (stable, so each list keeps the entries' order):
    /// the lists' start offsets (`keyCount + 1`) and the entries grouped.
    static func group(
        _ entries: UnsafeBufferPointer<UInt32>, by keyOfEntry: UnsafeBufferPointer<Int32>,
        keyCount: Int
    ) -> ([Int32], [UInt32]) {
        var start = [Int32](repeating: 0, count: keyCount + 1)
        start.withUnsafeMutableBufferPointer { start in
            for id in keyOfEntry { start[Int(id) + 1] += 1 }
            for index in 0..<keyCount { start[index + 1] += start[index] }
        }
        let fill = UnsafeMutableBufferPointer<Int32>.allocate(capacity: keyCount + 1)
        defer { fill.deallocate() }
        _ = fill.initialize(from: start)
        let grouped = [UInt32](unsafeUninitializedCapacity: entries.count) { grouped, count in
            for index in 0..<keyOfEntry.count {
                let id = Int(keyOfEntry[index])
                grouped[Int(fill[id])] = entries[index]
                fill[id] += 1
            }
            count = entries.count
        }
        return (start, grouped)
    }

    @inline(__always)
    static func note(
        _ key: UInt64, _ bits: UInt8, _ local: inout KeyTable,
        _ localKind: inout [UInt8], _ localKeys: inout [UInt64]
    ) {
        let before = local.count
        let slot = Int(local.insert(key))
        if slot == before {
            localKind.append(bits)
            localKeys.append(key)
        } else if MatchRank.order(bits) < MatchRank.order(localKind[slot]) {
            localKind[slot] = bits
        }
    }

    /// The kind of a match of units `first ... last` (the name's spaces between them skipped)
    /// in the name `start ..< end`.
    @inline(__always)
    static func kind(at first: Int, last: Int, _ start: Int, _ end: Int, _ buffer: UnsafeBufferPointer<UInt32>)
        -> MatchKind
    {
        if first == start { return last == end - 1 ? .exact : .prefix }
        return buffer[first - 1] == TextNormalizer.space ? .wordPrefix : .substring
    }

    /// A syllable's initial consonant; any other unit as itself.
    @inline(__always) static func project(_ unit: UInt32) -> UInt32 {
        Hangul.isSyllable(unit) ? Hangul.initials[Int((unit - Hangul.syllableBase) / 588)] : unit
    }

    /// The key of a syllable's first two keystrokes (initial consonant, first keystroke of the
    /// vowel): a one-syllable query, whole or half-typed, can only match a syllable sharing them,
    /// so its place list is short where the initial consonant's alone is long.
    @inline(__always) static func syllableStartKey(_ syllable: UInt32, _ jamo: UnsafeBufferPointer<UInt32>) -> UInt64 {
        let index = Int(syllable - Hangul.syllableBase)
        return 1 << 62 | UInt64(SyllableJamo.key(index, 0, jamo)) << 24 | UInt64(SyllableJamo.key(index, 1, jamo))
    }

    /// The signature bit (`IndexArrays.nameSignature`) of a syllable: its first two keystrokes',
    /// which every name matching a query holding it shares (whole, or half-typed last).
    @inline(__always) static func syllableBit(_ syllable: UInt32, _ jamo: UnsafeBufferPointer<UInt32>) -> UInt64 {
        Trigrams.bit(Int(truncatingIfNeeded: syllableStartKey(syllable, jamo)))
    }

    @inline(__always) static func pairKey(_ first: UInt32, _ second: UInt32) -> UInt64 {
        1 << 63 | UInt64(first) << 32 | UInt64(second)
    }

    /// The posting list of `key`, or an empty one.
    func postingList(_ key: UInt64) -> PostingList {
        guard let id = keys.find(key) else { return postings.postingList(0, 0) }
        return postings.postingList(postingStart[Int(id)], postingStart[Int(id) + 1])
    }
}

/// An open-addressing hash table from `UInt64` keys to dense ids `0 ..< count` in insertion
/// order (Swift's Dictionary is several times slower for the index build).
struct KeyTable {
    private(set) var slots: [UInt64]
    private(set) var ids: [Int32]
    private var mask: Int
    private var used: [Int32] = []
    private(set) var count = 0
    static let empty = UInt64.max

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [UInt64](repeating: KeyTable.empty, count: size)
        ids = [Int32](repeating: -1, count: size)
        mask = size - 1
    }

    mutating func removeAll() {
        guard count > 0 else { return }
        for index in used { slots[Int(index)] = KeyTable.empty }
        used.removeAll(keepingCapacity: true)
        count = 0
    }

    @inline(__always) static func hash(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 17)
    }

    /// The id of `key`, adding it (with id `count`) when new.
    @inline(__always) mutating func insert(_ key: UInt64) -> Int32 {
        if (count + 1) * 2 > slots.count { grow() }
        var index = KeyTable.hash(key) & mask
        while true {
            let slot = slots[index]
            if slot == key { return ids[index] }
            if slot == KeyTable.empty {
                slots[index] = key
                ids[index] = Int32(count)
                used.append(Int32(index))
                count += 1
                return ids[index]
            }
            index = (index + 1) & mask
        }
    }

    private mutating func grow() {
        let oldSlots = slots
        let oldIds = ids
        let size = slots.count * 2
        slots = [UInt64](repeating: KeyTable.empty, count: size)
        ids = [Int32](repeating: -1, count: size)
        mask = size - 1
        used.removeAll(keepingCapacity: true)
        for (index, key) in oldSlots.enumerated() where key != KeyTable.empty {
            var target = KeyTable.hash(key) & mask
            while slots[target] != KeyTable.empty { target = (target + 1) & mask }
            slots[target] = key
            ids[target] = oldIds[index]
            used.append(Int32(target))
        }
    }
}

/// Trigrams of the units `a`–`z`, `0`–`9` and space, numbered densely so the index keeps
/// them in plain arrays: a 3+ unit query in that alphabet is driven by its rarest trigram,
/// and a 3-unit one is answered from its trigram's list alone.
enum Trigrams {
    static let base = 38
    static let count = base * base * base

    /// 1–37 for a unit of the alphabet, 0 otherwise.
    @inline(__always) static func code(_ unit: UInt32) -> Int {
        switch unit {
        case 0x61...0x7A: return Int(unit - 0x60)
        case 0x30...0x39: return Int(unit - 0x30) + 27
        case TextNormalizer.space: return 37
        default: return 0
        }
    }

    /// The unit of `code` (1–37): the inverse of `code(_:)`.
    @inline(__always) static func unit(_ code: Int) -> UInt32 {
        code <= 26 ? UInt32(0x60 + code) : code <= 36 ? UInt32(0x30 + code - 27) : TextNormalizer.space
    }

    @inline(__always) static func id(_ first: Int, _ second: Int, _ third: Int) -> Int {
        (first * base + second) * base + third
    }

    /// The signature bit of trigram `id`.
    @inline(__always) static func bit(_ id: Int) -> UInt64 {
        1 << ((UInt64(truncatingIfNeeded: id) &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }
}

/// A copy of `array` in memory the caller owns and must `deallocate()`.
func ownedBuffer<T>(_ array: [T]) -> UnsafeBufferPointer<T> {
    let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(array.count, 1))
    _ = buffer.initialize(from: array)
    return UnsafeBufferPointer(rebasing: buffer[0..<array.count])
}

#if os(Linux)
    /// glibc's `malloc_trim` (in <malloc.h>, which the Glibc module does not expose).
    @_silgen_name("malloc_trim")
    func glibcMallocTrim(_ pad: Int) -> Int32
#endif

/// A value one thread hands to another, with the signal that it is there.
final class BuildResult<Value>: @unchecked Sendable {
    // @unchecked: `value` is written before `done` is signalled and read only after waiting on it.
    var value: Value?
    let done = DispatchSemaphore(value: 0)

    init(value: Value?) { self.value = value }
}

/// Buffers of plain values that live as long as this object.
final class OwnedBuffers {
    private var allocations: [UnsafeMutableRawPointer] = []

    /// `array` copied into memory this object owns: a pointer into an array's own storage may
    /// not outlive `withUnsafeBufferPointer`, so none is kept.
    func keep<T>(_ array: [T]) -> UnsafeBufferPointer<T> { copy(array) }

    func copy<T>(_ array: [T]) -> UnsafeBufferPointer<T> {
        let buffer = raw(T.self, count: array.count)
        _ = buffer.initialize(from: array)
        return UnsafeBufferPointer(buffer)
    }

    /// A buffer of `count` copies of `value`.
    func allocate<T>(_ value: T, count: Int) -> UnsafeMutableBufferPointer<T> {
        let buffer = raw(T.self, count: count)
        buffer.initialize(repeating: value)
        return buffer
    }

    func lookup(_ table: KeyTable) -> KeyLookup {
        KeyLookup(slots: GuardedBuffer(copy(table.slots)), ids: GuardedBuffer(copy(table.ids)), count: table.count)
    }

    /// Uninitialised room for `count` values. A buffer of 2 MB or more starts on a 2 MB
    /// boundary and is advised `MADV_HUGEPAGE`: a search reads a few bytes of many names
    /// across arrays of tens of megabytes, and on 4 KiB pages each read was a TLB miss
    /// (the same search over cities500 varied several times over from process to process, by
    /// how the kernel happened to back the arrays).
    private func raw<T>(_ type: T.Type, count: Int) -> UnsafeMutableBufferPointer<T> {
        let bytes = max(count, 1) * MemoryLayout<T>.stride
        let huge = bytes >= CatalogImage.hugePage
        var memory: UnsafeMutableRawPointer?
        guard posix_memalign(&memory, huge ? CatalogImage.hugePage : max(MemoryLayout<T>.alignment, 16), bytes) == 0,
            let memory
        else { fatalError("out of memory") }
        #if os(Linux)
            if huge { _ = madvise(memory, bytes, MADV_HUGEPAGE) }
        #endif
        allocations.append(memory)
        return UnsafeMutableBufferPointer(start: memory.bindMemory(to: T.self, capacity: max(count, 1)), count: count)
    }

    deinit { allocations.forEach { free($0) } }
}

/// The read-only side of a `KeyTable`, on buffers (owned, or in a mapped catalog image).
struct KeyLookup {
    let slots: GuardedBuffer<UInt64>
    let ids: GuardedBuffer<Int32>
    let count: Int

    /// The id of `key`; at most one pass over the slots, so a damaged table cannot loop forever.
    @inline(__always) func find(_ key: UInt64) -> Int32? {
        let mask = slots.count - 1
        var index = KeyTable.hash(key) & mask
        for _ in 0..<slots.count {
            let slot = slots[index]
            if slot == key { return ids[index] }
            if slot == KeyTable.empty { return nil }
            index = (index + 1) & mask
        }
        return nil
    }
}

/// The arrays of a search index, one shape for an index built in memory and for one mapped
/// from a catalog image (which writes and maps them section by section).
struct IndexArrays {
    /// Every name's search units, one name after another.
    let units: NameUnits
    /// `nameStart[n] ..< nameStart[n + 1]`: the units of name `n`.
    let nameStart: GuardedBuffer<Int32>
    /// `placeNameStart[p] ..< placeNameStart[p + 1]`: the names of place `p`, in `allNames` order.
    let placeNameStart: GuardedBuffer<Int32>
    /// Per name, `NameFlags`: whether it holds Hangul, whether it is an alternate.
    let nameFlags: GuardedBuffer<UInt8>
    let keys: KeyLookup
    /// The byte offsets of each key's list in `postings`.
    let postingStart: GuardedBuffer<Int32>
    /// `place << MatchRank.shift | bits` (the best `MatchRank` bits of the key over the
    /// place's names), single-unit and pair keys alike; ascending (so by falling population)
    /// within a key; encoded (`PostingCoding`).
    let postings: GuardedBuffer<UInt8>
    /// Per ASCII trigram (`Trigrams.id`), the places holding it in any name as
    /// `place << MatchRank.shift | bits` (best `MatchRank` bits there), ascending and encoded:
    /// the bytes `trigramPostings[trigramStart[id] ..< trigramStart[id + 1]]`.
    let trigramStart: GuardedBuffer<Int32>
    let trigramPostings: GuardedBuffer<UInt8>
    /// Per name, one bit (`Trigrams.bit`) for each of its trigrams and each of its syllables
    /// (`PlaceIndex.syllableBit`): a name lacking a bit of the query's cannot match, so its
    /// units are not read.
    let nameSignature: GuardedBuffer<UInt64>
}

/// The places of an index: the array it was built from, or a catalog image.
enum PlaceStore {
    case array([Place])
    case image(CatalogImage)

    @inline(__always) func place(_ position: Int) -> Place {
        switch self {
        case .array(let places): return places[position]
        case .image(let image): return image.place(position)
        }
    }

    var all: [Place] {
        switch self {
        case .array(let places): return places
        case .image(let image): return image.allPlaces
        }
    }

    func placeID(_ position: Int) -> String {
        switch self {
        case .array(let places): return places[position].placeID
        case .image(let image): return image.placeID(position)
        }
    }

    func coordinate(_ position: Int) -> Coordinate {
        switch self {
        case .array(let places): return places[position].coordinate
        case .image(let image): return image.coordinate(position)
        }
    }

    func population(_ position: Int) -> Int {
        switch self {
        case .array(let places): return places[position].population
        case .image(let image): return Int(image.populations[position])
        }
    }

    func category(_ position: Int) -> String? {
        switch self {
        case .array(let places): return places[position].category
        case .image(let image): return image.category(position)
        }
    }
}

/// Every name's search units in place order: the part of the index worth caching on disk,
/// since normalising is most of the work of a one-query process.
struct NormalizedNames: Equatable {
    var units: [UInt32]
    /// `nameStart[n] ..< nameStart[n + 1]`: the units of name `n`.
    var nameStart: [Int32]
    /// `placeNameStart[p] ..< placeNameStart[p + 1]`: the names of place `p`.
    var placeNameStart: [Int32]

    init(units: [UInt32], nameStart: [Int32], placeNameStart: [Int32]) {
        self.units = units
        self.nameStart = nameStart
        self.placeNameStart = placeNameStart
    }

    /// Normalises the names of `places` (already in index order).
    init(_ places: [Place]) {
        units = []
        nameStart = [0]
        placeNameStart = [0]
        // Room for one unit per UTF-8 byte, which folding seldom exceeds (ß → ss does): the
        // buffer is filled once instead of being copied as it grows.
        var bytes = 0
        var names = 0
        for place in places {
            bytes += place.name.utf8.count + (place.koreanName?.utf8.count ?? 0)
            names += 2 + place.alternateNames.count
            for alternate in place.alternateNames { bytes += alternate.utf8.count }
        }
        units.reserveCapacity(bytes + 64)
        nameStart.reserveCapacity(names + 1)
        placeNameStart.reserveCapacity(places.count + 1)
        for place in places {
            TextNormalizer.append(Substring(place.name), to: &units)
            nameStart.append(Int32(units.count))
            if let korean = place.koreanName {
                TextNormalizer.append(Substring(korean), to: &units)
                nameStart.append(Int32(units.count))
            }
            for alternate in place.alternateNames {
                TextNormalizer.append(Substring(alternate), to: &units)
                nameStart.append(Int32(units.count))
            }
            placeNameStart.append(Int32(nameStart.count - 1))
        }
    }

    /// Whether the shape matches `places` (counts of places and of each place's names, offsets
    /// rising and in bounds): a cache is never trusted beyond its file signature without this.
    func fits(_ places: [Place]) -> Bool {
        guard placeNameStart.count == places.count + 1, placeNameStart.first == 0,
            let lastName = placeNameStart.last, Int(lastName) == nameStart.count - 1,
            nameStart.first == 0, nameStart.last.map(Int.init) == units.count
        else { return false }
        for (index, place) in places.enumerated() {
            let count = 1 + (place.koreanName == nil ? 0 : 1) + place.alternateNames.count
            if Int(placeNameStart[index + 1] - placeNameStart[index]) != count { return false }
        }
        for index in 1..<nameStart.count where nameStart[index] < nameStart[index - 1] { return false }
        return true
    }
}
