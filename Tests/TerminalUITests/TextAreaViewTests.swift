import PlainText
import Testing

@testable import TerminalUI

/// The multi-line field of a post being written: wrapping, line breaks, the cursor's row,
/// scrolling in a small box, and moving a row up or down.
struct TextAreaViewTests {
    func editor(_ text: String, cursor: Int? = nil) -> TextEditor {
        var editor = TextEditor(text, multiline: true)
        if let cursor { editor.apply(.moveTo(cursor)) }
        return editor
    }

    func draw(_ editor: TextEditor, width: Int, height: Int) -> (Buffer, Position?) {
        var buffer = Buffer(width: width, height: height)
        let view = TextAreaView(state: editor, isFocused: true, style: .plain)
        view.render(in: buffer.area, into: &buffer)
        return (buffer.unstyled, view.cursorPosition(in: buffer.area))
    }

    @Test func lineBreaksStartNewRowsAndLongLinesWrapAtSpaces() {
        let (buffer, cursor) = draw(editor("hi\nthe quick fox\n\nend"), width: 10, height: 5)
        #expect(buffer == Buffer(lines: ["hi        ", "the quick ", "fox       ", "          ", "end       "]))
        #expect(cursor == Position(row: 4, column: 3))
    }

    @Test func aWordWiderThanTheRowIsCutAndWideCharactersAreNotSplit() {
        let (buffer, _) = draw(editor("abcdefghij 서울서울"), width: 6, height: 4)
        #expect(buffer == Buffer(lines: ["abcde ", "fghij ", "서울  ", "서울  "]))
    }

    @Test func theCursorIsOnTheRowOfItsCharacter() {
        // "the quick fox": "fox" wraps; the cursor before "f" is at the start of row 1.
        #expect(draw(editor("the quick fox", cursor: 10), width: 10, height: 3).1 == Position(row: 1, column: 0))
        #expect(draw(editor("the quick fox", cursor: 9), width: 10, height: 3).1 == Position(row: 0, column: 9))
        // Before a line break the cursor is at the end of its line, after it at the next's start.
        #expect(draw(editor("ab\ncd", cursor: 2), width: 10, height: 3).1 == Position(row: 0, column: 2))
        #expect(draw(editor("ab\ncd", cursor: 3), width: 10, height: 3).1 == Position(row: 1, column: 0))
        #expect(draw(editor("ab\n"), width: 10, height: 3).1 == Position(row: 1, column: 0))
    }

    @Test func aSmallBoxScrollsToTheCursorsRow() {
        let text = "one\ntwo\nthree\nfour"
        let (end, endCursor) = draw(editor(text), width: 8, height: 2)
        #expect(end == Buffer(lines: ["three  ↑", "four    "]), "rows above are marked")
        #expect(endCursor == Position(row: 1, column: 4))
        let (start, startCursor) = draw(editor(text, cursor: 1), width: 8, height: 2)
        #expect(start == Buffer(lines: ["one     ", "two    ↓"]), "rows below are marked")
        #expect(startCursor == Position(row: 0, column: 1))
        let (middle, _) = draw(editor(text, cursor: 9), width: 8, height: 2)
        #expect(middle == Buffer(lines: ["two    ↑", "three  ↓"]), "rows out of view on both sides")
        let (fits, _) = draw(editor("one\ntwo"), width: 8, height: 2)
        #expect(fits == Buffer(lines: ["one     ", "two     "]), "no marks when everything is in view")
    }

    @Test func rowCountIsWhatTheTextNeeds() {
        #expect(TextAreaView(state: editor("")).rowCount(width: 10) == 1)
        #expect(TextAreaView(state: editor("a\nb\nc")).rowCount(width: 10) == 3)
        #expect(TextAreaView(state: editor("the quick brown fox jumps")).rowCount(width: 10) == 3)
    }

    @Test func upAndDownKeepTheColumnAsNearAsTheRowAllows() {
        let view = TextAreaView(state: editor("abcdef\nxy\nlonger line", cursor: 4))
        #expect(view.cursorIndex(movingRows: -1, width: 20) == nil, "on the first row")
        #expect(view.cursorIndex(movingRows: 1, width: 20) == 9, "the end of the shorter row")
        let below = TextAreaView(state: editor("abcdef\nxy\nlonger line", cursor: 9))
        #expect(below.cursorIndex(movingRows: 1, width: 20) == 12, "column 2 of the third row")
        // From a wrapped row's start to the row above: the wrap keeps the cursor before the row's end.
        let wrapped = TextAreaView(state: editor("the quick fox", cursor: 13))
        #expect(wrapped.cursorIndex(movingRows: -1, width: 10) == 3)
    }

    @Test func anEmptyFieldShowsItsPlaceholder() {
        var buffer = Buffer(width: 12, height: 2)
        TextAreaView(state: editor(""), placeholder: "Say hello", style: .plain).render(in: buffer.area, into: &buffer)
        #expect(buffer.unstyled == Buffer(lines: ["Say hello   ", "            "]))
    }
}
