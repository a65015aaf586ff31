import Testing

@testable import PlainText

struct TextEditorTests {
    @Test(
        arguments: [
            ([TextEditor.Edit.insert("ab"), .left, .insert("X")], "aXb", 2),
            ([.insert("ab"), .backspace], "a", 1),
            ([.insert("ab"), .home, .deleteForward], "b", 0),
            ([.insert("가나"), .home, .right, .backspace], "나", 0),
            ([.insert("a"), .clear], "", 0),
            ([.backspace, .deleteForward, .left, .right, .deleteWordBackward], "", 0),
            ([.insert("hello big world"), .deleteWordBackward], "hello big ", 10),
            ([.insert("hello big  "), .deleteWordBackward], "hello ", 6),
            ([.insert("one two"), .left, .left, .deleteWordBackward], "one wo", 4),
            ([.insert("ab"), .home, .end, .insert("c")], "abc", 3),
        ] as [([TextEditor.Edit], String, Int)])
    func editing(edits: [TextEditor.Edit], text: String, cursor: Int) {
        var editor = TextEditor()
        for edit in edits { editor.apply(edit) }
        #expect(editor.text == text)
        #expect(editor.cursor == cursor)
    }

    @Test func controlsNeverEnterAField() {
        var editor = TextEditor(limit: 10)
        let cut = editor.apply(.insert("a\u{1B}[31mb\u{202E}c\u{2028}d\n"))
        #expect(editor.text == "abc d ")
        #expect(cut == nil)
    }

    @Test func pastingBeyondTheLimitSaysWhatWasCut() {
        var editor = TextEditor(limit: 5)
        #expect(editor.apply(.insert("abc")) == nil)
        let cut = editor.apply(.insert("defg"))
        #expect(editor.text == "abcde")
        #expect(cut == .tooLong(limit: 5))
        #expect(cut?.description == "Text cut: this field holds at most 5 characters")
        #expect(editor.apply(.insert("z")) == .tooLong(limit: 5))
        #expect(editor.text == "abcde")
    }

    @Test func aHugePasteIsCutToTheLimit() {
        var editor = TextEditor(limit: 280)
        let cut = editor.apply(.insert(String(repeating: "서울 ", count: 7_000_000)))
        #expect(editor.text.count == 280)
        #expect(cut == .tooLong(limit: 280))
    }

    @Test func combiningMarksPastedOneByOneStopAtThirty() {
        var editor = TextEditor()
        editor.apply(.insert("e"))
        var cuts = 0
        for _ in 0..<20_000 where editor.apply(.insert("\u{301}")) != nil { cuts += 1 }
        #expect(editor.text.count == 1)
        #expect(editor.text.unicodeScalars.count == 1 + SafeText.maxCombiningMarks)
        #expect(cuts == 20_000 - SafeText.maxCombiningMarks)
        editor.apply(.insert("x"))
        #expect(editor.text.count == 2)
        #expect(editor.cursor == 2)
    }

    @Test func combiningMarksPastedAtOnceAreCutAndReported() {
        var editor = TextEditor()
        let cut = editor.apply(.insert("e" + String(repeating: "\u{301}", count: 20_000)))
        #expect(cut == .tooManyMarks)
        #expect(editor.text.unicodeScalars.count == 1 + SafeText.maxCombiningMarks)
    }

    @Test func marksTypedBeforeMarksThatStartTheTextJoinThemAndAreCut() {
        let run = String(repeating: "\u{301}", count: SafeText.maxCombiningMarks)
        var editor = TextEditor(run + "x")
        editor.apply(.home)
        let cut = editor.apply(.insert("a\u{301}\u{301}"))
        #expect(cut == .tooManyMarks)
        #expect(SafeText.longestMarkRun(editor.text) == SafeText.maxCombiningMarks)
        #expect(editor.text.unicodeScalars.first == "a")
        #expect(editor.text.hasSuffix("x"))
    }

    @Test func deletingALineBreakBetweenTwoRunsOfMarksCutsTheJoinedRun() {
        let run = String(repeating: "\u{301}", count: 20)
        var editor = TextEditor(run + "\n" + run, multiline: true)
        editor.apply(.moveTo(2))
        let cut = editor.apply(.backspace)
        #expect(cut == .tooManyMarks)
        #expect(SafeText.longestMarkRun(editor.text) == SafeText.maxCombiningMarks)
        #expect(editor.cursor <= editor.text.count)
    }

    @Test func initialTextIsCleanedAndBounded() {
        let editor = TextEditor("ab\u{1B}[2Jcdef", limit: 4)
        #expect(editor.text == "abcd")
        #expect(editor.cursor == 4)
    }
}

struct MultilineTextEditorTests {
    @Test func aMultilineEditorKeepsLineBreaksAndASingleLineOneMakesThemSpaces() {
        var post = TextEditor(multiline: true)
        post.apply(.insert("first\nsecond"))
        #expect(post.text == "first\nsecond")
        var field = TextEditor()
        field.apply(.insert("first\nsecond"))
        #expect(field.text == "first second")
        #expect(TextEditor("a\nb", multiline: true).text == "a\nb")
        #expect(TextEditor("a\nb").text == "a b")
    }

    @Test func aLineBreakCountsAsOneCharacterOfTheLimit() {
        var post = TextEditor(limit: 3, multiline: true)
        post.apply(.insert("ab\n"))
        #expect(post.apply(.insert("c")) == .tooLong(limit: 3))
        #expect(post.text == "ab\n")
    }

    @Test(arguments: [
        ("one two\n", "one "),
        ("one\ntwo", "one\n"),
        ("one\n\n", ""),
        ("서울 부산", "서울 "),
        ("a\u{3000}b", "a\u{3000}"),
    ])
    func ctrlWDeletesTheWordBeforeTheCursorAcrossLineBreaks(typed: String, left: String) {
        var post = TextEditor(multiline: true)
        post.apply(.insert(typed))
        post.apply(.deleteWordBackward)
        #expect(post.text == left)
        #expect(post.cursor == left.count)
    }

    @Test func moveToPutsTheCursorWithinTheText() {
        var post = TextEditor("abc\ndef", multiline: true)
        post.apply(.moveTo(2))
        #expect(post.cursor == 2)
        post.apply(.moveTo(99))
        #expect(post.cursor == 7)
        post.apply(.moveTo(-4))
        #expect(post.cursor == 0)
    }
}
