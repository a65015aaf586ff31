import PlainText
import TerminalUI

/// Layout and editing: wrapped lines fit their width, drawing stores no control, and the
/// text editor keeps its text clean, within its limit and its cursor inside the text.
enum TextLayoutHarness {
    static let harness = FuzzHarness(
        name: "text-layout",
        textSeeds: ["one two three", "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch", "서울특별시 café 👩‍👩‍👧"],
        tokens: hostileText
    ) { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        let width = 1 + Int(bytes.first ?? 0) % 40
        for line in TextWidth.wrap(SafeText.forDisplay(text), width: width) {
            try require(
                TextWidth.of(line) <= max(width, 2), "a wrapped line is \(TextWidth.of(line)) columns wide in \(width)")
        }
        var buffer = Buffer(width: width, height: 1)
        buffer.setString(text, at: Position(row: 0, column: 0), ellipsis: true)
        for cell in buffer.cells {
            try require(SafeText.firstUnsafe(in: cell.symbol) == nil, "a cell holds an unsafe character")
        }
        // The whole text is pasted once, then the bytes drive an editing session: each
        // byte picks an edit, most of them typing a piece of the text.
        var editor = TextEditor(limit: 1 + Int(bytes.last ?? 0) % 64)
        editor.apply(.insert(text))
        let pieces = text.split(separator: " ", omittingEmptySubsequences: false).map { $0.prefix(8) }
        for (index, byte) in bytes.prefix(200).enumerated() {
            let edits: [TextEditor.Edit] = [
                .insert(String(pieces[index % pieces.count])), .backspace, .deleteForward,
                .deleteWordBackward, .left, .right, .home, .end, .insert(" "), .clear,
            ]
            editor.apply(edits[Int(byte) % (byte < 200 ? 1 : edits.count)])
            try require(editor.text.count <= editor.limit, "the editor holds more than its limit")
            try require((0...editor.text.count).contains(editor.cursor), "the cursor left the text")
            try require(SafeText.firstUnsafe(in: editor.text) == nil, "the editor holds an unsafe character")
            try require(
                SafeText.longestMarkRun(editor.text) <= SafeText.maxCombiningMarks, "the editor holds over 30 marks")
        }
        var field = Buffer(width: width, height: 1)
        TextFieldView(state: editor, isFocused: true).render(in: field.area, into: &field)
    }
}
