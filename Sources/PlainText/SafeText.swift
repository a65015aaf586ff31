/// The one filter for characters that must never reach a terminal, a stored field or a
/// person's screen: the importer, validation, the text editor, drawing, CLI output and
/// `--json` all ask it, so they agree on every character.
///
/// Unsafe: C0 controls (newline and tab are handled by each use), DEL, C1 controls
/// U+0080–U+009F (the 8-bit CSI 0x9B among them), the Arabic letter mark U+061C, the
/// directional marks U+200E/U+200F, the line and paragraph separators U+2028/U+2029, the
/// bidirectional embeddings and overrides U+202A–U+202E and isolates U+2066–U+2069.
/// Zero-width joiners and variation selectors are safe: emoji need them.
public enum SafeText {
    /// The unsafe scalars, as inclusive ranges of code points.
    public static let unsafeRanges: [ClosedRange<UInt32>] = [
        0x00...0x1F, 0x7F...0x9F, 0x061C...0x061C, 0x200E...0x200F, 0x2028...0x202E, 0x2066...0x2069,
    ]

    /// Whether `scalar` is in `unsafeRanges`.
    @inline(__always)
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 { return true }
        if value < 0x7F { return false }
        if value <= 0x9F { return true }
        if value < 0x061C { return false }
        return value == 0x061C || value == 0x200E || value == 0x200F
            || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// The first unsafe scalar of `text` (a newline counts only unless `allowNewline`).
    public static func firstUnsafe<S: StringProtocol>(in text: S, allowNewline: Bool = false) -> Unicode.Scalar? {
        text.unicodeScalars.first { isUnsafe($0) && !(allowNewline && $0 == "\n") }
    }

