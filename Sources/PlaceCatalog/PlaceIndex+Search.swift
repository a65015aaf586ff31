/// A normalised query, ready to match (a class owning raw buffers, so the matching loops
/// pay no bounds checks or reference counting).
final class SearchQuery {
    let units: UnsafeBufferPointer<UInt32>
    let projection: [UInt32]
    /// Per unit: a lone initial consonant (ㅅ), which matches any syllable starting with it.
    let isInitial: UnsafeBufferPointer<Bool>
    /// The keystrokes of the last unit when it is Hangul: a prefix of the name's keystrokes there.
    let lastJamo: UnsafeBufferPointer<UInt32>
    /// One- and two-unit queries without syllables are answered from the posting lists alone.
    let isDirect: Bool
    /// Only names holding Hangul can match.
    let needsHangul: Bool
    /// The distinct `Trigrams` ids of a 3+ unit query wholly in their alphabet, else empty.
    let trigrams: [Int]
    /// The signature bits of the query's syllables, which a matching name holds all of.
    let syllableSignature: UInt64

    init(_ text: String) {
        let units = TextNormalizer.units(text)
        self.units = ownedBuffer(units)
        projection = units.map(PlaceIndex.project)
        isInitial = ownedBuffer(units.map(Hangul.isInitialConsonant))
        if let last = units.last, Hangul.isSyllable(last) || Hangul.isJamo(last) {
            lastJamo = ownedBuffer(Hangul.jamo(of: last))
        } else {
            lastJamo = ownedBuffer([])
        }
        isDirect = units.count <= 2 && !units.contains(where: Hangul.isSyllable)
        needsHangul = units.contains { Hangul.isSyllable($0) || Hangul.isJamo($0) }
        let codes = units.map(Trigrams.code)
        var trigrams: [Int] = []
        if codes.count >= 3 && !codes.contains(0) {
            for index in 2..<codes.count {
                let id = Trigrams.id(codes[index - 2], codes[index - 1], codes[index])
                if !trigrams.contains(id) { trigrams.append(id) }
            }
        }
        self.trigrams = trigrams
        let syllables = units.filter(Hangul.isSyllable)
        syllableSignature =
            syllables.isEmpty
            ? 0
            : SyllableJamo.table.withUnsafeBufferPointer { jamo in
                syllables.reduce(0) { $0 | PlaceIndex.syllableBit($1, jamo) }
            }
    }

    /// Runs `body` on the keystroke table (`SyllableJamo`) when the query holds Hangul, else on
    /// an empty buffer: matching reads the table only for a Hangul query.
    @inline(__always)
    func withJamo<T>(_ body: (UnsafeBufferPointer<UInt32>) -> T) -> T {
        needsHangul ? SyllableJamo.table.withUnsafeBufferPointer(body) : body(UnsafeBufferPointer(start: nil, count: 0))
    }

    deinit {
        units.deallocate()
        isInitial.deallocate()
        lastJamo.deallocate()
    }

}

/// The keystrokes of a syllable, worked out from its index: a table of every syllable's
/// keystrokes (11,172 × 5) was built by each Hangul query's process, a measurable part of
/// it, and its scattered reads missed the cache; this one holds 117 values.
enum SyllableJamo {
    /// The initials (19), then each medial's keys in two slots (21 × 2), then each final's
    /// keys in two slots (28 × 2); zero where a vowel is one key or there is no final.
    static let table: [UInt32] = Hangul.initials + twoSlots(Hangul.medials) + twoSlots(Hangul.finals)
    static let medialStart = 19
    static let finalStart = 19 + 21 * 2

    /// Keystroke `slot` (0 ..< 5) of the syllable `index` (its offset from 가): the initial,
    /// the medial's two slots, the final's two; zero for a slot it does not use, which readers
    /// skip (in order, the non-zero slots are `Hangul.jamo(of:)`).
    @inline(__always) static func key(_ index: Int, _ slot: Int, _ table: UnsafeBufferPointer<UInt32>) -> UInt32 {
        switch slot {
        case 0: table[index / 588]
        case 1, 2: table[medialStart + (index % 588) / 28 * 2 + slot - 1]
        default: table[finalStart + index % 28 * 2 + slot - 3]
        }
    }

    /// Each entry's keys (one or two, or none) in two slots, zero where there is no key.
    static func twoSlots(_ parts: [[UInt32]]) -> [UInt32] {
        var slots = [UInt32](repeating: 0, count: parts.count * 2)
        for (index, keys) in parts.enumerated() {
            for (offset, key) in keys.enumerated() { slots[index * 2 + offset] = key }
        }
        return slots
    }
}

