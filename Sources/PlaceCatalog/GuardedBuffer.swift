import Foundation
import Synchronization

/// A read-only array of plain values that the search reads: memory the index owns, or a
/// section of a mapped catalog image. Every read is bounds-checked, and on an image it first
/// has the image's `BlockVerifier` check the 128-byte block it falls in (once per block per
/// process), so a start reads and checksums only what its queries touch. A read out of range or
/// in a damaged block marks the image damaged and yields zeros: nothing crashes, and the
/// catalog discards the answer and rebuilds (see `PlaceCatalog`).
struct GuardedBuffer<Element>: RandomAccessCollection {
    let base: UnsafePointer<Element>
    let count: Int
    /// `nil` for memory the index owns (already trusted).
    unowned(unsafe) let verifier: BlockVerifier?

    init(_ buffer: UnsafeBufferPointer<Element>, verifier: BlockVerifier? = nil) {
        base = buffer.baseAddress ?? UnsafeRawPointer(BlockVerifier.zeroes).assumingMemoryBound(to: Element.self)
        count = buffer.count
        self.verifier = verifier
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    @inline(__always) subscript(position: Int) -> Element {
        guard position >= 0 && position < count else {
            precondition(verifier != nil, "index out of range")
            verifier!.damaged = true
            return UnsafeRawPointer(BlockVerifier.zeroes).load(as: Element.self)
        }
        if let verifier { verifier.touch(UnsafeRawPointer(base + position)) }
        return base[position]
    }

    /// The elements `range` (clamped to the buffer; clamping marks an image damaged).
    func slice(_ range: Range<Int>) -> GuardedBuffer<Element> {
        let lower = Swift.max(0, Swift.min(range.lowerBound, count))
        let upper = Swift.max(lower, Swift.min(range.upperBound, count))
        if lower != range.lowerBound || upper != range.upperBound {
            precondition(verifier != nil, "range out of bounds")
            verifier!.damaged = true
        }
        return GuardedBuffer(
            UnsafeBufferPointer(start: base.advanced(by: lower), count: upper - lower), verifier: verifier)
    }

    /// `from ..< to` as read from the file, for indexing a buffer of `bound` elements: empty when
    /// it runs backwards, out of that buffer or the image is damaged (so a loop over it stays in
    /// bounds and short).
    @inline(__always) func span(_ from: Int32, _ to: Int32, in bound: Int) -> Range<Int> {
        if let verifier, verifier.damaged || to < from || from < 0 || Int(to) > bound {
            verifier.damaged = true
            return 0..<0
        }
        return Int(from)..<Int(to)
    }

    /// The elements as one buffer, every block of them verified first (for strings and writing).
    var verified: UnsafeBufferPointer<Element> {
        if let verifier, count > 0 {
            verifier.touch(range: UnsafeRawPointer(base), bytes: count * MemoryLayout<Element>.stride)
        }
        return UnsafeBufferPointer(start: base, count: count)
    }
}

/// The per-block checksums of a mapped catalog image, checked the first time a block is read.
/// Blocks are 128 bytes, two cache lines, each with a 32-bit sum (a table of 1/32 of the
/// body): a search reads a few bytes here and there (a name's units, a signature), and each
/// first read checksums its whole block, so the block is what a random read costs. With
/// 4 KiB blocks a broad query (`ville`) hashed 3.4 MB of the shipped image; with 512-byte
/// blocks, `ville` over cities500 still hashed 6.4 MB (the lines fetched from memory, not
/// the arithmetic, were the cost). The table of sums is not checksummed
/// itself: a damaged sum fails its block's check like a damaged block.
/// Several threads may check blocks at once: the bits, `damaged` and the count are atomics
/// (relaxed: a bit says only that its immutable block matched once), so no update is lost.
final class BlockVerifier: @unchecked Sendable {
    // @unchecked: the pointers are to a mapping that never changes; all mutable state is atomic.
    static let blockShift = 7
    static let blockSize = 1 << blockShift
    /// Bytes per block in the table of sums.
    static let sumSize = MemoryLayout<UInt32>.size
    /// Sixteen zero bytes, what a damaged read yields.
    // nonisolated(unsafe): written once while it is made, then only ever read.
    nonisolated(unsafe) static let zeroes: UnsafeMutableRawPointer = {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: 16)
        return memory
    }()

