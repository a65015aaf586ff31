import Testing

@testable import TerminalUI

struct BufferDiffTests {
    func screen(selected: Int, width: Int = 80, height: Int = 24) -> Buffer {
        var buffer = Buffer(width: width, height: height)
        let (header, rest) = buffer.area.split(top: 1)
        let (body, footer) = rest.split(bottom: 1)
        TabHeaderView(titles: ["Places", "Favorites", "Feed", "Profile"], active: 0, rightLabel: "@minji")
            .render(in: header, into: &buffer)
        let rows = (0..<40).map { Line("☆ 서울 \($0)  Seoul, KR") }
        ListView(rows: rows, state: ListState(offset: 0, selected: selected)).render(in: body, into: &buffer)
        FooterView(hints: [KeyHint(keys: "j/k", help: "move")]).render(in: footer, into: &buffer)
        return buffer
    }

    @Test func identicalFramesSendNothing() {
        #expect(BufferDiff(from: screen(selected: 3), to: screen(selected: 3)).isEmpty)
    }

    @Test func movingTheSelectionOneRowChangesOnlyTwoRows() {
        let diff = BufferDiff(from: screen(selected: 3), to: screen(selected: 4))
        #expect(diff.changedRows == [4, 5])
        #expect(diff.changes.count <= 2 * 80)
        #expect(diff.estimatedBytes < 1000)
        #expect(diff.estimatedBytes > 100)
    }

    @Test func firstFrameAndResizeSendEverything() {
        let next = screen(selected: 0, width: 30, height: 6)
        #expect(BufferDiff(from: nil, to: next).changes.count == 30 * 6 - wideContinuations(next))
        #expect(BufferDiff(from: screen(selected: 0), to: next).changes.count == 30 * 6 - wideContinuations(next))
    }

    func wideContinuations(_ buffer: Buffer) -> Int {
        buffer.cells.filter(\.isContinuation).count
    }

    @Test func changedRightHalfResendsTheWideCharacter() {
        var before = Buffer(lines: ["가ab"])
        var after = Buffer(lines: ["가나"])
        #expect(BufferDiff(from: before, to: after).changes == [CellChange(row: 0, column: 2, cell: Cell("나"))])
        before = Buffer(lines: ["ab"])
        after = Buffer(lines: ["가"])
        #expect(BufferDiff(from: before, to: after).changes == [CellChange(row: 0, column: 0, cell: Cell("가"))])
    }

    @Test func restyledRightHalfResendsItsWideCharacterOnce() {
        let before = Buffer(lines: ["가나"])
        var after = before
        after.applyStyle(.bold, to: Rect(row: 0, column: 1, width: 2, height: 1))
        #expect(
            BufferDiff(from: before, to: after).changes == [
                CellChange(row: 0, column: 0, cell: Cell("가")),
                CellChange(row: 0, column: 2, cell: Cell("나", style: .bold)),
            ])
    }

    @Test func inMemoryBackendShowsWhatWasDrawn() {
        let backend = InMemoryBackend(width: 80, height: 24, events: [.key(.down), .key(.character("q"))])
        let renderer = FrameRenderer(backend: backend)
        renderer.render(screen(selected: 0))
        #expect(backend.screen == screen(selected: 0))
        #expect(backend.nextEvent(timeout: 0) == .key(.down))
        renderer.render(screen(selected: 1), cursor: Position(row: 0, column: 3))
        #expect(backend.screen == screen(selected: 1))
        #expect(backend.cursor == Position(row: 0, column: 3))
        #expect(backend.frames.count == 2)
        #expect(Set(backend.frames[1].map(\.row)) == [1, 2])
        #expect(backend.nextEvent(timeout: 0) == .key(.character("q")))
        #expect(backend.nextEvent(timeout: 0) == nil)
    }

    @Test func resizeRedrawsTheWholeScreen() {
        let backend = InMemoryBackend(width: 80, height: 24)
        let renderer = FrameRenderer(backend: backend)
        renderer.render(screen(selected: 0))
        backend.resize(width: 20, height: 6)
        #expect(backend.nextEvent(timeout: nil) == .resize(Size(width: 20, height: 6)))
        renderer.render(screen(selected: 0, width: 20, height: 6))
        #expect(backend.screen == screen(selected: 0, width: 20, height: 6))
    }
}
