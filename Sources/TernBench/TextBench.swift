import PlainText
import TerminalUI

/// The `text` section of `make bench`: what hostile text costs the interface, each against
/// its ordinary baseline in the same run. A 10 MB caption is laid out and drawn like a
/// 280-character post; a 20 MB name is drawn in a row like a short one; a keystroke in a
/// field after pasting 20,000 combining marks costs what one after ordinary text does.
enum TextBench {
    static func p50(_ body: () -> Void) -> Double {
        Timings((0..<50).map { _ in measure(body) }).p50
    }

    static func compare(_ what: String, baseline: String, _ ordinary: () -> Void, hostile: String, _ attack: () -> Void)
    {
        let base = p50(ordinary)
        let cost = p50(attack)
        print(
            "text: \(what)  \(hostile) \(ms(cost))  baseline \(baseline) \(ms(base))  ratio "
                + "\(String(format: "%.1f", cost / base))×"
        )
    }

    static func drawCaption(_ caption: String) {
        var buffer = Buffer(width: 80, height: 12)
        ParagraphView(caption).render(in: buffer.area, into: &buffer)
    }

    static func drawRow(_ name: String) {
        var buffer = Buffer(width: 120, height: 1)
        Line([Span("☆ "), Span(name, style: Style(bold: true)), Span("  Seoul, South Korea", style: .dim)])
            .render(in: buffer.area, into: &buffer)
    }

    /// One key typed at the end of a field already holding `paste`, and the field drawn.
    static func typeOneKey(into field: TextEditor) {
        var editor = field
        var buffer = Buffer(width: 60, height: 1)
        editor.apply(.insert("a"))
        TextFieldView(state: editor, isFocused: true).render(in: buffer.area, into: &buffer)
    }

    static func field(holding paste: String) -> TextEditor {
        var editor = TextEditor()
        editor.apply(.insert(paste))
        return editor
    }

    static func run() throws {
        let post = String(repeating: "서울 coffee 🍵 ", count: 28)
        let hugeCaption = String(repeating: "서울 coffee 🍵 ", count: 10_000_000 / 20)
        compare(
            "caption laid out and drawn", baseline: "280 characters", { drawCaption(post) },
            hostile: "10 MB", { drawCaption(hugeCaption) })
        let hugeName = String(repeating: "Llanfairpwll서울", count: 20_000_000 / 20)
        compare(
            "row with a place name drawn", baseline: "20 characters", { drawRow("Llanfairpwll서울 Seoul") },
            hostile: "20 MB name", { drawRow(hugeName) })
        let plain = field(holding: String(repeating: "abcd ", count: 20))
        let marked = field(holding: String(repeating: "e" + String(repeating: "\u{301}", count: 200), count: 100))
        compare(
            "keystroke in a field after a paste", baseline: "100 plain characters", { typeOneKey(into: plain) },
            hostile: "100 characters with 20,000 combining marks", { typeOneKey(into: marked) })
    }
}