    /// `firstUnsafe` for a substring (what an import checks each field with), bytes first:
    /// printable ASCII, most of a GeoNames dump, holds nothing unsafe, and the generic
    /// version, called from another module, reads every scalar through the protocol's
    /// witnesses (a sixth of importing cities500).
    public static func firstUnsafe(in text: Substring, allowNewline: Bool = false) -> Unicode.Scalar? {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return nil }
        return text.unicodeScalars.first { isUnsafe($0) && !(allowNewline && $0 == "\n") }
    }

    /// At most this many combining marks (or other scalars that extend a character, see
    /// `isCombiningMark`) follow one base character; the Unicode Stream-Safe Text Format
    /// allows 30. More would make one character cost its whole length in every later
    /// operation (20,000 marks pasted made editing quadratic).
    public static let maxCombiningMarks = 30

    /// The cleaned text: escape sequences (CSI, OSC ended by BEL or ST, other ESC
    /// sequences, lone ESC) and unsafe characters removed, runs of combining marks cut to
    /// `maxCombiningMarks`. Tabs, U+2028 and U+2029 become spaces; newlines stay, or become
    /// spaces with `singleLine`. Linear in the text's length.
    public static func clean(_ text: String, singleLine: Bool = false) -> String {
        if isAlreadyClean(text, singleLine: singleLine) { return text }
        var output = String.UnicodeScalarView()
        var cleaner = Cleaner(singleLine: singleLine)
        var scalars = text.unicodeScalars.makeIterator()
        cleaner.run(&scalars) {
            output.append($0)
            return true
        }
        return String(output)
    }

    /// Whether `clean` would return the text unchanged.
    public static func isAlreadyClean(_ text: String, singleLine: Bool) -> Bool {
        var run = JoinedRun(limit: maxCombiningMarks)
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) && !(scalar.value == 0x0A && !singleLine) { return false }
            if !run.admits(scalar) { return false }
        }
        return true
    }

    /// The most scalars joined to one character in `text` (see `JoinedRun`).
    public static func longestMarkRun(_ text: String) -> Int {
        var run = JoinedRun(limit: .max)
        var longest = 0
        for scalar in text.unicodeScalars {
            _ = run.admits(scalar)
            longest = max(longest, run.length)
        }
        return longest
    }

    /// Counts the scalars joined to the current character as a stream goes by, so that no
    /// character carries more than `limit` of them. It joins more than Unicode's grapheme
    /// rules do (any emoji after a zero-width joiner, any jamo after Hangul), which matters
    /// only past the limit, and it looks at kept scalars only, so cleaning twice changes
    /// nothing. Without it, `👩‍👩‍…` a thousand times over was one character every edit walked.
    struct JoinedRun {
        let limit: Int
        private(set) var length = 0
        private var previous: Unicode.Scalar?

        init(limit: Int) {
            self.limit = limit
        }

        /// Whether `scalar` stays: it starts a character, or joins one still under the limit.
        mutating func admits(_ scalar: Unicode.Scalar) -> Bool {
            guard joins(scalar) else {
                length = 0
                previous = scalar
                return true
            }
            guard length < limit else { return false }
            length += 1
            previous = scalar
            return true
        }

        private func joins(_ scalar: Unicode.Scalar) -> Bool {
            guard scalar.value >= 0x300 else { return false }
            if isCombiningMark(scalar) { return true }
            guard let previous else { return false }
            if previous.value == 0x200D {
                return scalar.properties.isEmoji || (0x1F000...0x1FFFF).contains(scalar.value)
            }
            return SafeText.isJamo(scalar) && (SafeText.isJamo(previous) || SafeText.isHangulSyllable(previous))
        }
    }

    static func isJamo(_ scalar: Unicode.Scalar) -> Bool {
        (0x1100...0x11FF).contains(scalar.value) || (0xA960...0xA97F).contains(scalar.value)
            || (0xD7B0...0xD7FF).contains(scalar.value)
    }

    static func isHangulSyllable(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(scalar.value)
    }

    /// Whether `scalar` joins the character before it: a combining mark, or one of the other
    /// scalars that extend a character (a zero-width joiner, an emoji skin tone, a tag).
    /// 2,000 joiners in a row made one character as costly as 2,000 marks.
    public static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x300 else { return false }
        if scalar.value == 0x200D { return true }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return properties.isGraphemeExtend || (0x1F3FB...0x1F3FF).contains(scalar.value)
        }
    }

    /// Cleans a stream of scalars, handing each kept one to a sink that may stop the run
    /// (by returning false), so callers that need only a prefix pay only for that prefix.
    public struct Cleaner {
        let singleLine: Bool
        var run = JoinedRun(limit: maxCombiningMarks)
        var pending: Unicode.Scalar?

        public init(singleLine: Bool) {
            self.singleLine = singleLine
        }

        public mutating func run<I: IteratorProtocol>(_ scalars: inout I, _ sink: (Unicode.Scalar) -> Bool)
        where I.Element == Unicode.Scalar {
            while let scalar = next(&scalars) {
                guard let kept = keep(scalar, &scalars) else { continue }
                if !sink(kept) { return }
            }
        }

        mutating func next<I: IteratorProtocol>(_ scalars: inout I) -> Unicode.Scalar?
        where I.Element == Unicode.Scalar {
            if let scalar = pending {
                pending = nil
                return scalar
            }
            return scalars.next()
        }

        /// What `scalar` becomes in the output, or nil when it (and the sequence it starts) goes.
        mutating func keep<I: IteratorProtocol>(_ scalar: Unicode.Scalar, _ scalars: inout I) -> Unicode.Scalar?
        where I.Element == Unicode.Scalar {
            // Marks are never unsafe. Only a character that stays ends a run of marks: marks
            // on both sides of a removed escape sequence join, and must be counted together.
            guard let kept = isCombiningMark(scalar) ? scalar : keptForm(of: scalar, &scalars) else { return nil }
            return run.admits(kept) ? kept : nil
        }

        mutating func keptForm<I: IteratorProtocol>(of scalar: Unicode.Scalar, _ scalars: inout I) -> Unicode.Scalar?
        where I.Element == Unicode.Scalar {
            let value = scalar.value
            switch value {
            case 0x1B:
                pending = SafeText.skipEscape(&scalars)
                return nil
            case 0x9B:  // 8-bit CSI: drop the parameters too
                SafeText.skipCSIBody(&scalars)
                return nil
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F:  // 8-bit DCS, SOS, OSC, PM, APC
                SafeText.skipString(&scalars)
                return nil
            case 0x0A:
                return singleLine ? " " : scalar
            case 0x09, 0x2028, 0x2029:
                return " "
            default:
                return isUnsafe(scalar) ? nil : scalar
            }
        }
    }

    /// After an ESC: consumes the rest of the sequence it starts. Returns the character
    /// after a lone ESC that starts no sequence, for normal processing.
    static func skipEscape<I: IteratorProtocol>(_ scalars: inout I) -> Unicode.Scalar?
    where I.Element == Unicode.Scalar {
        guard let introducer = scalars.next() else { return nil }
        switch introducer.value {
        case 0x5B:  // '[' CSI
            skipCSIBody(&scalars)
        case 0x5D, 0x50, 0x5F, 0x5E, 0x58:  // ']' OSC, 'P' DCS, '_' APC, '^' PM, 'X' SOS
            skipString(&scalars)
        case 0x20...0x2F:  // intermediates, then one final byte
            while let scalar = scalars.next() {
                if !(0x20...0x2F).contains(scalar.value) { break }
            }
        case 0x30...0x7E:  // two-character sequence such as ESC c
            break
        default:
            return introducer
        }
        return nil
    }

    /// Consumes CSI parameter and intermediate bytes up to and including the final byte.
    static func skipCSIBody<I: IteratorProtocol>(_ scalars: inout I) where I.Element == Unicode.Scalar {
        while let scalar = scalars.next() {
            if (0x40...0x7E).contains(scalar.value) { return }
            if !(0x20...0x3F).contains(scalar.value) { return }
        }
    }

    /// Consumes a control string up to BEL, ST (ESC \) or 8-bit ST (0x9C).
    static func skipString<I: IteratorProtocol>(_ scalars: inout I) where I.Element == Unicode.Scalar {
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x07, 0x9C: return
            case 0x1B:
                _ = scalars.next()  // the '\' of ST, or whatever follows
                return
            default: continue
            }
        }
    }

    /// The cleaned start of `text`, from at most `maxScalars` of its scalars, and whether
    /// that was all of it. Costs what it keeps, however long the text: drawing a 20 MB name
    /// in 40 columns looks at a few thousand scalars.
    /// With `maxStarters`, it also stops before the scalar that would start character
    /// number `maxStarters + 1` (counting scalars that are not combining marks; joined
    /// emoji and jamo count once per scalar, so it may stop a little early, never late).
    public static func cleanPrefix(
        _ text: String, maxScalars: Int, maxStarters: Int = .max,
        singleLine: Bool
    ) -> (text: String, isWhole: Bool) {
        var output = String.UnicodeScalarView()
        var cleaner = Cleaner(singleLine: singleLine)
        var scalars = text.unicodeScalars.makeIterator()
        var taken = 0
        var starters = 0
        var isWhole = true
        cleaner.run(&scalars) { scalar in
            if taken == maxScalars {
                isWhole = false
                return false
            }
            if scalar.value < 0x300 || !isCombiningMark(scalar) {
                if starters == maxStarters {
                    isWhole = false
                    return false
                }
                starters += 1
            }
            output.append(scalar)
            taken += 1
            return true
        }
        return (String(output), isWhole)
    }

    /// Text from data for a screen or a terminal: cleaned and, beyond `maxCharacters`
    /// characters, cut with `…` (so a 10 MB caption costs its first lines, not its length).
    public static func forDisplay(_ text: String, maxCharacters: Int = displayLimit, singleLine: Bool = false) -> String
    {
        let (prefix, isWhole) = cleanPrefix(
            text, maxScalars: maxCharacters * (maxCombiningMarks + 2),
            maxStarters: maxCharacters + 1, singleLine: singleLine)
        if isWhole && prefix.unicodeScalars.count <= maxCharacters { return prefix }
        var shown = ""
        var count = 0
        for character in prefix {
            if count == maxCharacters { return shown + "…" }
            shown.append(character)
            count += 1
        }
        return isWhole ? shown : shown + "…"
    }

    /// The most characters of one text from data that Tern lays out: ten times a post.
    public static let displayLimit = 2_800

    /// `text` for a one-line message that echoes a value people or files supplied:
    /// cleaned, on one line, at most `maxCharacters` characters with `…` when cut.
    public static func quoted(_ text: String, maxCharacters: Int = 60) -> String {
        forDisplay(text, maxCharacters: maxCharacters, singleLine: true)
    }

    /// `json` with every unsafe character an encoder leaves raw (DEL, C1 such as U+0085
    /// and U+009B, U+2028/U+2029, bidirectional controls such as U+202E and U+2066)
    /// written as a `\uXXXX` escape. They can only occur inside strings (JSON's own syntax
    /// is ASCII) and encoders escape C0 there, so the result is the same JSON value.
    public static func escapingUnsafeInJSON(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { $0.value >= 0x7F && isUnsafe($0) }) else { return json }
        var output = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if scalar.value >= 0x7F && isUnsafe(scalar) {
                let hex = String(scalar.value, radix: 16)
                output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }
}