extension PlaceIndex {
    /// Where the query matched in one name: units `start ..< end` (relative to the buffer), and
    /// whether only initials or a half-typed syllable made it match (`viaJamo`).
    struct NameMatch {
        var kind: MatchKind
        var viaJamo: Bool
        var start: Int
        var end: Int

        func bits(alternate: Bool) -> UInt8 { MatchRank.bits(kind, alternate: alternate, viaJamo: viaJamo) }
    }

    /// The end of a match of `query` at `position` in a name ending at `end`, or -1; `viaJamo`
    /// says whether a unit matched only through its initial or half-typed keystrokes. Spaces are
    /// optional: where the query has none, the name's are skipped (`newyork` matches `new york`).
    @inline(__always)
    static func matchEnd(
        _ buffer: UnsafeBufferPointer<UInt32>, _ position: Int, _ end: Int,
        _ query: SearchQuery, _ jamo: UnsafeBufferPointer<UInt32>, _ viaJamo: inout Bool
    ) -> Int {
        let count = query.units.count
        viaJamo = false
        if position + count > end { return -1 }
        var current = position
        var offset = 0
        while true {
            let queryUnit = query.units[offset]
            if offset > 0 && queryUnit != TextNormalizer.space {
                while current < end && buffer[current] == TextNormalizer.space { current += 1 }
                if current == end { return -1 }
            }
            if offset == count - 1 { break }
            let nameUnit = buffer[current]
            if queryUnit != nameUnit {
                guard query.isInitial[offset] && project(nameUnit) == queryUnit else { return -1 }
                viaJamo = true
            }
            offset += 1
            current += 1
            if current == end { return -1 }
        }
        let queryUnit = query.units[count - 1]
        let nameUnit = buffer[current]
        if queryUnit == nameUnit { return current + 1 }
        viaJamo = true
        if query.isInitial[count - 1] && project(nameUnit) == queryUnit { return current + 1 }
        guard !query.lastJamo.isEmpty, Hangul.isSyllable(nameUnit) else { return -1 }
        var typed = 0
        while current < end, Hangul.isSyllable(buffer[current]) {
            let index = Int(buffer[current] - Hangul.syllableBase)
            for slot in 0..<5 {
                let key = SyllableJamo.key(index, slot, jamo)
                if key == 0 { continue }
                if typed == query.lastJamo.count { return current + 1 }
                if key != query.lastJamo[typed] { return -1 }
                typed += 1
            }
            current += 1
            if typed == query.lastJamo.count { return current }
        }
        return -1
    }

    /// The best match of `query` in the name `start ..< end` (by `MatchRank.order`).
    static func bestMatch(
        _ units: NameUnits, _ name: Range<Int>,
        _ query: SearchQuery, _ jamo: UnsafeBufferPointer<UInt32>
    ) -> NameMatch? {
        if name.count < query.units.count { return nil }
        // The name's units checked once, then read without per-unit checks.
        guard var match = units.withUnits(name, { bestMatch($0, query, jamo) }) else { return nil }
        match.start += name.lowerBound
        match.end += name.lowerBound
        return match
    }

    /// The best match of `query` in the units of one name, `buffer`.
    static func bestMatch(
        _ buffer: UnsafeBufferPointer<UInt32>, _ query: SearchQuery,
        _ jamo: UnsafeBufferPointer<UInt32>
    ) -> NameMatch? {
        let start = 0
        let end = buffer.count
        let count = query.units.count
        if end - start < count { return nil }
        var viaJamo = false
        let atStart = matchEnd(buffer, start, end, query, jamo, &viaJamo)
        if atStart >= 0 && !viaJamo {
            return NameMatch(kind: atStart == end ? .exact : .prefix, viaJamo: false, start: start, end: atStart)
        }
        var found =
            atStart < 0
            ? nil : NameMatch(kind: atStart == end ? .exact : .prefix, viaJamo: true, start: start, end: atStart)
        var position = start + 1
        let first = query.units[0]
        let firstIsInitial = query.isInitial[0]
        let firstIsSyllablePrefix = count == 1 && !query.lastJamo.isEmpty
        while position + count <= end {
            let unit = buffer[position]
            if unit == first || (firstIsInitial && project(unit) == first)
                || (firstIsSyllablePrefix && project(unit) == query.lastJamo[0])
            {
                let matchEnd = matchEnd(buffer, position, end, query, jamo, &viaJamo)
                if matchEnd >= 0 {
                    let kind: MatchKind = buffer[position - 1] == TextNormalizer.space ? .wordPrefix : .substring
                    let match = NameMatch(kind: kind, viaJamo: viaJamo, start: position, end: matchEnd)
                    if found == nil
                        || MatchRank.order(match.bits(alternate: false))
                            < MatchRank.order(found!.bits(alternate: false))
                    {
                        found = match
                    }
                    // Nothing later in the name beats a literal start of a word.
                    if MatchRank.order(found!.bits(alternate: false))
                        <= MatchRank.order(MatchRank.bits(.wordPrefix, alternate: false, viaJamo: false))
                    {
                        return found
                    }
                }
            }
            position += 1
        }
        return found
    }

