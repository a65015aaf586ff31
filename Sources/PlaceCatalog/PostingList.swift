/// How posting lists are stored, in memory and in a catalog image: each entry
/// (`id << MatchRank.shift | bits`, ids rising within a list) as the LEB128 varint of its id's
/// gap to the previous entry's, shifted over the same bits (a list's first entry counts from id 0).
/// Long lists of a common unit or trigram have gaps of a few ids, so most entries take one byte
/// where a plain `UInt32` needed four.
enum PostingCoding {
    /// The varint of `entry` after `previous` (both `id << MatchRank.shift | bits`).
    @inline(__always) static func gap(_ entry: UInt32, after previous: UInt32) -> UInt32 {
        entry &- (previous & ~MatchRank.mask)
    }

    /// Bytes the varint of `value` takes.
    @inline(__always) static func size(_ value: UInt32) -> Int {
        value < 1 << 7 ? 1 : value < 1 << 14 ? 2 : value < 1 << 21 ? 3 : value < 1 << 28 ? 4 : 5
    }

    /// Writes the varint of `value` at `bytes[offset...]`; returns the offset after it.
    @inline(__always) static func write(_ value: UInt32, _ bytes: UnsafeMutableBufferPointer<UInt8>, at offset: Int)
        -> Int
    {
        var value = value
        var offset = offset
        while value >= 0x80 {
            bytes[offset] = UInt8(truncatingIfNeeded: value) | 0x80
            value >>= 7
            offset += 1
        }
        bytes[offset] = UInt8(value)
        return offset + 1
    }

    /// Lists of plain entries (`entries[start[k] ..< start[k + 1]]` for list `k`) encoded:
    /// the byte offsets of the lists (the same count as `start`) and their bytes.
    static func encode(start: [Int32], entries: UnsafeBufferPointer<UInt32>) -> ([Int32], [UInt8]) {
        var byteStart = [Int32](repeating: 0, count: start.count)
        for list in 0..<(start.count - 1) {
            var previous: UInt32 = 0
            var size = 0
            for index in Int(start[list])..<Int(start[list + 1]) {
                size += PostingCoding.size(gap(entries[index], after: previous))
                previous = entries[index]
            }
            byteStart[list + 1] = byteStart[list] + Int32(size)
        }
        let total = Int(byteStart.last ?? 0)
        let bytes = [UInt8](unsafeUninitializedCapacity: total) { bytes, count in
            var offset = 0
            for list in 0..<(start.count - 1) {
                var previous: UInt32 = 0
                for index in Int(start[list])..<Int(start[list + 1]) {
                    offset = write(gap(entries[index], after: previous), bytes, at: offset)
                    previous = entries[index]
                }
            }
            count = total
        }
        return (byteStart, bytes)
    }
}

/// One encoded posting list (see `PostingCoding`), its bytes verified and in bounds; iterating
/// it decodes the entries in order. A varint running past the list's end or an id that wraps
/// around (damage: a build never writes either) marks the image damaged and ends the list.
struct PostingList: Sequence {
    let bytes: UnsafeBufferPointer<UInt8>
    unowned(unsafe) let verifier: BlockVerifier?

    /// The encoded size, which orders lists by length well enough to pick the shortest.
    var byteCount: Int { bytes.count }
    var isEmpty: Bool { bytes.isEmpty }

    func makeIterator() -> PostingCursor { PostingCursor(self) }
}

/// Reads a `PostingList` forwards: `next()` decodes one entry; `head` is the entry a
/// `skip(to:)` stopped at, so intersections can step several lists in place order.
struct PostingCursor: IteratorProtocol {
    private var position: UnsafePointer<UInt8>
    private let end: UnsafePointer<UInt8>
    private var previous: UInt32 = 0
    private unowned(unsafe) let verifier: BlockVerifier?
    /// The entry last decoded by `skip(to:)`; `nil` past the end.
    private(set) var head: UInt32?

    init(_ list: PostingList) {
        let base = list.bytes.baseAddress ?? UnsafeRawPointer(BlockVerifier.zeroes).assumingMemoryBound(to: UInt8.self)
        position = base
        end = base + list.bytes.count
        verifier = list.verifier
    }

    @inline(__always) mutating func next() -> UInt32? {
        guard position < end else { return nil }
        var value: UInt32 = 0
        var shift: UInt32 = 0
        while true {
            let byte = position.pointee
            position += 1
            value |= UInt32(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
            if position == end || shift > 28 { return damaged() }
        }
        let entry = previous & ~MatchRank.mask &+ value
        if entry < previous & ~MatchRank.mask { return damaged() }
        previous = entry
        return entry
    }

    /// Moves `head` to the first entry at or after `id` (by `entry >> MatchRank.shift`).
    @inline(__always) mutating func skip(to id: UInt32) {
        if let head, head >> MatchRank.shift >= id { return }
        while let entry = next() {
            if entry >> MatchRank.shift >= id {
                head = entry
                return
            }
        }
        head = nil
    }

    private mutating func damaged() -> UInt32? {
        position = end
        if let verifier { verifier.damaged = true } else { preconditionFailure("a built posting list does not decode") }
        return nil
    }
}

extension GuardedBuffer where Element == UInt8 {
    /// The posting list at `from ..< to` of these bytes (offsets as read from the file: checked,
    /// and the list's blocks verified before it is decoded).
    @inline(__always) func postingList(_ from: Int32, _ to: Int32) -> PostingList {
        PostingList(bytes: slice(span(from, to, in: count)).verified, verifier: verifier)
    }
}
