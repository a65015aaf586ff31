import PlaceCatalog

/// Name order as Korean users expect it, without ICU: Hangul first in dictionary order
/// (ㄱ ㄲ ㄴ ㄷ …, then the vowels and finals, which is the order of the syllables' code
/// points), then Latin letters ignoring case and accents, then other scripts, then digits
/// and symbols (the order Korean phone contacts use). A lone consonant (ㄱ) sorts just
/// before the syllables it begins.
public enum KoreanCollation {
    /// Whether `a` sorts before `b`; equal keys fall back to the exact text, so the order is total.
    public static func precedes(_ a: String, _ b: String) -> Bool {
        let keyA = key(a)
        let keyB = key(b)
        if keyA != keyB { return keyA.lexicographicallyPrecedes(keyB) }
        return a < b
    }

    /// Whether folder name `a` sorts before `b`: the collation, with each run of digits read
    /// as one number (`폴더 2` before `폴더 10`). Not for saved name keys, whose order is the
    /// stored one.
    public static func precedesNumbering(_ a: String, _ b: String) -> Bool {
        let keyA = numberingKey(a)
        let keyB = numberingKey(b)
        if keyA != keyB { return keyA.lexicographicallyPrecedes(keyB) }
        return a < b
    }

    /// `key`, with a run of digits as its count of significant digits, then the digits.
    static func numberingKey(_ text: String) -> [UInt32] {
        var key: [UInt32] = []
        var digits: [UInt32] = []
        func endDigits() {
            guard !digits.isEmpty else { return }
            let significant = digits.drop { $0 == 0x30 }
            key.append((4 << 24) + UInt32(significant.count))
            key.append(contentsOf: significant.map(rank))
            digits = []
        }
        for unit in TextNormalizer.units(text) {
            if (0x30...0x39).contains(unit) {
                digits.append(unit)
            } else {
                endDigits()
                key.append(rank(unit))
            }
        }
        endDigits()
        return key
    }

    /// One number per normalised unit: the class in the top byte, the rank within it below.
    public static func key(_ text: String) -> [UInt32] {
        TextNormalizer.units(text).map(rank)
    }

    static func rank(_ unit: UInt32) -> UInt32 {
        if unit == 0x20 { return 0 }
        if Hangul.isSyllable(unit) {
            let index = unit - 0xAC00
            return (1 << 24) + (index / 588) * 1000 + 1 + index % 588
        }
        if let initial = initialIndex(ofJamo: unit) { return (1 << 24) + initial * 1000 }
        if let scalar = Unicode.Scalar(unit) {
            if scalar.properties.isAlphabetic {
                return (scalar.isASCII ? 2 << 24 : 3 << 24) + unit
            }
            if scalar.properties.numericType != nil { return (4 << 24) + unit }
        }
        return (5 << 24) + unit
    }

    /// The initial-consonant index (ㄱ 0 … ㅎ 18) of a lone compatibility consonant.
    static func initialIndex(ofJamo unit: UInt32) -> UInt32? {
        guard Hangul.isInitialConsonant(unit) else { return nil }
        // A syllable with this initial and the first vowel, read back through `initial(of:)`.
        for index in 0..<19 where Hangul.initial(of: 0xAC00 + UInt32(index) * 588) == unit {
            return UInt32(index)
        }
        return nil
    }
}
