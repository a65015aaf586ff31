/// A place match is known by its place's id.
extension PlaceMatch: Identifiable {
    public var id: String { place.placeID }
}

/// Matches held in an array: a catalog still loading (none), or one place alone.
public final class ListedPlaces: RankedPlaces {
    private let all: [PlaceMatch]

    public init(_ matches: [PlaceMatch]) { all = matches }

    public var total: Int { all.count }
    public func matches(_ range: Range<Int>) -> [PlaceMatch] { Array(all[range.clamped(to: all.indices)]) }
}

/// A ranking with some matches put first (online rows, a favorite the search for its name
/// does not reach).
final class PinnedPlaces: RankedPlaces {
    private let first: [PlaceMatch]
    private let rest: RankedPlaces

    init(_ first: [PlaceMatch], before rest: RankedPlaces) {
        self.first = first
        self.rest = rest
    }

    var total: Int { first.count + rest.total }

    func matches(_ range: Range<Int>) -> [PlaceMatch] {
        let range = range.clamped(to: 0..<total)
        let head = range.clamped(to: 0..<first.count)
        let tail = range.clamped(to: first.count..<max(first.count, range.upperBound))
        return Array(first[head]) + rest.matches((tail.lowerBound - first.count)..<(tail.upperBound - first.count))
    }
}

/// A search's ranked matches as a `PagedList` reads them: the ranking is made once per
/// query and rows are made a page at a time; a row stands for its rank.
final class PlacePageSource: PageSource {
    private let ranking: RankedPlaces
    /// The rank of every row handed out since the window last moved, for cursors.
    private var ranks: [String: Int] = [:]

    init(_ ranking: RankedPlaces) { self.ranking = ranking }

    var total: Int { ranking.total }

    func observeRows(
        after anchor: PlaceMatch?, limit: Int, _ onChange: @escaping (PageSlice<PlaceMatch>) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        let start = anchor.map { rank(of: $0) + 1 } ?? 0
        ranks = [:]
        let rows = read(start..<(start + limit))
        onChange(PageSlice(rows: rows, isEnd: start + limit >= ranking.total))
        return AnyCancellable {}
    }

    func observeCount(_ onChange: @escaping (Int) -> Void, onError: @escaping (Error) -> Void) throws -> Cancellable {
        onChange(ranking.total)
        return AnyCancellable {}
    }

    func rows(before row: PlaceMatch?, limit: Int) throws -> [PlaceMatch] {
        let end = row.map(rank(of:)) ?? ranking.total
        return read(max(0, end - limit)..<end).reversed()
    }

    func count() throws -> Int { ranking.total }

    func count(before row: PlaceMatch) throws -> Int { rank(of: row) }

    private func read(_ range: Range<Int>) -> [PlaceMatch] {
        let rows = ranking.matches(range)
        for (offset, row) in rows.enumerated() { ranks[row.id] = range.lowerBound + offset }
        return rows
    }

    private func rank(of row: PlaceMatch) -> Int { ranks[row.id] ?? 0 }
}