    /// Whether name `name` is an alternate (not the place's name or Korean name).
    @inline(__always) func isAlternate(_ name: Int) -> Bool { nameFlags[name] & NameFlags.alternate != 0 }

    /// The best match bits (`MatchRank`) over all names of place `place`, or `nil` when none matches;
    /// with `signatures` (an index with posting lists), names lacking the query's syllables are skipped unread.
    @inline(__always)
    func bestBits(
        place: Int, _ buffer: NameUnits, _ query: SearchQuery,
        _ jamo: UnsafeBufferPointer<UInt32>, signatures: Bool = false
    ) -> UInt8? {
        var best: UInt8?
        let wanted = signatures ? query.syllableSignature : 0
        for name in nameRange(place) {
            if query.needsHangul && nameFlags[name] & NameFlags.hangul == 0 { continue }
            if wanted != 0 && nameSignature[name] & wanted != wanted { continue }
            if let match = PlaceIndex.bestMatch(buffer, unitRange(name), query, jamo) {
                let bits = match.bits(alternate: isAlternate(name))
                if best == nil || MatchRank.order(bits) < MatchRank.order(best!) { best = bits }
                if MatchRank.order(bits) == 0 { break }
            }
        }
        return best
    }

    /// The best kind and the first name (index into `Place.allNames`) that reaches the best rank.
    func bestName(place: Int, _ query: SearchQuery) -> (MatchKind, Int) {
        query.withJamo { jamo in
            do {
                let buffer = units
                var best: (bits: UInt8, name: Int)?
                let names = nameRange(place)
                let first = names.lowerBound
                for name in names {
                    guard let match = PlaceIndex.bestMatch(buffer, unitRange(name), query, jamo)
                    else { continue }
                    let bits = match.bits(alternate: isAlternate(name))
                    if best == nil || MatchRank.order(bits) < MatchRank.order(best!.bits) {
                        best = (bits, name - first)
                    }
                    if MatchRank.order(bits) == 0 { break }
                }
                return best.map { (MatchRank.kind($0.bits), $0.name) } ?? (.substring, 0)
            }
        }
    }

    /// Every matching place, as `(place, bits)` (its best `MatchRank` bits), in place order
    /// (population first), handed to `visit`; returns nothing itself so callers can count,
    /// bucket or collect.
    func forEachMatch(_ query: SearchQuery, _ visit: (Int, UInt8) -> Void) {
        if !hasPostings {
            query.withJamo { jamo in
                for place in 0..<placeCount {
                    if let bits = bestBits(place: place, units, query, jamo) { visit(place, bits) }
                }
            }
            return
        }
        if !query.trigrams.isEmpty {
            forEachTrigramMatch(query, visit)
            return
        }
        let projection = query.projection
        if projection.count <= 2 {
            let list: PostingList
            if projection.count == 2 {
                list = postingList(PlaceIndex.pairKey(projection[0], projection[1]))
            } else if Hangul.isSyllable(query.units[0]) {
                list = SyllableJamo.table.withUnsafeBufferPointer {
                    postingList(PlaceIndex.syllableStartKey(query.units[0], $0))
                }
            } else {
                list = postingList(UInt64(projection[0]))
            }
            if query.isDirect {
                for entry in list { visit(Int(entry >> MatchRank.shift), UInt8(entry & MatchRank.mask)) }
                return
            }
            query.withJamo { jamo in
                for entry in list {
                    let place = Int(entry >> MatchRank.shift)
                    if let bits = bestBits(place: place, units, query, jamo, signatures: true) { visit(place, bits) }
                }
            }
            return
        }
        var keys: [UInt64] = []
        // A name reaches a query without spaces through its pairs across a space (see the build).
        for index in 1..<projection.count {
            let key = PlaceIndex.pairKey(projection[index - 1], projection[index])
            if !keys.contains(key) { keys.append(key) }
        }
        query.withJamo { jamo in
            forEachCandidate(of: keys.map(postingList)) { place, _ in
                if let bits = bestBits(place: place, units, query, jamo, signatures: true) { visit(place, bits) }
            }
        }
    }

