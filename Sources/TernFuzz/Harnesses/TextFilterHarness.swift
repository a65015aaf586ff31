import PlainText

/// The one filter: its output never holds an unsafe character, cleaning twice changes
/// nothing, display text stays bounded, and JSON escaping leaves nothing raw.
enum TextFilterHarness {
    static let harness = FuzzHarness(
        name: "text-filter",
        textSeeds: [
            "plain", "\u{1B}[31mred\u{1B}[0m", "a\u{85}b\u{9B}2Jc", "\u{202E}evil\u{2066}", "e\u{301}\u{302}", "서울\n부산",
        ],
        tokens: hostileText
    ) { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        for singleLine in [true, false] {
            let cleaned = SafeText.clean(text, singleLine: singleLine)
            try require(
                SafeText.firstUnsafe(in: cleaned, allowNewline: !singleLine) == nil,
                "clean left an unsafe character")
            try require(SafeText.clean(cleaned, singleLine: singleLine) == cleaned, "cleaning twice changed the text")
            try require(SafeText.longestMarkRun(cleaned) <= SafeText.maxCombiningMarks, "more than 30 marks in a row")
        }
        let shown = SafeText.forDisplay(text, maxCharacters: 50)
        try require(shown.count <= 51, "display text of \(shown.count) characters for a limit of 50")
        try require(SafeText.firstUnsafe(in: SafeText.quoted(text)) == nil, "a quoted value holds an unsafe character")
        let json = SafeText.escapingUnsafeInJSON("\"" + text + "\"")
        try require(
            !json.unicodeScalars.contains { $0.value >= 0x7F && SafeText.isUnsafe($0) }, "JSON kept a raw control")
    }
}
