/// Hangul arithmetic: syllables (U+AC00…U+D7A3) to the jamo a 두벌식 keyboard types, in
/// compatibility jamo (U+3131…U+3163), so that a half-typed syllable can be matched.
public enum Hangul {
    static let syllableBase: UInt32 = 0xAC00
    static let syllableEnd: UInt32 = 0xD7A3

    /// Initial consonants (choseong) in syllable order, as compatibility jamo.
    static let initials: [UInt32] = [
        0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145,
        0x3146, 0x3147, 0x3148, 0x3149, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E,
    ]
    /// Medial vowels, each split into the keys typed for it (ㅘ = ㅗ ㅏ).
    static let medials: [[UInt32]] = [
        [0x314F], [0x3150], [0x3151], [0x3152], [0x3153], [0x3154], [0x3155], [0x3156],
        [0x3157], [0x3157, 0x314F], [0x3157, 0x3150], [0x3157, 0x3163], [0x315B],
        [0x315C], [0x315C, 0x3153], [0x315C, 0x3154], [0x315C, 0x3163], [0x3160],
        [0x3161], [0x3161, 0x3163], [0x3163],
    ]
    /// Final consonants (index 0: none), compound ones split (ㄺ = ㄹ ㄱ).
    static let finals: [[UInt32]] = [
        [], [0x3131], [0x3132], [0x3131, 0x3145], [0x3134], [0x3134, 0x3148], [0x3134, 0x314E],
        [0x3137], [0x3139], [0x3139, 0x3131], [0x3139, 0x3141], [0x3139, 0x3142], [0x3139, 0x3145],
        [0x3139, 0x314C], [0x3139, 0x314D], [0x3139, 0x314E], [0x3141], [0x3142], [0x3142, 0x3145],
        [0x3145], [0x3146], [0x3147], [0x3148], [0x314A], [0x314B], [0x314C], [0x314D], [0x314E],
    ]
    /// Compound compatibility jamo typed as two keys.
    static let compoundJamo: [UInt32: [UInt32]] = [
        0x3133: [0x3131, 0x3145], 0x3135: [0x3134, 0x3148], 0x3136: [0x3134, 0x314E],
        0x313A: [0x3139, 0x3131], 0x313B: [0x3139, 0x3141], 0x313C: [0x3139, 0x3142],
        0x313D: [0x3139, 0x3145], 0x313E: [0x3139, 0x314C], 0x313F: [0x3139, 0x314D],
        0x3140: [0x3139, 0x314E], 0x3144: [0x3142, 0x3145], 0x3158: [0x3157, 0x314F],
        0x3159: [0x3157, 0x3150], 0x315A: [0x3157, 0x3163], 0x315D: [0x315C, 0x3153],
        0x315E: [0x315C, 0x3154], 0x315F: [0x315C, 0x3163], 0x3162: [0x3161, 0x3163],
    ]

    @inline(__always) public static func isSyllable(_ unit: UInt32) -> Bool {
        unit >= syllableBase && unit <= syllableEnd
    }

    /// A compatibility jamo (consonant or vowel) such as ㅅ or ㅏ.
    @inline(__always) public static func isJamo(_ unit: UInt32) -> Bool {
        unit >= 0x3131 && unit <= 0x3163
    }

    /// A compatibility consonant that can stand for a syllable's initial (ㄱ…ㅎ, not ㄳ).
    @inline(__always) public static func isInitialConsonant(_ unit: UInt32) -> Bool {
        unit >= 0x3131 && unit <= 0x314E && !isCompound(unit)
    }

    /// Whether `unit` is one of `compoundJamo`'s keys (ㄳ, ㅘ…), told without building that
    /// dictionary: a query of initials would otherwise pay for it, and for the runtime's
    /// first lookup of `UInt32: Hashable`, in every process.
    @inline(__always) static func isCompound(_ unit: UInt32) -> Bool {
        switch unit {
        case 0x3133, 0x3135, 0x3136, 0x313A...0x3140, 0x3144, 0x3158...0x315A, 0x315D...0x315F, 0x3162: true
        default: false
        }
    }

    /// The initial consonant of a syllable (서 → ㅅ); `nil` for anything else.
    @inline(__always) public static func initial(of unit: UInt32) -> UInt32? {
        guard isSyllable(unit) else { return nil }
        return initials[Int((unit - syllableBase) / 588)]
    }

    /// The syllable's or jamo's keystrokes (닭 → ㄷ ㅏ ㄹ ㄱ; 와 → ㅇ ㅗ ㅏ); other units as themselves.
    public static func jamo(of unit: UInt32) -> [UInt32] {
        if isSyllable(unit) {
            let index = Int(unit - syllableBase)
            return [initials[index / 588]] + medials[(index % 588) / 28] + finals[index % 28]
        }
        if isCompound(unit), let parts = compoundJamo[unit] { return parts }
        return [unit]
    }

    /// The keystrokes of a whole string, as compatibility jamo strings (for tests and display).
    public static func decompose(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            for unit in jamo(of: scalar.value) { scalars.append(Unicode.Scalar(unit)!) }
        }
        return String(scalars)
    }

    /// The initial consonants of a string's syllables (서울 → ㅅㅇ); other characters kept.
    public static func chosung(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(Unicode.Scalar(initial(of: scalar.value) ?? scalar.value)!)
        }
        return String(scalars)
    }

    /// Composes a syllable from conjoining jamo indices (choseong 0…18, jungseong 0…20,
    /// jongseong 0…27).
    @inline(__always) static func compose(initial: Int, medial: Int, final: Int) -> UInt32 {
        syllableBase + UInt32(initial * 588 + medial * 28 + final)
    }

    /// The compatibility jamo for a conjoining jamo (U+1100 block), used for lone NFD jamo.
    static func compatibility(ofConjoining unit: UInt32) -> UInt32? {
        if unit >= 0x1100 && unit <= 0x1112 { return initials[Int(unit - 0x1100)] }
        if unit >= 0x1161 && unit <= 0x1175 { return 0x314F + (unit - 0x1161) }
        if unit >= 0x11A8 && unit <= 0x11C2 {
            let parts = finals[Int(unit - 0x11A7)]
            return parts.count == 1 ? parts[0] : compoundCompat[parts]
        }
        return nil
    }

    static let compoundCompat: [[UInt32]: UInt32] = {
        var map: [[UInt32]: UInt32] = [:]
        for (key, value) in compoundJamo { map[value] = key }
        return map
    }()
}