    /// Every place in all of `lists`, in order, with its entry in `lists[0]` (the query's first
    /// pair or trigram, whose bits bound the kind of a match there): walks the shortest list and
    /// steps the others forwards to each of its places.
    @inline(__always)
    func forEachCandidate(of lists: [PostingList], _ visit: (Int, UInt32) -> Void) {
        let order = lists.indices.sorted { lists[$0].byteCount < lists[$1].byteCount }
        guard let shortest = order.first, !lists[shortest].isEmpty else { return }
        let firstList = order.firstIndex(of: 0)!
        // `others[i]` walks the (i + 1)th shortest list, forwards to each candidate place.
        var others = order.dropFirst().map { lists[$0].makeIterator() }
        candidates: for entry in lists[shortest] {
            let place = entry >> MatchRank.shift
            for index in others.indices {
                others[index].skip(to: place)
                guard let head = others[index].head else { return }
                if head >> MatchRank.shift != place { continue candidates }
            }
            visit(Int(place), firstList == 0 ? entry : others[firstList - 1].head!)
        }
    }

    /// The places of `trigram`, as `place << MatchRank.shift | bits`.
    func trigramList(_ trigram: Int) -> PostingList {
        trigramPostings.postingList(trigramStart[trigram], trigramStart[trigram + 1])
    }

    /// A 3+ unit query in the trigram alphabet (no Hangul, so a match is a run of equal units,
    /// the name's spaces optional): 3 units are answered from their trigram's list; longer ones
    /// walk the shortest list, step the others forwards to the same place, and check the survivors.
    func forEachTrigramMatch(_ query: SearchQuery, _ visit: (Int, UInt8) -> Void) {
        if query.units.count == 3 {
            for entry in trigramList(query.trigrams[0]) {
                visit(Int(entry >> MatchRank.shift), UInt8(entry & MatchRank.mask))
            }
            return
        }
        // The query's first trigram sits where a match starts, so its kind at a place bounds
        // the match's kind there: when it is `.substring`, any match will do.
        let wanted = query.trigrams.reduce(0) { $0 | Trigrams.bit($1) }
        query.withJamo { jamo in
            forEachCandidate(of: query.trigrams.map(trigramList)) { place, first in
                let firstBits = UInt8(first & MatchRank.mask)
                if MatchRank.kind(firstBits) == .substring {
                    // Any occurrence decides, and names come primary first: the first name holding
                    // the units in a row gives the place's rank.
                    for name in nameRange(place)
                    where nameSignature[name] & wanted == wanted {
                        let found = units.withUnits(unitRange(name)) { run in
                            var position = 0
                            while position + query.units.count <= run.count {
                                if PlaceIndex.literalRun(run, position, run.count, query) { return true }
                                position += 1
                            }
                            return false
                        }
                        if found {
                            visit(place, MatchRank.bits(.substring, alternate: isAlternate(name), viaJamo: false))
                            return
                        }
                    }
                } else {
                    var best: UInt8?
                    for name in nameRange(place)
                    where nameSignature[name] & wanted == wanted {
                        if let match = PlaceIndex.bestMatch(units, unitRange(name), query, jamo) {
                            let bits = match.bits(alternate: isAlternate(name))
                            if best == nil || MatchRank.order(bits) < MatchRank.order(best!) { best = bits }
                            if MatchRank.order(bits) == 0 { break }
                        }
                    }
                    if let best { visit(place, best) }
                }
            }
        }
    }

    /// Whether the query's units follow one another from `position` (the name's spaces
    /// optional where the query has none): a match of a query without Hangul.
    @inline(__always)
    static func literalRun(_ units: UnsafeBufferPointer<UInt32>, _ position: Int, _ end: Int, _ query: SearchQuery)
        -> Bool
    {
        if units[position] != query.units[0] { return false }
        var current = position + 1
        for offset in 1..<query.units.count {
            let wanted = query.units[offset]
            if wanted != TextNormalizer.space {
                while current < end && units[current] == TextNormalizer.space { current += 1 }
            }
            if current == end || units[current] != wanted { return false }
            current += 1
        }
        return true
    }

    /// The best match of `query` in `text`, as `Character` offsets of `text`.
    static func characterRange(of query: SearchQuery, in text: String) -> (MatchKind, Range<Int>)? {
        guard !query.units.isEmpty else { return nil }
        let (units, offsets) = TextNormalizer.unitsWithCharacterOffsets(text)
        return query.withJamo { jamo in
            units.withUnsafeBufferPointer { buffer in
                guard let match = bestMatch(buffer, query, jamo) else { return nil }
                return (match.kind, offsets[match.start]..<(offsets[match.end - 1] + 1))
            }
        }
    }
}
