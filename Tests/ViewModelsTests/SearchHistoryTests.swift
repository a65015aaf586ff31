import Domain
import Foundation
import Testing

@testable import ViewModels

/// The search field's history: what it keeps, and walking it with Up and Down.
@Suite struct SearchHistoryTests {
    /// A history kept in memory, as a file would keep it.
    final class Kept: SearchHistoryStoring {
        var saved: [String]?
        init(_ saved: [String]? = nil) { self.saved = saved }
        func load() -> [String]? { saved }
        func save(_ queries: [String]) { saved = queries }
    }

    @Test func newestFirstEachOnceAndBounded() {
        var history = SearchHistory()
        for query in ["seoul", "busan", "seoul", "  seoul ", "", "   "] { history.record(query) }
        #expect(history.queries == ["seoul", "busan"], "a repeat moves to the front; blanks are not kept")
        for number in 0..<150 { history.record("q\(number)") }
        #expect(history.queries.count == SearchHistory.limit)
        #expect(history.queries.first == "q149")
        #expect(history.queries.last == "q50")
    }

    @Test func aLoadedHistoryIsCleanedAndBounded() {
        let history = SearchHistory(
            ["a", "a", "b\u{1B}[31m", String(repeating: "x", count: 500)]
                + (0..<200).map { "n\($0)" })
        #expect(history.queries.prefix(2) == ["a", "b"], "escape sequences go")
        #expect(history.queries[2].count == PlaceSearchState.queryLimit)
        #expect(history.queries.count == SearchHistory.limit)
    }

    @Test func upWalksOlderQueriesAndDownComesBackToWhatWasTyped() throws {
        let world = try World()
        let kept = Kept(["busan", "seoul"])
        let model = PlaceSearchViewModel(places: world.places, favorites: world.adapters, history: kept)
        model.focusSearch()
        model.editQuery(.insert("inc"))
        model.recallQuery(olderBy: 1)
        #expect(model.state.query.text == "busan")
        #expect(model.state.rows.first?.place.name == "Busan", "the recalled query is searched")
        model.recallQuery(olderBy: 1)
        #expect(model.state.query.text == "seoul")
        model.recallQuery(olderBy: 1)
        #expect(model.state.query.text == "seoul", "the oldest stays")
        model.recallQuery(olderBy: -1)
        model.recallQuery(olderBy: -1)
        #expect(model.state.query.text == "inc", "the draft comes back")
        model.recallQuery(olderBy: -1)
        #expect(model.state.query.text == "inc")
    }

    @Test func enterKeepsTheQueryInTheHistoryAndSavesIt() throws {
        let world = try World()
        let kept = Kept(["busan"])
        let model = PlaceSearchViewModel(places: world.places, favorites: world.adapters, history: kept)
        model.focusSearch()
        model.editQuery(.insert("seoul"))
        model.submitSearch()
        #expect(kept.saved == ["seoul", "busan"])
        model.focusSearch()
        model.recallQuery(olderBy: 1)
        model.submitSearch()
        #expect(kept.saved == ["seoul", "busan"], "the same query again is not a new entry")
        model.cancelSearch()
        model.focusSearch()
        model.editQuery(.insert("never kept"))
        model.cancelSearch()
        #expect(kept.saved == ["seoul", "busan"], "Esc keeps nothing")
    }

    @Test func editingARecalledQueryStartsTheWalkAgain() throws {
        let world = try World()
        let model = PlaceSearchViewModel(
            places: world.places, favorites: world.adapters, history: Kept(["busan", "seoul"]))
        model.focusSearch()
        model.recallQuery(olderBy: 1)
        model.editQuery(.backspace)
        model.recallQuery(olderBy: 1)
        #expect(model.state.query.text == "busan", "from the newest again")
        model.recallQuery(olderBy: -1)
        #expect(model.state.query.text == "busa", "the edited text is the draft")
    }
}
