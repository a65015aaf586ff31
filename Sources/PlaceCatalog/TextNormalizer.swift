// The standard library's own canonical decomposition (`String._nfd`), which Foundation's
// `decomposedStringWithCanonicalMapping` bridges to NSString and CoreFoundation for.
@_spi(_Unicode) import Swift
import Synchronization

/// Turns names and queries into search units: one `UInt32` per folded Unicode scalar.
///
/// Case is folded, accents are stripped (`Seúl` → `seul`), NFC and NFD input give the same
/// units (conjoining Hangul jamo are composed into syllables), Hangul syllables stay whole
/// (matching looks inside them), apostrophes vanish, and every run of spaces or punctuation
/// becomes one space; leading and trailing spaces are dropped.
public enum TextNormalizer {
    static let space: UInt32 = 0x20

    /// The search units of `text`.
    public static func units(_ text: String) -> [UInt32] {
        var state = State()
        var output: [UInt32] = []
        output.reserveCapacity(text.utf8.count)
        var tags: [Int32] = []
        for scalar in text.unicodeScalars {
            state.feed(scalar.value, tag: 0, into: &output, tags: &tags, tagging: false)
        }
        state.finish(into: &output, tags: &tags, tagging: false)
        return output
    }

    /// Appends the units of `text` to `output` (the index builder's fast path).
    static func append(_ text: Substring, to output: inout [UInt32]) {
        if let done = text.utf8.withContiguousStorageIfAvailable({ appendASCII($0, to: &output) }), done { return }
        var state = State()
        var tags: [Int32] = []
        for scalar in text.unicodeScalars {
            state.feed(scalar.value, tag: 0, into: &output, tags: &tags, tagging: false)
        }
        state.finish(into: &output, tags: &tags, tagging: false)
    }

