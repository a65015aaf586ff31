/// Every match of one search, in order, kept as place positions (four bytes a match, eight
/// more with distances); hits are made only for the range a screen shows, so reading the
/// next page, or the last, ranks nothing again.
public final class PlaceRanking {
    /// How many places match.
    public let totalCount: Int
    private let index: PlaceIndex
    private let query: SearchQuery
    /// Positions in order; nil for an empty relevance query (every place, most populous first).
    private let positions: [Int32]?
    private let distances: [Double]?

    init(index: PlaceIndex, query: SearchQuery, order: SearchOrder) {
        self.index = index
        self.query = query
        switch order {
        case .relevance:
            distances = nil
            if query.units.isEmpty {
                positions = nil
                totalCount = index.placeCount
            } else {
                var buckets = [[Int32]](repeating: [], count: MatchRank.count)
                index.forEachMatch(query) { place, bits in buckets[MatchRank.rank(bits)].append(Int32(place)) }
                let ranked = Array(buckets.joined())
                positions = ranked
                totalCount = ranked.count
            }
        case .distance(let origin):
            var matched: [(distance: Double, place: Int32)] = []
            if query.units.isEmpty {
                matched = (0..<index.placeCount).map { (index.store.coordinate($0).distance(to: origin), Int32($0)) }
            } else {
                index.forEachMatch(query) { place, _ in
                    matched.append((index.store.coordinate(place).distance(to: origin), Int32(place)))
                }
            }
            matched.sort { ($0.distance, $0.place) < ($1.distance, $1.place) }
            positions = matched.map(\.place)
            distances = matched.map(\.distance)
            totalCount = matched.count
        }
    }

    /// The hits at `range` of the order (clamped to the matches).
    public func hits(_ range: Range<Int>) -> [PlaceHit] {
        let range = range.clamped(to: 0..<totalCount)
        return range.map { rank in
            let position = positions.map { Int($0[rank]) } ?? rank
            let distance = distances?[rank]
            return query.units.isEmpty
                ? PlaceCatalog.emptyHit(index.place(position), distance: distance)
                : PlaceCatalog.hit(position, query, index, distance: distance)
        }
    }
}

extension PlaceCatalog {
    /// Every match of `query` in `order`, as `search` ranks them, to be read a range at a time.
    public func ranking(_ query: String, order: SearchOrder = .relevance) -> PlaceRanking {
        checked { PlaceRanking(index: $0, query: SearchQuery(query), order: order) }
    }
}
