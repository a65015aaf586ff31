import Foundation
import PlainText

/// Where the Places search history is kept between runs (`SearchHistoryFile`), or nowhere.
public protocol SearchHistoryStoring: AnyObject {
    /// The queries kept, newest first; nil when there is nothing usable (no file, or one
    /// that is not a history: then it is left untouched and `save` writes nothing).
    func load() -> [String]?
    func save(_ queries: [String])
}

/// The queries kept with Enter in the Places search field, newest first: each once (a query
/// used again moves to the front, so no two in a row are the same), at most `limit`.
public struct SearchHistory: Equatable, Sendable {
    public static let limit = 100
    public private(set) var queries: [String]

    /// `queries` as a history: each a clean one-line query within the field's limit, empty
    /// ones and repeats left out, at most `limit`.
    public init(_ queries: [String] = []) {
        self.queries = []
        for query in queries.reversed() { record(query) }
    }

    /// Puts `query` first (trimmed); false when it is empty or already first.
    @discardableResult
    public mutating func record(_ query: String) -> Bool {
        let text = TextEditor(query.trimmingCharacters(in: .whitespaces), limit: PlaceSearchState.queryLimit).text
        guard !text.isEmpty, queries.first != text else { return false }
        queries.removeAll { $0 == text }
        queries.insert(text, at: 0)
        if queries.count > Self.limit { queries.removeLast(queries.count - Self.limit) }
        return true
    }
}

/// Walking the history with Up and Down in the search field: what was being typed is kept
/// as the draft, Up shows older queries one by one, Down newer ones and then the draft.
public struct SearchHistoryWalk: Equatable, Sendable {
    /// The entry shown, nil while the draft is.
    public private(set) var index: Int?
    public private(set) var draft = ""

    public init() {}

    /// The query to show one step older (`by: 1`) or newer (`by: -1`) than now, or nil when
    /// there is none (the oldest is shown, or the draft already).
    public mutating func step(by delta: Int, in history: SearchHistory, typed: String) -> String? {
        let current = index ?? -1
        let target = current + delta
        guard target >= -1, target < history.queries.count, target != current else { return nil }
        if index == nil { draft = typed }
        index = target >= 0 ? target : nil
        return target >= 0 ? history.queries[target] : draft
    }
}
