import Foundation

/// The single-unit and pair posting lists of a catalog's normalised names (see `PlaceIndex`):
/// per place its units (and each syllable's first keystrokes) and its pairs of adjacent units
/// and of units across a space, each with the best `MatchRank` bits over the place's names,
/// grouped by key in two passes (size, then write, encoded as `PostingCoding` says). The
/// postings are allocated in `owned`, the index's own memory.
enum PostingListBuilder {
    static func build(
        _ buffer: UnsafeBufferPointer<UInt32>, _ nameStart: UnsafeBufferPointer<Int32>,
        _ placeNameStart: UnsafeBufferPointer<Int32>, _ flags: UnsafeBufferPointer<UInt8>, placeCount: Int,
        into owned: OwnedBuffers
    ) -> (keys: KeyTable, start: [Int32], postings: UnsafeBufferPointer<UInt8>) {
        var keys = newKeys()
        let (start, postings) = build(
            buffer, nameStart, placeNameStart, flags, placeCount: placeCount, keys: &keys, into: owned)
        return (keys, start, postings)
    }

    /// The key table a build starts from (its size and insertion order decide the image's bytes).
    static func newKeys() -> KeyTable { KeyTable(capacity: 1 << 16) }

    /// The lists of places `firstPlace ..< firstPlace + placeCount` (the names given are theirs
    /// alone), keyed in `keys`, which a chunked build keeps from chunk to chunk: the lists of
    /// every key `keys` holds afterwards (empty where the chunk has none), each counting its
    /// first entry from 0.
    static func build(
        _ buffer: UnsafeBufferPointer<UInt32>, _ nameStart: UnsafeBufferPointer<Int32>,
        _ placeNameStart: UnsafeBufferPointer<Int32>, _ flags: UnsafeBufferPointer<UInt8>, placeCount: Int,
        firstPlace: Int = 0, keys: inout KeyTable, into owned: OwnedBuffers
    ) -> (start: [Int32], postings: UnsafeBufferPointer<UInt8>) {
        let scratch = OwnedBuffers()
        // Postings: per place, the best kind per key.
        // Single units and pairs both per place: a one- or two-unit query lists places from
        // one list, and a longer one intersects pair lists place by place, then checks those
        // places' names (pairs per name cost a lookup of each name's place for every entry,
        // which made `sa` over cities500 read most of a 4-byte-per-name array).
        // Units and pairs of the trigram alphabet (most of them) are tracked on dense slots
        // (a stamp of the place last seen, and the best kind there); others hash.
        var placeUnits = KeyTable(capacity: 1024)
        var placeUnitKind: [UInt8] = []
        var placeUnitKeys: [UInt64] = []
        let denseCount = Trigrams.base * Trigrams.base
        let denseStamp = scratch.allocate(Int32(-1), count: denseCount)
        let denseKind = scratch.allocate(UInt8(0), count: denseCount)
        let denseTouched = scratch.allocate(Int32(0), count: denseCount)
        // The ids of keys made of trigram-alphabet units (most keys), found without hashing:
        // slot `code` for a unit, `first * base + second` for a pair.
        let denseKeyIDs = scratch.allocate(Int32(-1), count: denseCount)
        let jamoTable = SyllableJamo.table
        @inline(__always) func denseID(_ slot: Int, _ key: UInt64) -> Int32 {
            if denseKeyIDs[slot] < 0 { denseKeyIDs[slot] = keys.insert(key) }
            return denseKeyIDs[slot]
        }
        // Two passes over the names emit the same (key, posting) pairs in the same order (key ids
        // are given on the first): the first counts them per key, the second writes each straight
        // to its place in the grouped lists, so no list of every pair is ever held (for cities500
        // that list was the largest allocation of an import).
        func scan(_ emit: (Int32, UInt32) -> Void) {
            denseStamp.update(repeating: -1)
            jamoTable.withUnsafeBufferPointer { jamo in
                for placeIndex in 0..<placeCount {
                    placeUnits.removeAll()
                    placeUnitKind.removeAll(keepingCapacity: true)
                    placeUnitKeys.removeAll(keepingCapacity: true)
                    // Dense slots stamp the place: unit slots are 1 ..< base, pair slots
                    // `first * base + second` from base on (at most 37 × 37 of them), so units
                    // listed from the bottom of `denseTouched` up and pairs from the top down never meet.
                    var touchedUnits = 0
                    var touchedPairs = denseCount - 1
                    let stamp = Int32(placeIndex)
                    for name in Int(placeNameStart[placeIndex])..<Int(placeNameStart[placeIndex + 1]) {
                        let alternate = flags[name] & NameFlags.alternate != 0
                        let start = Int(nameStart[name])
                        let end = Int(nameStart[name + 1])
                        var previous: UInt32 = 0
                        var previousCode = 0
                        for position in start..<end {
                            let unit = PlaceIndex.project(buffer[position])
                            let code = Trigrams.code(unit)
                            let isSyllable = Hangul.isSyllable(buffer[position])
                            let bits = MatchRank.bits(
                                PlaceIndex.kind(at: position, last: position, start, end, buffer),
                                alternate: alternate, viaJamo: isSyllable)
                            if code != 0 {
                                if denseStamp[code] != stamp {
                                    denseStamp[code] = stamp
                                    denseKind[code] = bits
                                    denseTouched[touchedUnits] = Int32(code)
                                    touchedUnits += 1
                                } else if MatchRank.order(bits) < MatchRank.order(denseKind[code]) {
                                    denseKind[code] = bits
                                }
                            } else {
                                PlaceIndex.note(UInt64(unit), bits, &placeUnits, &placeUnitKind, &placeUnitKeys)
                            }
                            if isSyllable {
                                PlaceIndex.note(
                                    PlaceIndex.syllableStartKey(buffer[position], jamo), bits,
                                    &placeUnits, &placeUnitKind, &placeUnitKeys)
                            }
                            // The pair with the unit before, and across a space with the one before that
                            // (spaces are optional in a query: `ㅅㅈㅅ` reaches 선전 시).
                            for back in 1...2 where position - back >= start {
                                if back == 2
                                    && (buffer[position - 1] != TextNormalizer.space || unit == TextNormalizer.space)
                                {
                                    break
                                }
                                let before = position - back
                                let firstUnit = back == 1 ? previous : PlaceIndex.project(buffer[before])
                                let firstCode = back == 1 ? previousCode : Trigrams.code(firstUnit)
                                let pairBits = MatchRank.bits(
                                    PlaceIndex.kind(at: before, last: position, start, end, buffer),
                                    alternate: alternate,
                                    viaJamo: isSyllable || Hangul.isSyllable(buffer[before]))
                                if code != 0 && firstCode != 0 {
                                    let slot = firstCode * Trigrams.base + code
                                    if denseStamp[slot] != stamp {
                                        denseStamp[slot] = stamp
                                        denseKind[slot] = pairBits
                                        denseTouched[touchedPairs] = Int32(slot)
                                        touchedPairs -= 1
                                    } else if MatchRank.order(pairBits) < MatchRank.order(denseKind[slot]) {
                                        denseKind[slot] = pairBits
                                    }
                                } else {
                                    PlaceIndex.note(
                                        PlaceIndex.pairKey(firstUnit, unit), pairBits, &placeUnits, &placeUnitKind,
                                        &placeUnitKeys)
                                }
                            }
                            previous = unit
                            previousCode = code
                        }
                    }
                    for index in (touchedPairs + 1)..<denseCount {
                        let slot = Int(denseTouched[index])
                        let first = UInt32(Trigrams.unit(slot / Trigrams.base))
                        let second = UInt32(Trigrams.unit(slot % Trigrams.base))
                        emit(
                            denseID(slot, PlaceIndex.pairKey(first, second)),
                            UInt32(firstPlace + placeIndex) << MatchRank.shift | UInt32(denseKind[slot]))
                    }
                    for index in 0..<touchedUnits {
                        let code = Int(denseTouched[index])
                        emit(
                            denseID(code, UInt64(Trigrams.unit(code))),
                            UInt32(firstPlace + placeIndex) << MatchRank.shift | UInt32(denseKind[code]))
                    }
                    for (slot, key) in placeUnitKeys.enumerated() {
                        emit(
                            keys.insert(key),
                            UInt32(firstPlace + placeIndex) << MatchRank.shift | UInt32(placeUnitKind[slot]))
                    }
                }
            }
        }
        // The first pass sizes each list's encoding (`PostingCoding`: gaps from the key's previous
        // entry), the second writes each entry's varint at its list's next free byte.
        var sizes: [Int32] = []
        var previous: [UInt32] = []
        scan { key, posting in
            while sizes.count <= Int(key) {
                sizes.append(0)
                previous.append(0)
            }
            sizes[Int(key)] += Int32(PostingCoding.size(PostingCoding.gap(posting, after: previous[Int(key)])))
            previous[Int(key)] = posting
        }
        // Keys of earlier chunks this one lacks have empty lists.
        if sizes.count < keys.count { sizes += [Int32](repeating: 0, count: keys.count - sizes.count) }
        var start = [Int32](repeating: 0, count: keys.count + 1)
        for key in 0..<keys.count { start[key + 1] = start[key] + sizes[key] }
        sizes = []
        let fill = scratch.allocate(Int32(0), count: keys.count + 1)
        _ = fill.initialize(from: start)
        let last = scratch.allocate(UInt32(0), count: keys.count)
        let total = Int(start[keys.count])
        // Written where the index keeps them (`owned`), so they are never copied.
        let postings = owned.allocate(UInt8(0), count: total)
        scan { key, posting in
            let key = Int(key)
            fill[key] = Int32(
                PostingCoding.write(PostingCoding.gap(posting, after: last[key]), postings, at: Int(fill[key])))
            last[key] = posting
        }
        return (start, UnsafeBufferPointer(postings))
    }
}
