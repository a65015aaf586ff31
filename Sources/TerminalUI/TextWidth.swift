/// Display width of text in terminal columns, per grapheme cluster: 0, 1 or 2.
///
/// Hangul (syllables and leading jamo), CJK ideographs, kana, fullwidth forms and emoji
/// (emoji presentation, VS16, ZWJ sequences, flags) take 2 columns; combining marks join
/// their base cluster and add nothing; controls and lone zero-width characters take 0.
public enum TextWidth {
    /// Columns taken by one grapheme cluster.
    public static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue { return ascii >= 0x20 && ascii != 0x7F ? 1 : 0 }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.count > 1 {
            for scalar in scalars.dropFirst() {
                // VS16 asks for emoji presentation; a ZWJ joins emoji into one picture.
                if scalar.value == 0xFE0F || scalar.value == 0x200D { return 2 }
            }
            if isRegionalIndicator(first) { return 2 }
        }
        return of(scalar: first)
    }

    /// Columns taken by a whole string.
    public static func of<S: StringProtocol>(_ text: S) -> Int {
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// Columns taken by a single scalar when it starts a cluster.
    public static func of(scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
        if value < 0x300 { return 1 }
        if isZeroWidth(scalar) { return 0 }
        if isWide(value) { return 2 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value == 0x200B || value == 0x200C || value == 0x200D || value == 0x2060 || value == 0xFEFF { return true }
        if (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) { return true }
        // Hangul medial vowels and trailing consonants join a leading consonant.
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F,  // Hangul leading jamo
            0x231A...0x231B, 0x2329...0x232A,
            0x2E80...0x303E,  // CJK radicals, punctuation
            0x3041...0x33FF,  // kana, Hangul compatibility jamo, CJK symbols
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xA960...0xA97F,  // Hangul jamo extended A
            0xAC00...0xD7A3,  // Hangul syllables
            0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// Truncates `text` to at most `width` columns. When something is cut the result ends
    /// with `ellipsis`; a wide character is never cut in half.
    public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        let ellipsisWidth = of(ellipsis)
        let budget = width - ellipsisWidth
        guard budget >= 0 else { return prefix(text, width: width) }
        return prefix(text, width: budget) + ellipsis
    }

    /// The longest prefix of `text` that fits in `width` columns.
    public static func prefix(_ text: String, width: Int) -> String {
        var used = 0
        var result = ""
        for character in text {
            let w = of(character)
            if used + w > width { break }
            used += w
            result.append(character)
        }
        return result
    }

    /// Wraps `text` into lines of at most `width` columns: by words where possible, breaking
    /// a word longer than a line, never splitting a wide character. Newlines start new lines.
    /// Each character is looked at a bounded number of times: linear in the text's length.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let words = paragraph.split(separator: " ", omittingEmptySubsequences: true)
            if words.isEmpty {
                lines.append("")
                continue
            }
            let firstLine = lines.count
            var line = ""
            var lineWidth = 0
            for word in words {
                let wordWidth = of(word)
                if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
                    line += " " + word
                    lineWidth += 1 + wordWidth
                    continue
                }
                if lineWidth > 0 {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                if wordWidth <= width {
                    line = String(word)
                    lineWidth = wordWidth
                    continue
                }
                for character in word {
                    let w = of(character)
                    if lineWidth > 0 && lineWidth + w > width {
                        lines.append(line)
                        line = ""
                        lineWidth = 0
                    }
                    line.append(character)
                    lineWidth += w
                }
            }
            if !line.isEmpty || lines.count == firstLine { lines.append(line) }
        }
        return lines
    }
}
