import Foundation

/// The trigram lists of a catalog's normalised names, built beside the posting lists.
enum TrigramListBuilder {
    /// The ASCII trigram lists (`trigramStart`, `trigramPostings`, encoded) and every name's
    /// signature (written to `signatures`, with a bit per syllable too): per place, on dense ids
    /// (no hashing), the place last seen per id and the best match bits there and the ids this
    /// place touched; then (id, posting) grouped by a counting sort. Besides each run of three
    /// units, a name holds the trigrams
    /// of its units with its spaces left out (`newyork` reaches `new york` through `wyo`).
    static func build(
        _ buffer: UnsafeBufferPointer<UInt32>, _ nameStart: UnsafeBufferPointer<Int32>,
        _ placeNameStart: UnsafeBufferPointer<Int32>, _ flags: UnsafeBufferPointer<UInt8>,
        placeCount: Int, firstPlace: Int = 0, signatures: UnsafeMutableBufferPointer<UInt64>
    ) -> ([Int32], [UInt8]) {
        let trigramStamp = UnsafeMutableBufferPointer<Int32>.allocate(capacity: Trigrams.count)
        let trigramKindOf = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Trigrams.count)
        defer {
            trigramStamp.deallocate()
            trigramKindOf.deallocate()
        }
        trigramStamp.initialize(repeating: -1)
        trigramKindOf.initialize(repeating: 0)
        var trigramTouched: [Int32] = []
        var trigramOfEntry: [Int32] = []
        var trigramEntries: [UInt32] = []
        let jamo = ownedBuffer(SyllableJamo.table)
        defer { jamo.deallocate() }
        trigramOfEntry.reserveCapacity(buffer.count / 2)
        trigramEntries.reserveCapacity(buffer.count / 2)
        for placeIndex in 0..<placeCount {
            trigramTouched.removeAll(keepingCapacity: true)
            for name in Int(placeNameStart[placeIndex])..<Int(placeNameStart[placeIndex + 1]) {
                let start = Int(nameStart[name])
                let end = Int(nameStart[name + 1])
                let alternate = flags[name] & NameFlags.alternate != 0
                var signature: UInt64 = 0
                @inline(__always) func add(_ id: Int, first: Int, last: Int) {
                    signature |= Trigrams.bit(id)
                    let bits = MatchRank.bits(
                        PlaceIndex.kind(at: first, last: last, start, end, buffer), alternate: alternate, viaJamo: false
                    )
                    if trigramStamp[id] != Int32(placeIndex) {
                        trigramStamp[id] = Int32(placeIndex)
                        trigramKindOf[id] = bits
                        trigramTouched.append(Int32(id))
                    } else if MatchRank.order(bits) < MatchRank.order(trigramKindOf[id]) {
                        trigramKindOf[id] = bits
                    }
                }
                // The last two units as they stand, and the last two that are not spaces.
                var code1 = 0
                var code2 = 0
                var solid1 = 0
                var solid2 = 0
                var solidAt1 = 0
                var solidAt2 = 0
                for position in start..<end {
                    let code = Trigrams.code(buffer[position])
                    if position - start >= 2 && code != 0 && code1 != 0 && code2 != 0 {
                        add(Trigrams.id(code2, code1, code), first: position - 2, last: position)
                    }
                    code2 = code1
                    code1 = code
                    if Hangul.isSyllable(buffer[position]) {
                        signature |= PlaceIndex.syllableBit(buffer[position], jamo)
                    }
                    if buffer[position] == TextNormalizer.space { continue }
                    if code != 0 && solid1 != 0 && solid2 != 0 && position - solidAt2 > 2 {
                        add(Trigrams.id(solid2, solid1, code), first: solidAt2, last: position)
                    }
                    solid2 = solid1
                    solidAt2 = solidAt1
                    solid1 = code
                    solidAt1 = position
                }
                signatures[name] = signature
            }
            for id in trigramTouched {
                trigramOfEntry.append(id)
                trigramEntries.append(
                    UInt32(firstPlace + placeIndex) << MatchRank.shift | UInt32(trigramKindOf[Int(id)]))
            }
        }
        let (start, grouped) = trigramEntries.withUnsafeBufferPointer { entries in
            trigramOfEntry.withUnsafeBufferPointer { PlaceIndex.group(entries, by: $0, keyCount: Trigrams.count) }
        }
        trigramEntries = []
        trigramOfEntry = []
        return grouped.withUnsafeBufferPointer { PostingCoding.encode(start: start, entries: $0) }
    }

}
