/// Every name's search units, one name after another: 32-bit in memory an index owns, and
/// 16-bit in a catalog image (halving its largest section), where the few units past 16 bits
/// (Gothic, cuneiform) are stored as `escape + i` for entry `i` of a small `astral` table
/// (surrogate values, which no unit, a Unicode scalar, ever is); a name is widened as it is read.
struct NameUnits {
    /// The units when 32-bit (empty when narrow).
    let wide: GuardedBuffer<UInt32>
    /// The units when 16-bit (empty when wide).
    let narrow: GuardedBuffer<UInt16>
    /// The units past 16 bits of a narrow store, rising.
    let astral: GuardedBuffer<UInt32>
    let isNarrow: Bool

    static let escape: UInt16 = 0xD800
    /// How many distinct units past 16 bits a narrow store can hold (the surrogate range).
    static let astralLimit = 0x800

    init(_ wide: GuardedBuffer<UInt32>) {
        self.wide = wide
        narrow = GuardedBuffer(UnsafeBufferPointer(start: nil, count: 0))
        astral = GuardedBuffer(UnsafeBufferPointer(start: nil, count: 0))
        isNarrow = false
    }

    init(_ buffer: UnsafeBufferPointer<UInt32>) { self.init(GuardedBuffer(buffer)) }

    init(narrow: GuardedBuffer<UInt16>, astral: GuardedBuffer<UInt32>) {
        self.narrow = narrow
        self.astral = astral
        wide = GuardedBuffer(UnsafeBufferPointer(start: nil, count: 0))
        isNarrow = true
    }

    var count: Int { isNarrow ? narrow.count : wide.count }

    /// The distinct units of `units` past 16 bits, rising, or `nil` when there are too many
    /// for a narrow store.
    static func astralTable(_ units: UnsafeBufferPointer<UInt32>) -> [UInt32]? {
        var table = Set<UInt32>()
        for unit in units where unit > UInt32(UInt16.max) {
            table.insert(unit)
            if table.count > astralLimit { return nil }
        }
        return table.sorted()
    }

    /// Unit `stored` of a narrow store as it is (an escape out of the table marks the image damaged).
    @inline(__always) func widen(_ stored: UInt16) -> UInt32 {
        stored & 0xF800 == NameUnits.escape ? astral[Int(stored - NameUnits.escape)] : UInt32(stored)
    }

    /// `body` on the units `range` as 32-bit values (verified and in bounds, like a slice).
    @inline(__always) func withUnits<Result>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt32>) -> Result)
        -> Result
    {
        guard isNarrow else { return body(wide.slice(range).verified) }
        let source = narrow.slice(range).verified
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: source.count) { buffer in
            for index in 0..<source.count { buffer[index] = widen(source[index]) }
            return body(UnsafeBufferPointer(buffer))
        }
    }

    /// Every unit, 32-bit (for the start-up cache and tests).
    var all: [UInt32] { isNarrow ? narrow.verified.map(widen) : Array(wide.verified) }

    /// Where unit `position` is stored (for tests that damage a byte of the image).
    func address(_ position: Int) -> UnsafeRawPointer {
        isNarrow ? UnsafeRawPointer(narrow.base + position) : UnsafeRawPointer(wide.base + position)
    }
}
