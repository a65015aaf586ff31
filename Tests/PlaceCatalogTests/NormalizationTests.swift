import Testing

@testable import PlaceCatalog

@Test(arguments: [
    ("Seúl", "seul"),
    ("SEOUL", "seoul"),
    ("Seu\u{301}l", "seul"),
    ("São Paulo", "sao paulo"),
    ("Goyang-si", "goyang si"),
    ("Xi'an", "xian"),
    ("Straße", "strasse"),
    ("  New   York  ", "new york"),
    ("Łódź", "lodz"),
    ("Ørsted", "orsted"),
    ("ＳＥＯＵＬ", "seoul"),
    ("Σεούλ", "σεουλ"),
    ("\u{1109}\u{1165}\u{110B}\u{116E}\u{11AF}", "서울"),
    ("서울특별시", "서울특별시"),
    ("St. Louis", "st louis"),
    ("", ""),
])
func normalisationFoldsCaseAccentsAndForms(input: String, expected: String) {
    #expect(TextNormalizer.normalize(input) == expected)
}

@Test func nfcAndNfdGiveTheSameUnits() {
    let nfc = "Séoul Daejeon 대전 Ångström"
    let nfd = nfc.decomposedStringWithCanonicalMapping
    #expect(nfc.unicodeScalars.count != nfd.unicodeScalars.count)
    #expect(TextNormalizer.units(nfc) == TextNormalizer.units(nfd))
}

@Test(arguments: [
    ("닭", "ㄷㅏㄹㄱ"),
    ("와", "ㅇㅗㅏ"),
    ("서울", "ㅅㅓㅇㅜㄹ"),
    ("값", "ㄱㅏㅂㅅ"),
    ("의", "ㅇㅡㅣ"),
    ("뷁", "ㅂㅜㅔㄹㄱ"),
    ("ㄳ", "ㄱㅅ"),
    ("a가", "aㄱㅏ"),
])
func jamoDecompositionFollowsTheKeyboard(syllables: String, keys: String) {
    #expect(Hangul.decompose(syllables) == keys)
}

/// The search's keystrokes of a syllable (worked out from three small tables) are, for every
/// syllable, its non-zero slots in order: exactly `Hangul.jamo(of:)`.
@Test func syllableKeysMatchTheJamoOfEverySyllable() {
    var wrong: [UInt32] = []
    SyllableJamo.table.withUnsafeBufferPointer { table in
        for index in 0..<11172 {
            let keys = (0..<5).map { SyllableJamo.key(index, $0, table) }.filter { $0 != 0 }
            if keys != Hangul.jamo(of: Hangul.syllableBase + UInt32(index)) {
                wrong.append(Hangul.syllableBase + UInt32(index))
            }
        }
    }
    #expect(
        wrong.isEmpty,
        "\(wrong.count) syllables differ, the first \(wrong.first.map { String(Unicode.Scalar($0)!) } ?? "")")
}

/// `isCompound` (a switch) names exactly the keys of `compoundJamo`, over every compatibility jamo.
@Test func compoundJamoTestMatchesTheTable() {
    for unit in UInt32(0x3131)...0x3163 {
        #expect(
            Hangul.isCompound(unit) == (Hangul.compoundJamo[unit] != nil),
            "U+\(String(unit, radix: 16, uppercase: true))")
    }
}

@Test(arguments: [("서울", "ㅅㅇ"), ("수원", "ㅅㅇ"), ("부산광역시", "ㅂㅅㄱㅇㅅ"), ("까치", "ㄲㅊ"), ("Seoul", "Seoul")])
func chosungTakesEachSyllablesInitial(name: String, initials: String) {
    #expect(Hangul.chosung(name) == initials)
}

@Test(arguments: [
    ("New York City", "york", 4..<8),
    ("Seúl", "seu", 0..<3),
    ("Seu\u{301}l", "ul", 2..<4),
    ("서울특별시", "울", 1..<2),
    ("서울", "서우", 0..<2),
    ("달걀", "닭", 0..<2),
    ("São Paulo", "paulo", 4..<9),
    ("Goyang-si", "si", 7..<9),
    ("🇰🇷 Seoul", "seoul", 2..<7),
    ("수원", "ㅅㅇ", 0..<2),
])
func matchedRangeIsInCharacters(name: String, query: String, range: Range<Int>) {
    #expect(PlaceIndex.characterRange(of: SearchQuery(query), in: name)?.1 == range)
}
