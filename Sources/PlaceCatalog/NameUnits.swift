/// Every name's search units, one name after another: 32-bit in memory an index owns, and
/// 16-bit in a catalog image whose units all fit (Latin, Hangul and most scripts do), which
/// halves the largest section of the image; a name is widened as it is read.
struct NameUnits {
    /// The units when 32-bit (empty when narrow).
    let wide: GuardedBuffer<UInt32>
    /// The units when 16-bit (empty when wide).
    let narrow: GuardedBuffer<UInt16>
    let isNarrow: Bool

    init(_ wide: GuardedBuffer<UInt32>) {
        self.wide = wide
        narrow = GuardedBuffer(UnsafeBufferPointer(start: nil, count: 0))
        isNarrow = false
    }

    init(_ buffer: UnsafeBufferPointer<UInt32>) { self.init(GuardedBuffer(buffer)) }

    init(narrow: GuardedBuffer<UInt16>) {
        self.narrow = narrow
        wide = GuardedBuffer(UnsafeBufferPointer(start: nil, count: 0))
        isNarrow = true
    }

    var count: Int { isNarrow ? narrow.count : wide.count }

    /// Whether every unit of `units` fits in 16 bits.
    static func fitNarrow(_ units: UnsafeBufferPointer<UInt32>) -> Bool { units.allSatisfy { $0 <= UInt32(UInt16.max) } }

    /// `body` on the units `range` as 32-bit values (verified and in bounds, like a slice).
    @inline(__always) func withUnits<Result>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt32>) -> Result) -> Result {
        guard isNarrow else { return body(wide.slice(range).verified) }
        let source = narrow.slice(range).verified
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: source.count) { buffer in
            for index in 0..<source.count { buffer[index] = UInt32(source[index]) }
            return body(UnsafeBufferPointer(buffer))
        }
    }

    /// Every unit, 32-bit (for the start-up cache and tests).
    var all: [UInt32] { isNarrow ? narrow.verified.map(UInt32.init) : Array(wide.verified) }

    /// Where unit `position` is stored (for tests that damage a byte of the image).
    func address(_ position: Int) -> UnsafeRawPointer {
        isNarrow ? UnsafeRawPointer(narrow.base + position) : UnsafeRawPointer(wide.base + position)
    }
}
