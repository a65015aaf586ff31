/// Makes text from data safe to send to a terminal.
///
/// Removes escape sequences (CSI, OSC ended by BEL or ST, other ESC sequences, lone ESC),
/// C0 controls except newline and tab, DEL, C1 controls U+0080–U+009F (the 8-bit CSI 0x9B
/// among them) and bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F,
/// U+061C). `Buffer.setString` applies it to everything it draws.
public enum SafeText {
    /// The cleaned text. With `singleLine`, newlines and tabs become spaces; otherwise
    /// newlines stay and tabs become spaces.
    public static func clean(_ text: String, singleLine: Bool = false) -> String {
        if isAlreadyClean(text, singleLine: singleLine) { return text }
        var output = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func next() -> Unicode.Scalar? {
            if let scalar = pending { pending = nil; return scalar }
            return scalars.next()
        }
        while let scalar = next() {
            let value = scalar.value
            if value == 0x1B {
                skipEscape(&scalars, pending: &pending)
                continue
            }
            if value == 0x9B {                       // 8-bit CSI: drop the parameters too
                skipCSIBody(&scalars)
                continue
            }
            if value == 0x9D || value == 0x90 || value == 0x9E || value == 0x9F || value == 0x98 {
                skipString(&scalars)                 // 8-bit OSC, DCS, PM, APC, SOS
                continue
            }
            if value == 0x0A {
                output.append(singleLine ? " " : scalar)
                continue
            }
            if value == 0x09 {
                output.append(" ")
                continue
            }
            if isUnsafe(value) { continue }
            output.append(scalar)
        }
        return String(output)
    }

    static func isUnsafe(_ value: UInt32) -> Bool {
        if value < 0x20 || value == 0x7F { return true }
        if value >= 0x80 && value <= 0x9F { return true }
        if (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) { return true }
        return value == 0x200E || value == 0x200F || value == 0x061C
    }

    static func isAlreadyClean(_ text: String, singleLine: Bool) -> Bool {
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value == 0x0A && !singleLine { continue }
            if value < 0x20 || (value >= 0x7F && value <= 0x9F) { return false }
            if value >= 0x61C && isUnsafe(value) { return false }
        }
        return true
    }

    /// After an ESC: consumes the rest of the sequence it starts.
    static func skipEscape(_ scalars: inout String.UnicodeScalarView.Iterator, pending: inout Unicode.Scalar?) {
        guard let introducer = scalars.next() else { return }
        switch introducer.value {
        case 0x5B:                                   // '[' CSI
            skipCSIBody(&scalars)
        case 0x5D, 0x50, 0x5F, 0x5E, 0x58:           // ']' OSC, 'P' DCS, '_' APC, '^' PM, 'X' SOS
            skipString(&scalars)
        case 0x20...0x2F:                            // intermediates, then one final byte
            while let scalar = scalars.next() {
                if !(0x20...0x2F).contains(scalar.value) { break }
            }
        case 0x30...0x7E:                            // two-character sequence such as ESC c
            return
        default:
            // A lone ESC before something that is not a sequence: keep that character
            // for normal processing (it is cleaned there if unsafe).
            pending = introducer
        }
    }

    /// Consumes CSI parameter and intermediate bytes up to and including the final byte.
    static func skipCSIBody(_ scalars: inout String.UnicodeScalarView.Iterator) {
        while let scalar = scalars.next() {
            if (0x40...0x7E).contains(scalar.value) { return }
            if !(0x20...0x3F).contains(scalar.value) { return }
        }
    }

    /// Consumes a control string up to BEL, ST (ESC \) or 8-bit ST (0x9C).
    static func skipString(_ scalars: inout String.UnicodeScalarView.Iterator) {
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x07, 0x9C: return
            case 0x1B:
                _ = scalars.next()                   // the '\' of ST, or whatever follows
                return
            default: continue
            }
        }
    }
}