    private let start: UnsafeRawPointer
    private let size: Int
    private let sums: UnsafePointer<UInt32>
    /// One bit per block, set once its checksum matched. A damaged block's bit stays clear, so
    /// each read of it checks again and fails again (`damaged` is set for good anyway). From
    /// `calloc`, so a start pays only for the pages of bits it touches: a byte per block,
    /// zeroed at open, cost a 122 MB image 240 KB of memset and 60 page faults per process.
    private let good: UnsafeMutablePointer<Atomic<UInt64>>
    private let blocks: Int
    private let damagedFlag = Atomic<Bool>(false)
    private let verifiedBytes = Atomic<Int>(0)

    /// Set by any read of a damaged block or out of range.
    var damaged: Bool {
        get { damagedFlag.load(ordering: .relaxed) }
        set { damagedFlag.store(newValue, ordering: .relaxed) }
    }

    /// Bytes checksummed so far (what a start-up test bounds).
    var bytesVerified: Int { verifiedBytes.load(ordering: .relaxed) }

    /// `sums` holds one checksum per `blockSize` bytes of `start ..< start + size`.
    init(start: UnsafeRawPointer, size: Int, sums: UnsafePointer<UInt32>) {
        self.start = start
        self.size = size
        self.sums = sums
        blocks = (size + BlockVerifier.blockSize - 1) >> BlockVerifier.blockShift
        let words = max(1, (blocks + 63) >> 6)
        // A zeroed word is an atomic holding zero (`Atomic<UInt64>` is laid out as its value).
        guard let memory = calloc(words, MemoryLayout<Atomic<UInt64>>.stride) else { fatalError("out of memory") }
        good = memory.bindMemory(to: Atomic<UInt64>.self, capacity: words)
    }

    deinit { free(good) }

    /// False for a block outside the body too (`check` then marks the image damaged).
    @inline(__always) private func isGood(_ block: Int) -> Bool {
        UInt(bitPattern: block) < UInt(blocks)
            && good[block >> 6].load(ordering: .relaxed) & (1 << UInt64(block & 63)) != 0
    }

    static func blockCount(_ size: Int) -> Int { (size + blockSize - 1) >> blockShift }

    /// The checksum of each block of `bytes`.
    static func sums(of bytes: UnsafeRawBufferPointer) -> [UInt32] {
        (0..<blockCount(bytes.count)).map { block in
            let lower = block << blockShift
            return sum(UnsafeRawBufferPointer(rebasing: bytes[lower..<min(bytes.count, lower + blockSize)]))
        }
    }

    /// The sum of one block: the low half of the image's 64-bit checksum.
    @inline(__always) static func sum(_ block: UnsafeRawBufferPointer) -> UInt32 {
        UInt32(truncatingIfNeeded: CatalogImage.checksum(block))
    }

    /// The file offset of block `block`'s sum (the table follows the header).
    static func sumOffset(_ block: Int) -> Int { CatalogImage.headerSize + block * sumSize }

    /// The file offset of a body of `bodySize` bytes: after the header and its table of sums,
    /// at a multiple of `blockSize`, so the body's blocks and the writer's 2 MB chunks
    /// (`BodyWriter`) line up with the file's offsets.
    static func bodyStart(_ bodySize: Int) -> Int {
        (CatalogImage.headerSize + blockCount(bodySize) * sumSize + blockSize - 1) & ~(blockSize - 1)
    }

    @inline(__always) func touch(_ address: UnsafeRawPointer) {
        let block = (address - start) >> BlockVerifier.blockShift
        if !isGood(block) { check(block) }
    }

    func touch(range address: UnsafeRawPointer, bytes: Int) {
        let first = (address - start) >> BlockVerifier.blockShift
        let last = (address + bytes - 1 - start) >> BlockVerifier.blockShift
        for block in first...last where !isGood(block) { check(block) }
    }

    private func check(_ block: Int) {
        guard block >= 0 && block < blocks else {
            damaged = true
            return
        }
        let lower = block << BlockVerifier.blockShift
        let length = min(size - lower, BlockVerifier.blockSize)
        verifiedBytes.wrappingAdd(length, ordering: .relaxed)
        if BlockVerifier.sum(UnsafeRawBufferPointer(start: start + lower, count: length))
            == UInt32(littleEndian: sums[block])
        {
            good[block >> 6].bitwiseOr(1 << UInt64(block & 63), ordering: .relaxed)
        } else {
            damaged = true
        }
    }
}
