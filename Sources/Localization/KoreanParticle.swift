/// Korean particles that depend on the sound a name ends with: a template writes the pair
/// (`{place}을(를)`, `{query}”과(와)`, `{folder}(으)로`) and filling picks the one form the
/// filled name takes, keeping the pair where the name's last sound is unknown (Latin text).
enum KoreanParticle {
    /// How a name ends, as far as particles care.
    enum Ending { case vowel, rieul, consonant }

    /// The written pairs: after a consonant, after a vowel, and whether ㄹ takes the vowel form.
    private static let pairs: [(written: String, consonant: String, vowel: String, rieulTakesVowel: Bool)] = [
        ("을(를)", "을", "를", false), ("이(가)", "이", "가", false), ("은(는)", "은", "는", false),
        ("과(와)", "과", "와", false), ("(으)로", "으로", "로", true),
    ]

    /// Marks that may stand between a name and its particle: closing quotes and brackets.
    private static let closers: Set<Character> = ["\u{201D}", "\u{2019}", "'", "\"", ")", "」", "』"]

    /// `rest` with a leading particle pair (after any closers) replaced by the form `value` takes.
    static func resolve(after value: String, in rest: Substring) -> Substring? {
        let closing = rest.prefix { closers.contains($0) }
        let tail = rest[closing.endIndex...]
        guard let first = tail.first, first == "(" || "을이은과".contains(first) else { return nil }
        guard let pair = pairs.first(where: { tail.hasPrefix($0.written) }), let ending = ending(of: value) else {
            return nil
        }
        let takesVowel = ending == .vowel || (ending == .rieul && pair.rieulTakesVowel)
        return Substring(String(closing) + (takesVowel ? pair.vowel : pair.consonant))
            + tail.dropFirst(pair.written.count)
    }

    /// The last sound of `name`: a Hangul syllable's final consonant, or a digit as read in
    /// Korean (일, 이, 삼 …); nil for anything else.
    static func ending(of name: String) -> Ending? {
        guard let last = name.reversed().first(where: { !closers.contains($0) && !$0.isWhitespace && $0 != "." })
        else { return nil }
        guard let scalar = last.unicodeScalars.first else { return nil }
        switch scalar.value {
        case 0xAC00...0xD7A3:
            let final = (scalar.value - 0xAC00) % 28
            return final == 0 ? .vowel : final == 8 ? .rieul : .consonant
        case 0x30...0x39:
            // 영 삼 육 take the consonant form, 일 칠 팔 end in ㄹ, 이 사 오 구 in a vowel.
            switch scalar.value - 0x30 {
            case 0, 3, 6: return .consonant
            case 1, 7, 8: return .rieul
            default: return .vowel
            }
        default: return nil
        }
    }
}
