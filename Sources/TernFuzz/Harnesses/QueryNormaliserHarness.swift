import PlaceCatalog

/// The search query normaliser and Hangul decomposition: normalising twice changes
/// nothing, decomposing twice changes nothing, and neither crashes on any text.
enum QueryNormaliserHarness {
    static let harness = FuzzHarness(
        name: "query-normaliser",
        textSeeds: ["Seoul", "서울특별시", "ㅅㅇ", "Séoul", "São Paulo", "İstanbul", "Straße", "ﬁ", "각"],
        tokens: hostileText + ["ㄱ", "ㅘ", "ㄳ", "각", "뷁", "\u{1100}", "\u{1161}", "\u{11A8}", "Ⓐ", "ǅ"]
    ) { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        let once = TextNormalizer.normalize(text)
        let twice = TextNormalizer.normalize(once)
        try require(
            twice == once, "normalising twice changed the query: \(Self.scalars(once)) then \(Self.scalars(twice))")
        let decomposed = Hangul.decompose(text)
        try require(Hangul.decompose(decomposed) == decomposed, "decomposing twice changed the text")
        _ = Hangul.chosung(text)
        let (units, offsets) = TextNormalizer.unitsWithCharacterOffsets(text)
        let characters = text.count
        try require(units.count == offsets.count, "units and their offsets differ in number")
        try require(offsets.allSatisfy { $0 >= 0 && $0 <= characters }, "an offset outside the text")
    }

    /// `[41 30a]`: code points, for a message that shows what changed.
    static func scalars(_ text: String) -> String {
        "[" + text.unicodeScalars.prefix(12).map { String($0.value, radix: 16) }.joined(separator: " ") + "]"
    }
}
