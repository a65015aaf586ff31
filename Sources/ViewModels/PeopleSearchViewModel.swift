import Domain
import Localization
import PlainText
import TerminalUI

/// What the people search over the Feed shows: the query, the people it finds (best first),
/// and the selected one.
public struct PeopleSearchState: Equatable, Sendable {
    /// A query is at most as long as a display name.
    public static let queryLimit = 100
    /// How many people one query lists at most.
    public static let resultLimit = 50

    public var query = TextEditor(limit: PeopleSearchState.queryLimit)
    public var people: [User] = []
    /// What the query matched in each of `people`, in their order.
    public var highlights: [PersonHighlight] = []
    public var list = ListState()
    /// False until the answer for the query typed arrived.
    public var isAnswered = false

    public var selectedPerson: User? { people.indices.contains(list.selected) ? people[list.selected] : nil }
}

/// `/` on the Feed: people found by name or username as the query is typed (the place
/// search's own matching, `PeopleSearch`), read through `StoreReads` on a latest-only lane,
/// so a server's answer never holds the loop and an old answer never replaces a newer one.
/// Enter opens the selected person's profile (`onOpen`), Esc closes (`onClose`).
public final class PeopleSearchViewModel: ScreenModel {
    public private(set) var state = PeopleSearchState()
    public var onChange: (PeopleSearchState) -> Void = { _ in }
    public var onToast: (Toast) -> Void = { _ in }
    /// Enter on a person: their uid.
    public var onOpen: (String) -> Void = { _ in }
    public var onClose: () -> Void = {}
    public var rowsInView = 10

    private let feed: FeedPort
    private let reads: StoreReads

    public init(feed: FeedPort, reads: StoreReads) {
        self.feed = feed
        self.reads = reads
    }

    /// Lists the first people (an empty query: the most followed) at once.
    public func start() {
        search()
    }

    public func stop() {
        reads.cancel(.peopleSearch)
    }

    /// Edits the query and searches again.
    public func editQuery(_ edit: TextEditor.Edit) {
        let before = state.query.text
        if let cut = state.query.apply(edit) { onToast(Toast(cut.description)) }
        if state.query.text != before { search() }
        publish()
    }

    private func search() {
        let query = state.query.text
        let port = feed
        // Until its answer, an empty list says it is loading rather than that nobody matches.
        state.isAnswered = false
        reads.read(.peopleSearch, { try port.searchPeople(query, limit: PeopleSearchState.resultLimit) }) {
            [weak self] result in
            guard let self, self.state.query.text == query else { return }
            switch result {
            case .success(let people):
                self.state.people = people
                self.state.highlights = people.map { PeopleSearch.highlight(query, in: $0) }
                self.state.list = ListState()
            case .failure(let error):
                self.onToast(
                    Toast(
                        tr(.toastCouldNotLoad, ["list": tr(.peopleSearchTitle), "reason": ErrorText.describe(error)]),
                        kind: .error))
            }
            self.state.isAnswered = true
            self.publish()
        }
    }

    private func publish() { onChange(state) }

    // MARK: ScreenModel

    public var list: ListState { state.list }
    public var listCount: Int { state.people.count }

    public func storeList(_ list: ListState, publish: Bool) {
        state.list = clamped(list, count: state.people.count)
        if publish { self.publish() }
    }

    public func pageItems(rows: Int) -> Int { max(1, rows) }
    public func click(_ index: Int) { select(index) }
    public var isEditingText: Bool { true }
    public func edit(_ edit: TextEditor.Edit) { editQuery(edit) }

    /// Enter: the selected person's profile.
    public func submit() {
        guard let person = state.selectedPerson else { return }
        onOpen(person.id)
    }

    /// Esc: back to the Feed.
    public func cancel() { onClose() }
}

extension WorkLane {
    /// The people search as typed: the newest query wins.
    public static let peopleSearch = WorkLane("people.search", policy: .latestOnly)
}
