/// Every match of one search, in order, kept as place positions (four bytes a match, eight
/// more with distances); hits are made only for the range a screen shows, so reading the
/// next page, or the last, ranks nothing again.
public final class PlaceRanking {
    /// How many places match.
    public let totalCount: Int
    private let indexes: [PlaceIndex]
    private let query: SearchQuery
    /// Positions in order; nil for an empty relevance query over one part (every place, most
    /// populous first).
    private let positions: [Int32]?
    /// The part each position is of, when there are several.
    private let owners: [UInt8]?
    private let distances: [Double]?

    init(parts: [CatalogPart], query: SearchQuery, order: SearchOrder) {
        indexes = parts.map(\.index)
        self.query = query
        if let index = CatalogPart.single(parts) {
            owners = nil
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
                    matched = (0..<index.placeCount).map {
                        (index.store.coordinate($0).distance(to: origin), Int32($0))
                    }
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
            return
        }
        // Several parts: each part's matches in its own order, merged into the one order.
        var merged: [(part: Int, position: Int32)] = []
        switch order {
        case .relevance:
            distances = nil
            if query.units.isEmpty {
                merged = CatalogPart.merge(
                    parts.map { part in (0..<part.index.placeCount).filter(part.shows).map(Int32.init) }, parts)
            } else {
                var buckets = [[[Int32]]](
                    repeating: [[Int32]](repeating: [], count: MatchRank.count), count: parts.count)
                for (number, part) in parts.enumerated() {
                    part.index.forEachMatch(query) { place, bits in
                        if part.shows(place) { buckets[number][MatchRank.rank(bits)].append(Int32(place)) }
                    }
                }
                for rank in 0..<MatchRank.count {
                    merged += CatalogPart.merge(buckets.map { $0[rank] }, parts)
                }
            }
        case .distance(let origin):
            var matched: [CatalogPart.Candidate] = []
            for (number, part) in parts.enumerated() {
                let index = part.index
                func add(_ place: Int) {
                    matched.append(
                        CatalogPart.Candidate(
                            part: number, position: Int32(place),
                            key: index.store.coordinate(place).distance(to: origin)))
                }
                if query.units.isEmpty {
                    for place in 0..<index.placeCount where part.shows(place) { add(place) }
                } else {
                    index.forEachMatch(query) { place, _ in if part.shows(place) { add(place) } }
                }
            }
            let sorted = CatalogPart.ordered(matched, parts)
            merged = sorted.map { ($0.part, $0.position) }
            distances = sorted.map(\.key)
        }
        positions = merged.map(\.position)
        owners = merged.map { UInt8($0.part) }
        totalCount = merged.count
    }

    /// The hits at `range` of the order (clamped to the matches).
    public func hits(_ range: Range<Int>) -> [PlaceHit] {
        let range = range.clamped(to: 0..<totalCount)
        return range.map { rank in
            let position = positions.map { Int($0[rank]) } ?? rank
            let index = indexes[owners.map { Int($0[rank]) } ?? 0]
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
        checked { PlaceRanking(parts: $0, query: SearchQuery(query), order: order) }
    }
}
