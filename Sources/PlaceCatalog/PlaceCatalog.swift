import Foundation

/// How search results are ordered.
public enum SearchOrder: Sendable, Equatable {
    /// Exact name, name prefix, word prefix, substring; ties go to the larger population.
    case relevance
    /// Nearest first by great-circle distance from the point; hits carry `distance`.
    case distance(from: Coordinate)
}

/// One search result.
public struct PlaceHit: Sendable, Hashable {
    public var place: Place
    /// How the best-matching name matched (`.prefix` with empty ranges for an empty query).
    public var matchKind: MatchKind
    /// The name that matched best (the name, the Korean name or an alternate).
    public var matchedName: String
    /// The index of `matchedName` in `place.allNames` (0 the name, then Korean name, alternates).
    public var matchedNameIndex: Int
    /// The matched part of `matchedName`, in `Character` (grapheme cluster) offsets.
    public var matchedRange: Range<Int>
    /// The matched part of `place.name`, in `Character` offsets, when the name itself matches
    /// (what a list row emphasises); `nil` when only another name matched.
    public var nameRange: Range<Int>?
    /// The matched part of `place.koreanName`, in `Character` offsets, when it matches.
    public var koreanNameRange: Range<Int>?
    /// Metres from the point of a `.distance` search; `nil` for `.relevance`.
    public var distance: Double?
}

/// The answer to a search: how many places match in all, and the first `limit` of them.
public struct PlaceSearchResult: Sendable, Hashable {
    public var totalCount: Int
    public var hits: [PlaceHit]
    /// True when `hits` holds every match.
    public var isEnd: Bool { hits.count >= totalCount }
}

/// The place catalog: the shipped GeoNames cities plus imported places, searchable by any of
/// their names (see `search`). Immutable once built; build a new one after an import.
public final class PlaceCatalog: Sendable {
    let index: PlaceIndex
    private let positionByID: [String: Int32]

    /// Indexes `places`; a later place with an id already seen replaces the earlier one.
    /// `indexed: false` skips the posting lists: searches scan every name (a few ms on the
    /// shipped catalog), the right trade for a process that answers one query and exits.
    public convenience init(places: [Place], indexed: Bool = true) {
        self.init(places: places, indexed: indexed, cachedNames: nil)
    }

    init(places: [Place], indexed: Bool, cachedNames: NormalizedNames?) {
        var unique: [Place] = []
        unique.reserveCapacity(places.count)
        var seen: [String: Int] = [:]
        seen.reserveCapacity(places.count)
        for place in places {
            if let existing = seen[place.placeID] {
                unique[existing] = place
            } else {
                seen[place.placeID] = unique.count
                unique.append(place)
            }
        }
        index = PlaceIndex(places: unique, withPostings: indexed, cachedNames: cachedNames)
        var positions: [String: Int32] = [:]
        positions.reserveCapacity(unique.count)
        for (position, place) in index.places.enumerated() { positions[place.placeID] = Int32(position) }
        positionByID = positions
    }

    /// Every place, most populous first.
    public var places: [Place] { index.places }
    public var count: Int { index.places.count }

    public func place(id: String) -> Place? {
        positionByID[id].map { index.places[Int($0)] }
    }

    /// Places matching `query` by any name, ignoring case and accents (`seul` finds Seúl), with
    /// Hangul typed syllable by syllable (`서우` and `ㅅㅇ` find 서울; `서ㅇ` mixes both).
    /// An empty query lists every place, most populous first. Counts every match.
    public func search(_ query: String, limit: Int = 50, order: SearchOrder = .relevance) -> PlaceSearchResult {
        let limit = max(0, limit)
        let prepared = SearchQuery(query)
        switch order {
        case .relevance:
            if prepared.units.isEmpty {
                let hits = index.places.prefix(limit).map { emptyHit($0, distance: nil) }
                return PlaceSearchResult(totalCount: count, hits: hits)
            }
            var buckets = [[Int32]](repeating: [], count: 4)
            var total = 0
            index.forEachMatch(prepared) { place, kind in
                total += 1
                if buckets[kind.rawValue].count < limit { buckets[kind.rawValue].append(Int32(place)) }
            }
            let chosen = buckets.joined().prefix(limit)
            return PlaceSearchResult(totalCount: total, hits: chosen.map { hit(Int($0), prepared, distance: nil) })
        case .distance(let origin):
            var matched: [(distance: Double, place: Int32)] = []
            if prepared.units.isEmpty {
                matched = index.places.indices.map { (index.places[$0].coordinate.distance(to: origin), Int32($0)) }
            } else {
                index.forEachMatch(prepared) { place, _ in
                    matched.append((index.places[place].coordinate.distance(to: origin), Int32(place)))
                }
            }
            let top = matched.sorted { ($0.distance, $0.place) < ($1.distance, $1.place) }.prefix(limit)
            let hits = top.map { entry in
                prepared.units.isEmpty
                    ? emptyHit(index.places[Int(entry.place)], distance: entry.distance)
                    : hit(Int(entry.place), prepared, distance: entry.distance)
            }
            return PlaceSearchResult(totalCount: matched.count, hits: hits)
        }
    }

    /// The same relevance search without posting lists: every place's names are scanned. The
    /// reference the index is checked against in tests, and a baseline for the benchmark.
    public func searchByScanning(_ query: String, limit: Int = 50) -> PlaceSearchResult {
        let prepared = SearchQuery(query)
        guard !prepared.units.isEmpty else { return search(query, limit: limit) }
        var buckets = [[Int32]](repeating: [], count: 4)
        var total = 0
        SyllableJamo.table.withUnsafeBufferPointer { jamo in
            do {
                let buffer = index.units
                for place in 0..<index.places.count {
                    guard let kind = index.bestKind(place: place, buffer, prepared, jamo) else { continue }
                    total += 1
                    if buckets[kind.rawValue].count < limit { buckets[kind.rawValue].append(Int32(place)) }
                }
            }
        }
        let chosen = buckets.joined().prefix(limit)
        return PlaceSearchResult(totalCount: total, hits: chosen.map { hit(Int($0), prepared, distance: nil) })
    }

    private func emptyHit(_ place: Place, distance: Double?) -> PlaceHit {
        PlaceHit(place: place, matchKind: .prefix, matchedName: place.name, matchedNameIndex: 0,
                 matchedRange: 0..<0, nameRange: nil, koreanNameRange: nil, distance: distance)
    }

    /// The hit for place `position`: the best name is found on the index's units; only that
    /// name, the name and the Korean name are normalised again for `Character` ranges.
    private func hit(_ position: Int, _ query: SearchQuery, distance: Double?) -> PlaceHit {
        let place = index.places[position]
        let names = place.allNames
        let (kind, nameIndex) = index.bestName(place: position, query)
        let range = PlaceIndex.characterRange(of: query, in: names[nameIndex])?.1 ?? 0..<0
        let nameRange = nameIndex == 0 ? range : PlaceIndex.characterRange(of: query, in: place.name)?.1
        var koreanRange: Range<Int>?
        if let korean = place.koreanName {
            koreanRange = nameIndex == 1 ? range : PlaceIndex.characterRange(of: query, in: korean)?.1
        }
        return PlaceHit(place: place, matchKind: kind, matchedName: names[nameIndex], matchedNameIndex: nameIndex,
                        matchedRange: range, nameRange: nameRange, koreanNameRange: koreanRange, distance: distance)
    }
}