    /// The fast path for ASCII names: false (and nothing appended) when a byte is not ASCII.
    @inline(__always)
    static func appendASCII(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt32]) -> Bool {
        for byte in bytes where byte >= 0x80 { return false }
        var lastWasSpace = true
        for byte in bytes {
            switch byte {
            case 0x41...0x5A:
                output.append(UInt32(byte) + 0x20)
                lastWasSpace = false
            case 0x61...0x7A, 0x30...0x39:
                output.append(UInt32(byte))
                lastWasSpace = false
            case 0x27, 0x60: break
            default:
                if !lastWasSpace {
                    output.append(space)
                    lastWasSpace = true
                }
            }
        }
        if lastWasSpace && output.last == space && !bytes.isEmpty {
            output.removeLast()
        }
        return true
    }

    /// The units of `text` and, for each unit, the offset of the `Character` it came from.
    public static func unitsWithCharacterOffsets(_ text: String) -> (units: [UInt32], offsets: [Int]) {
        var state = State()
        var output: [UInt32] = []
        var tags: [Int32] = []
        var offset: Int32 = 0
        for character in text {
            for scalar in character.unicodeScalars {
                state.feed(scalar.value, tag: offset, into: &output, tags: &tags, tagging: true)
            }
            offset += 1
        }
        state.finish(into: &output, tags: &tags, tagging: true)
        return (output, tags.map(Int.init))
    }

    /// The normalised form as a string (for tests and debugging).
    public static func normalize(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for unit in units(text) { scalars.append(Unicode.Scalar(unit)!) }
        return String(scalars)
    }

    /// The folding of one scalar: `[]` drops it, `[space]` separates words.
    struct State {
        var pendingInitial = -1
        var pendingMedial = -1
        var pendingTag: Int32 = 0
        var lastWasSpace = true

        @inline(__always)
        mutating func feed(_ value: UInt32, tag: Int32, into output: inout [UInt32], tags: inout [Int32], tagging: Bool)
        {
            if value < 0x80 {
                flush(into: &output, tags: &tags, tagging: tagging)
                switch value {
                case 0x41...0x5A: emit(value + 0x20, tag, &output, &tags, tagging)
                case 0x61...0x7A, 0x30...0x39: emit(value, tag, &output, &tags, tagging)
                case 0x27, 0x60: break
                default: emitSpace(tag, &output, &tags, tagging)
                }
                return
            }
            if value >= 0x1100 && value <= 0x11FF {
                composeJamo(value, tag: tag, into: &output, tags: &tags, tagging: tagging)
                return
            }
            flush(into: &output, tags: &tags, tagging: tagging)
            if Hangul.isSyllable(value) || Hangul.isJamo(value) {
                emit(value, tag, &output, &tags, tagging)
                return
            }
            if value < FoldTable.limit, let folded = FoldTable.shared.fold(value) {
                for unit in folded { emitFolded(unit, tag, &output, &tags, tagging) }
                return
            }
            for unit in TextNormalizer.fold(value) { emitFolded(unit, tag, &output, &tags, tagging) }
        }

        @inline(__always)
        mutating func emitFolded(
            _ unit: UInt32, _ tag: Int32, _ output: inout [UInt32], _ tags: inout [Int32], _ tagging: Bool
        ) {
            if unit == TextNormalizer.space {
                emitSpace(tag, &output, &tags, tagging)
            } else {
                emit(unit, tag, &output, &tags, tagging)
            }
        }

        mutating func finish(into output: inout [UInt32], tags: inout [Int32], tagging: Bool) {
            flush(into: &output, tags: &tags, tagging: tagging)
            if output.last == TextNormalizer.space {
                output.removeLast()
                if tagging { tags.removeLast() }
            }
        }

        @inline(__always)
        mutating func emit(
            _ unit: UInt32, _ tag: Int32, _ output: inout [UInt32], _ tags: inout [Int32], _ tagging: Bool
        ) {
            output.append(unit)
            if tagging { tags.append(tag) }
            lastWasSpace = false
        }

        @inline(__always)
        mutating func emitSpace(_ tag: Int32, _ output: inout [UInt32], _ tags: inout [Int32], _ tagging: Bool) {
            if lastWasSpace { return }
            output.append(TextNormalizer.space)
            if tagging { tags.append(tag) }
            lastWasSpace = true
        }

        mutating func composeJamo(
            _ value: UInt32, tag: Int32, into output: inout [UInt32], tags: inout [Int32], tagging: Bool
        ) {
            if value >= 0x1100 && value <= 0x1112 {
                flush(into: &output, tags: &tags, tagging: tagging)
                pendingInitial = Int(value - 0x1100)
                pendingTag = tag
                return
            }
            if value >= 0x1161 && value <= 0x1175 && pendingInitial >= 0 && pendingMedial < 0 {
                pendingMedial = Int(value - 0x1161)
                return
            }
            if value >= 0x11A8 && value <= 0x11C2 && pendingInitial >= 0 && pendingMedial >= 0 {
                emit(
                    Hangul.compose(initial: pendingInitial, medial: pendingMedial, final: Int(value - 0x11A7)),
                    pendingTag, &output, &tags, tagging)
                pendingInitial = -1
                pendingMedial = -1
                return
            }
            flush(into: &output, tags: &tags, tagging: tagging)
            if let compat = Hangul.compatibility(ofConjoining: value) { emit(compat, tag, &output, &tags, tagging) }
        }

        @inline(__always)
        mutating func flush(into output: inout [UInt32], tags: inout [Int32], tagging: Bool) {
            guard pendingInitial >= 0 else { return }
            if pendingMedial >= 0 {
                emit(
                    Hangul.compose(initial: pendingInitial, medial: pendingMedial, final: 0), pendingTag, &output,
                    &tags, tagging)
            } else {
                emit(Hangul.initials[pendingInitial], pendingTag, &output, &tags, tagging)
            }
            pendingInitial = -1
            pendingMedial = -1
        }
    }

    /// The Latin, Greek and Cyrillic blocks, where letters carry accents to take off.
    static func hasAccents(_ value: UInt32) -> Bool {
        (0x80...0x24F).contains(value) || (0x370...0x52F).contains(value) || (0x1E00...0x1FFF).contains(value)
    }

    /// Letters without a decomposition that still fold to plain ones (ß to ss), and the
    /// apostrophes that vanish. A switch, not a dictionary: a dictionary keyed by `UInt32` is
    /// one more protocol conformance the runtime scans the binary for in a search process.
    static func special(_ value: UInt32) -> [UInt32]? {
        switch value {
        case 0xDF, 0x1E9E: return [0x73, 0x73]
        case 0xF8, 0xD8: return [0x6F]
        case 0x111, 0x110, 0xF0, 0xD0: return [0x64]
        case 0x142, 0x141: return [0x6C]
        case 0xE6, 0xC6: return [0x61, 0x65]
        case 0x153, 0x152: return [0x6F, 0x65]
        case 0xFE, 0xDE: return [0x74, 0x68]
        case 0x127, 0x126: return [0x68]
        case 0x131: return [0x69]
        case 0x2BB, 0x2BC, 0x2BF, 0x2BE, 0x2019, 0x2018: return []
        default: return nil
        }
    }

    @inline(__always)
    static func isCombining(_ value: UInt32) -> Bool {
        (value >= 0x300 && value <= 0x36F) || (value >= 0x1AB0 && value <= 0x1AFF)
            || (value >= 0x1DC0 && value <= 0x1DFF) || (value >= 0x20D0 && value <= 0x20FF)
            || (value >= 0xFE20 && value <= 0xFE2F)
    }

    static func computeFold(_ scalar: Unicode.Scalar) -> [UInt32] {
        if let special = special(scalar.value) { return special }
        if isCombining(scalar.value) { return [] }
        let properties = scalar.properties
        if properties.isWhitespace || isSeparatorCategory(properties.generalCategory) { return [space] }
        var result: [UInt32] = []
        for part in String(scalar)._nfd where !isCombining(part.value) {
            // Æ with a macron lowercases to æ, which itself folds to "ae": fold it the same way.
            for lower in part.properties.lowercaseMapping.unicodeScalars {
                if let special = special(lower.value) { result += special } else { result.append(lower.value) }
            }
        }
        return result
    }

    static func isSeparatorCategory(_ category: Unicode.GeneralCategory) -> Bool {
        switch category {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation, .spaceSeparator,
            .lineSeparator, .paragraphSeparator, .control, .mathSymbol, .currencySymbol,
            .modifierSymbol, .otherSymbol, .format:
            return true
        default:
            return false
        }
    }

    /// The folding of `value` (`FoldTable` keeps those below its limit).
    static func fold(_ value: UInt32) -> ArraySlice<UInt32> {
        if value < FoldTable.limit {
            guard let scalar = Unicode.Scalar(value) else { return [] }
            return (hasAccents(value) ? computeFold(scalar) : slowFold(value))[...]
        }
        if (value >= 0x3400 && value <= 0x9FFF) || (value >= 0x3040 && value <= 0x30FF) { return [value] }
        return slowFold(value)[...]
    }

    static func slowFold(_ value: UInt32) -> [UInt32] {
        if isCombining(value) { return [] }
        if value >= 0xFF01 && value <= 0xFF5E { return value == 0xFF07 ? [] : asciiFold(value - 0xFEE0) }
        guard let scalar = Unicode.Scalar(value) else { return [] }
        let properties = scalar.properties
        if properties.isWhitespace || isSeparatorCategory(properties.generalCategory) { return [space] }
        // A letter that lowercases to an accented one (the Angstrom sign to å) folds like
        // that letter, so that normalising twice changes nothing.
        if properties.changesWhenLowercased {
            return properties.lowercaseMapping.unicodeScalars.flatMap {
                hasAccents($0.value) ? computeFold($0) : [$0.value]
            }
        }
        return [value]
    }

    static func asciiFold(_ value: UInt32) -> [UInt32] {
        switch value {
        case 0x41...0x5A: return [value + 0x20]
        case 0x61...0x7A, 0x30...0x39: return [value]
        default: return [space]
        }
    }
}

