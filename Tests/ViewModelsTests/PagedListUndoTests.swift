import Foundation
import Testing

@testable import ViewModels

/// A row taken out and brought back before the store showed it gone (a far server, or a
/// pass that runs off the loop and folds both writes into one delivery) comes back.
@Suite struct PagedListUndoTests {
    struct Row: Identifiable, Equatable {
        let id: Int
    }

    /// A list whose store delivers only when the test says so.
    final class ManualSource: PageSource {
        var rows = (0..<10).map(Row.init)
        private var windows: [(after: Int?, limit: Int, onChange: (PageSlice<Row>) -> Void)] = []

        func slice(after anchor: Int?, limit: Int) -> PageSlice<Row> {
            let start = anchor.flatMap { anchor in rows.firstIndex { $0.id == anchor }.map { $0 + 1 } } ?? 0
            return PageSlice(rows: Array(rows.dropFirst(start).prefix(limit)), isEnd: start + limit >= rows.count)
        }

        func observeRows(
            after anchor: Row?, limit: Int, _ onChange: @escaping (PageSlice<Row>) -> Void,
            onError: @escaping (Error) -> Void
        ) throws -> Cancellable {
            windows.append((anchor?.id, limit, onChange))
            onChange(slice(after: anchor?.id, limit: limit))
            return AnyCancellable {}
        }

        /// The store's delivery to every window after its writes.
        func deliver() {
            for window in windows { window.onChange(slice(after: window.after, limit: window.limit)) }
        }

        func observeCount(_ onChange: @escaping (Int) -> Void, onError: @escaping (Error) -> Void) throws -> Cancellable
        {
            onChange(rows.count)
            return AnyCancellable {}
        }

        func count() throws -> Int { rows.count }

        func rows(before row: Row?, limit: Int) throws -> [Row] {
            let end = row.flatMap { row in rows.firstIndex { $0.id == row.id } } ?? rows.count
            return Array(rows.prefix(end).suffix(limit).reversed())
        }

        func count(before row: Row) throws -> Int { rows.firstIndex { $0.id == row.id } ?? 0 }
    }

    @Test func aRowBroughtBackBeforeItsRemovalWasDeliveredComesBack() {
        let source = ManualSource()
        let list = PagedList<ManualSource>(
            name: "undo", title: { "List" }, events: EventQueue(), pageSize: 5,
            onToast: { _ in })
        list.start(source)
        #expect(list.selectedRow?.id == 0)
        list.hide(0)
        #expect(list.rows.first?.id == 1)
        // The store took it out and put it back; its one delivery still holds it.
        source.deliver()
        #expect(list.rows.first?.id == 1, "still hidden: no delivery came without it")
        list.reveal(Row(id: 0))
        #expect(list.rows.map(\.id) == Array(0..<10))
        #expect(list.selectedRow?.id == 0)
    }
}
