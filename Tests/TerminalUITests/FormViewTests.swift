import PlainText
import Testing

@testable import TerminalUI

struct FormViewTests {
    @Test func fieldShowsTextAndCursor() {
        var buffer = Buffer(width: 10, height: 1)
        var state = TextEditor("서울")
        state.apply(.insert("a"))
        let view = TextFieldView(state: state, isFocused: true, style: .plain)
        view.render(in: buffer.area, into: &buffer)
        #expect(buffer.unstyled == Buffer(lines: ["서울a     "]))
        #expect(view.cursorPosition(in: buffer.area) == Position(row: 0, column: 5))
    }

    @Test func longTextScrollsToKeepTheCursorVisible() {
        var buffer = Buffer(width: 5, height: 1)
        let view = TextFieldView(state: TextEditor("abcdefgh"), isFocused: true, style: .plain)
        view.render(in: buffer.area, into: &buffer)
        #expect(buffer.unstyled == Buffer(lines: ["efgh "]))
        #expect(view.cursorPosition(in: buffer.area) == Position(row: 0, column: 4))
    }

    @Test func passwordIsDrawnAsDotsAndPlaceholderIsDim() {
        var buffer = Buffer(width: 8, height: 2)
        TextFieldView(state: TextEditor("pw12"), isSecure: true, style: .plain)
            .render(in: buffer.area.line(0), into: &buffer)
        TextFieldView(state: TextEditor(), placeholder: "Email", style: .plain)
            .render(in: buffer.area.line(1), into: &buffer)
        #expect(buffer.unstyled == Buffer(lines: ["••••    ", "Email   "]))
        #expect(buffer[1, 0].style == .dim)
    }

    @Test(
        arguments: [
            ([Key.character("a"), .character("b"), .left, .character("X")], "aXb", 2),
            ([.character("a"), .character("b"), .backspace], "a", 1),
            ([.character("a"), .character("b"), .home, .delete], "b", 0),
            ([.character("가"), .character("나"), .home, .right, .backspace], "나", 0),
            ([.character("a"), .ctrl("u")], "", 0),
            ([.backspace, .delete, .left, .right], "", 0),
            ([.character("a"), .character(" "), .character("b"), .character("c"), .ctrl("w")], "a ", 2),
        ] as [([Key], String, Int)])
    func keysEditAField(keys: [Key], text: String, cursor: Int) {
        var state = TextEditor()
        for key in keys { state.apply(TextEditor.Edit(key: key)!) }
        #expect(state.text == text)
        #expect(state.cursor == cursor)
    }

    @Test func enterAndEscapeAreNotEdits() {
        #expect(TextEditor.Edit(key: .enter) == nil)
        #expect(TextEditor.Edit(key: .escape) == nil)
    }

    @Test func formDrawsLabelsFieldsAndErrorsBeside() {
        var buffer = Buffer(width: 34, height: 7)
        let form = FormView(
            title: "Sign in",
            fields: [
                FormField(label: "Email", state: TextEditor("a@b"), error: "invalid"),
                FormField(label: "Password", state: TextEditor("secret"), isSecure: true),
            ],
            focused: 1, message: "Enter submit", fieldWidth: 12)
        form.render(in: buffer.area, into: &buffer)
        #expect(
            buffer.unstyled
                == Buffer(lines: [
                    "Sign in                           ",
                    "                                  ",
                    "Email     a@b          invalid    ",
                    "                                  ",
                    "Password  ••••••                  ",
                    "                                  ",
                    "Enter submit                      ",
                ]))
        #expect(buffer[2, 23].style.foreground == .red)
        #expect(buffer[4, 0].style.bold)
        #expect(buffer[2, 10].style.underline)
        #expect(form.cursorPosition(in: buffer.area) == Position(row: 4, column: 16))
    }

    @Test func errorsGoBelowWhenThereIsNoRoomBeside() {
        var buffer = Buffer(width: 20, height: 4)
        FormView(fields: [FormField(label: "Email", error: "not an email"), FormField(label: "Name")], fieldWidth: 12)
            .render(in: buffer.area, into: &buffer)
        #expect(buffer.lines[1] == "      not an email  ", "\(buffer)")
        #expect(buffer.lines[2].hasPrefix("Name"))
    }
}