/// The folding of every scalar below U+3000 (`TextNormalizer.fold`), computed 32 scalars at a
/// time when text first holds one of them: a search process folds a few names, not 12,288
/// scalars' Unicode properties. Up to `slots` units per scalar (a longer folding is not kept).
/// A block is filled under `filling` and then published by an atomic release store of its
/// flag, so a reader that sees the flag set (acquire) sees the block's units.
final class FoldTable: @unchecked Sendable {
    // @unchecked: units and counts are written only under `filling`, before their block's flag.
    static let shared = FoldTable()
    static let limit: UInt32 = 0x3000
    static let slots = 4
    private static let blockShift = 5
    private static let tooLong = UInt8.max

    private let units = UnsafeMutablePointer<UInt32>.allocate(capacity: Int(limit) * slots)
    private let counts = UnsafeMutablePointer<UInt8>.allocate(capacity: Int(limit))
    private let filled = UnsafeMutablePointer<Atomic<Bool>>.allocate(capacity: Int(limit) >> blockShift)
    private let filling = Mutex(())

    private init() {
        // `units` stays uninitialised (a unit is read only after its block is filled), so the
        // process touches only the pages of the blocks its text uses.
        counts.initialize(repeating: 0, count: Int(FoldTable.limit))
        for block in 0..<(Int(FoldTable.limit) >> FoldTable.blockShift) {
            (filled + block).initialize(to: Atomic(false))
        }
    }

    /// The folding of `value` (below `limit`), or `nil` when it is too long to keep.
    @inline(__always) func fold(_ value: UInt32) -> UnsafeBufferPointer<UInt32>? {
        let position = Int(value)
        if !filled[position >> FoldTable.blockShift].load(ordering: .acquiring) {
            fill(position >> FoldTable.blockShift)
        }
        let count = counts[position]
        if count == FoldTable.tooLong { return nil }
        return UnsafeBufferPointer(start: units + position * FoldTable.slots, count: Int(count))
    }

    private func fill(_ block: Int) {
        filling.withLock { _ in
            if !filled[block].load(ordering: .relaxed) { fillLocked(block) }
        }
    }

    private func fillLocked(_ block: Int) {
        for position in (block << FoldTable.blockShift)..<((block + 1) << FoldTable.blockShift) {
            let folded = TextNormalizer.fold(UInt32(position))
            if folded.count > FoldTable.slots {
                counts[position] = FoldTable.tooLong
                continue
            }
            for (index, unit) in folded.enumerated() { units[position * FoldTable.slots + index] = unit }
            counts[position] = UInt8(folded.count)
        }
        filled[block].store(true, ordering: .releasing)
    }
}
