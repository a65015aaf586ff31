import Foundation

/// How search results are ordered.
public enum SearchOrder: Sendable, Equatable {
    /// Exact name, name prefix, word prefix, substring, a match in an alternate name or code
    /// counting one step lower and, at the same step, a literal match before one through
    /// initials or a half-typed syllable; ties go to the larger population.
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

    /// Whether the best name is an alternate, neither the name nor the Korean name a row
    /// shows (index 1 is the first alternate when the place has no Korean name).
    public var matchedAlternate: Bool { matchedNameIndex >= (place.koreanName == nil ? 1 : 2) }
}

/// The answer to a search: how many places match in all, and the first `limit` of them.
public struct PlaceSearchResult: Sendable, Hashable {
    public var totalCount: Int
    public var hits: [PlaceHit]
    /// True when `hits` holds every match.
    public var isEnd: Bool { hits.count >= totalCount }
}

/// The place catalog: the shipped GeoNames cities plus imported places, searchable by any of
/// their names (see `search`). Immutable once built; build a new one after an import. Loaded
/// from images it is two parts searched together, the shipped catalog's image (read where it
/// is installed) and the imports' own, so an import never rebuilds the shipped part.
public final class PlaceCatalog: Sendable {
    /// The parts, the shipped catalog's first; each index swapped for a rebuilt one when its
    /// catalog image turns out damaged.
    private let holders: [PartHolder]

    /// The first part's index (the only one of a catalog built from places).
    var index: PlaceIndex { holders[0].index.index }

    /// Runs `body` on the parts; when it read damage in any part's image, the answer is
    /// dropped, that part's index rebuilt from its sources, and `body` runs again on that.
    func checked<T>(_ body: ([CatalogPart]) -> T) -> T {
        let parts = holders.map(\.part)
        let answer = body(parts)
        guard parts.contains(where: { $0.index.isDamaged }) else { return answer }
        return body(zip(holders, parts).map { $1.index.isDamaged ? $0.repaired($1.index) : $1 })
    }

    init(parts: [PartHolder]) { holders = parts }

    /// Indexes `places`; a later place with an id already seen replaces the earlier one.
    /// `indexed: false` skips the posting lists: searches scan every name (a few ms on the
    /// shipped catalog), the right trade for a process that answers one query and exits.
    public convenience init(places: [Place], indexed: Bool = true) {
        self.init(places: places, indexed: indexed, cachedNames: nil)
    }

    init(places: [Place], indexed: Bool, cachedNames: NormalizedNames?) {
        // One pass over the ids: positions are the caller's own until an id repeats, and
        // only then is a copy made (the shipped catalog and imports of the same places do).
        var slot: [String: Int] = [:]
        slot.reserveCapacity(places.count)
        var unique: [Place]?
        for (position, place) in places.enumerated() {
            if let existing = slot[place.placeID] {
                if unique == nil {
                    unique = Array(places[..<position])
                    unique!.reserveCapacity(places.count)
                }
                unique![existing] = place
            } else {
                slot[place.placeID] = unique?.count ?? position
                unique?.append(place)
            }
        }
        slot = [:]
        // No id repeats (the usual case): index the caller's array itself, without a copy.
        holders = [
            PartHolder(
                IndexHolder(
                    PlaceIndex(places: unique ?? places, withPostings: indexed, cachedNames: cachedNames),
                    rebuild: nil))
        ]
    }

    /// A catalog on a validated catalog image (see `CatalogImage`).
    /// `rebuild` makes the index again from the sources, for when the image is found damaged.
    init(image: CatalogImage, rebuild: (@Sendable () -> PlaceIndex?)? = nil) {
        holders = [PartHolder(IndexHolder(PlaceIndex(image: image), rebuild: rebuild))]
    }

    /// Every place, most populous first.
    public var places: [Place] {
        checked { parts in
            if let single = CatalogPart.single(parts) { return single.places }
            let lists = parts.map { part in (0..<part.index.placeCount).filter(part.shows).map(Int32.init) }
            return CatalogPart.merge(lists, parts).map { parts[$0.part].index.place(Int($0.position)) }
        }
    }

    public var count: Int { checked { parts in parts.reduce(0) { $0 + $1.shownCount } } }

    /// The place with `id`: an import's before a shipped one it replaces.
    public func place(id: String) -> Place? {
        checked { parts in
            for (holder, part) in zip(holders, parts).reversed() {
                if let position = holder.positions.position(of: id, in: part.index), part.shows(Int(position)) {
                    return part.index.place(Int(position))
                }
            }
            return nil
        }
    }

    /// Places matching `query` by any name, ignoring case and accents (`seul` finds Seúl), with
    /// Hangul typed syllable by syllable (`서우` and `ㅅㅇ` find 서울; `서ㅇ` mixes both).
    /// An empty query lists every place, most populous first. Counts every match. Without
    /// `ranges` the hits' match ranges are left empty: working them out normalises each shown
    /// name again, a tenth of a one-search command that prints no emphasis.
    public func search(_ query: String, limit: Int = 50, order: SearchOrder = .relevance, ranges: Bool = true)
        -> PlaceSearchResult
    {
        checked { search(query, limit: limit, order: order, ranges: ranges, in: $0) }
    }

    /// The search over every part: each part's first `limit` matches, merged in the one order
    /// (rank or distance, then population, then id, the order of a single index's positions).
    private func search(
        _ query: String, limit: Int, order: SearchOrder, ranges: Bool, in parts: [CatalogPart],
        only: ((PlaceIndex, Int) -> Bool)? = nil
    ) -> PlaceSearchResult {
        if let single = CatalogPart.single(parts) {
            return search(
                query, limit: limit, order: order, ranges: ranges, in: single,
                only: only.map { only in { only(single, $0) } })
        }
        let limit = max(0, limit)
        let prepared = SearchQuery(query)
        var total = 0
        var chosen: [CatalogPart.Candidate] = []
        for (number, part) in parts.enumerated() {
            let index = part.index
            func keeps(_ place: Int) -> Bool { part.shows(place) && (only?(index, place) ?? true) }
            func choose(_ place: Int32, _ key: Double) {
                chosen.append(CatalogPart.Candidate(part: number, position: place, key: key))
            }
            switch order {
            case .relevance where prepared.units.isEmpty:
                // Without a filter the count is known; only the first `limit` are looked at.
                if only == nil { total += part.shownCount }
                var taken = 0
                for place in 0..<index.placeCount where keeps(place) {
                    if only != nil { total += 1 }
                    if taken < limit {
                        choose(Int32(place), 0)
                        taken += 1
                    } else if only == nil {
                        break
                    }
                }
            case .relevance:
                var top = TopByRank(limit: limit)
                index.forEachMatch(prepared) { place, bits in
                    if keeps(place) { top.note(place, rank: MatchRank.rank(bits)) }
                }
                total += top.total
                for entry in top.ranked { choose(entry.place, Double(entry.rank)) }
            case .distance(let origin):
                var top = BoundedSelection<(distance: Double, place: Int32)>(capacity: limit) {
                    ($0.distance, $0.place) < ($1.distance, $1.place)
                }
                if prepared.units.isEmpty {
                    for place in 0..<index.placeCount where keeps(place) {
                        total += 1
                        top.insert((index.store.coordinate(place).distance(to: origin), Int32(place)))
                    }
                } else {
                    index.forEachMatch(prepared) { place, _ in
                        guard keeps(place) else { return }
                        total += 1
                        top.insert((index.store.coordinate(place).distance(to: origin), Int32(place)))
                    }
                }
                for entry in top.sorted() { choose(entry.place, entry.distance) }
            }
        }
        let distances: Bool
        if case .distance = order { distances = true } else { distances = false }
        let hits = CatalogPart.ordered(chosen, parts).prefix(limit).map { entry in
            let index = parts[entry.part].index
            let distance = distances ? entry.key : nil
            return prepared.units.isEmpty
                ? PlaceCatalog.emptyHit(index.place(Int(entry.position)), distance: distance)
                : PlaceCatalog.hit(Int(entry.position), prepared, index, distance: distance, ranges: ranges)
        }
        return PlaceSearchResult(totalCount: total, hits: Array(hits))
    }

    /// The same search among the places of one category (`CE7`: imported OpenStreetMap places
    /// carry one; the shipped cities carry none).
    public func search(_ query: String, category: String, limit: Int = 50, order: SearchOrder = .relevance)
        -> PlaceSearchResult
    {
        checked { parts in
            search(query, limit: limit, order: order, ranges: false, in: parts) { index, place in
                index.store.category(place) == category
            }
        }
    }

    private func search(
        _ query: String, limit: Int, order: SearchOrder, ranges: Bool, in index: PlaceIndex,
        only: ((Int) -> Bool)? = nil
    ) -> PlaceSearchResult {
        let count = index.placeCount
        let limit = max(0, limit)
        let prepared = SearchQuery(query)
        switch order {
        case .relevance:
            if prepared.units.isEmpty {
                if let only {
                    let chosen = (0..<count).filter(only)
                    let hits = chosen.prefix(limit).map { PlaceCatalog.emptyHit(index.place($0), distance: nil) }
                    return PlaceSearchResult(totalCount: chosen.count, hits: hits)
                }
                let hits = (0..<min(limit, count)).map { PlaceCatalog.emptyHit(index.place($0), distance: nil) }
                return PlaceSearchResult(totalCount: count, hits: hits)
            }
            var top = TopByRank(limit: limit)
            index.forEachMatch(prepared) { place, bits in
                if only?(Int(place)) ?? true { top.note(place, rank: MatchRank.rank(bits)) }
            }
            return PlaceSearchResult(
                totalCount: top.total,
                hits: top.chosen.map {
                    PlaceCatalog.hit(Int($0), prepared, index, distance: nil, ranges: ranges)
                })
        case .distance(let origin):
            // Nearest first, ties to the earlier place: a total order, so the bounded selection
            // keeps exactly the first `limit` of the full sort.
            var top = BoundedSelection<(distance: Double, place: Int32)>(capacity: limit) {
                ($0.distance, $0.place) < ($1.distance, $1.place)
            }
            var total = 0
            if prepared.units.isEmpty {
                for place in 0..<count where only?(place) ?? true {
                    total += 1
                    top.insert((index.store.coordinate(place).distance(to: origin), Int32(place)))
                }
            } else {
                index.forEachMatch(prepared) { place, _ in
                    guard only?(Int(place)) ?? true else { return }
                    total += 1
                    top.insert((index.store.coordinate(place).distance(to: origin), Int32(place)))
                }
            }
            let hits = top.sorted().map { entry in
                prepared.units.isEmpty
                    ? PlaceCatalog.emptyHit(index.place(Int(entry.place)), distance: entry.distance)
                    : PlaceCatalog.hit(Int(entry.place), prepared, index, distance: entry.distance, ranges: ranges)
            }
            return PlaceSearchResult(totalCount: total, hits: hits)
        }
    }

    /// The same relevance search without posting lists: every place's names are scanned. The
    /// reference the index is checked against in tests, and a baseline for the benchmark.
    public func searchByScanning(_ query: String, limit: Int = 50) -> PlaceSearchResult {
        checked { parts in
            if let single = CatalogPart.single(parts) { return scan(query, limit: limit, in: single) }
            let prepared = SearchQuery(query)
            guard !prepared.units.isEmpty else {
                return search(query, limit: limit, order: .relevance, ranges: true, in: parts)
            }
            var total = 0
            var chosen: [CatalogPart.Candidate] = []
            for (number, part) in parts.enumerated() {
                var top = TopByRank(limit: limit)
                let index = part.index
                prepared.withJamo { jamo in
                    let buffer = index.units
                    for place in 0..<index.placeCount where part.shows(place) {
                        guard let bits = index.bestBits(place: place, buffer, prepared, jamo) else { continue }
                        top.note(place, rank: MatchRank.rank(bits))
                    }
                }
                total += top.total
                for entry in top.ranked {
                    chosen.append(CatalogPart.Candidate(part: number, position: entry.place, key: Double(entry.rank)))
                }
            }
            let hits = CatalogPart.ordered(chosen, parts).prefix(limit).map {
                PlaceCatalog.hit(Int($0.position), prepared, parts[$0.part].index, distance: nil)
            }
            return PlaceSearchResult(totalCount: total, hits: Array(hits))
        }
    }

    private func scan(_ query: String, limit: Int, in index: PlaceIndex) -> PlaceSearchResult {
        let prepared = SearchQuery(query)
        guard !prepared.units.isEmpty else {
            return search(query, limit: limit, order: .relevance, ranges: true, in: index)
        }
        var top = TopByRank(limit: limit)
        prepared.withJamo { jamo in
            do {
                let buffer = index.units
                for place in 0..<index.placeCount {
                    guard let bits = index.bestBits(place: place, buffer, prepared, jamo) else { continue }
                    top.note(place, rank: MatchRank.rank(bits))
                }
            }
        }
        return PlaceSearchResult(
            totalCount: top.total, hits: top.chosen.map { PlaceCatalog.hit(Int($0), prepared, index, distance: nil) })
    }

    static func emptyHit(_ place: Place, distance: Double?) -> PlaceHit {
        PlaceHit(
            place: place, matchKind: .prefix, matchedName: place.name, matchedNameIndex: 0,
            matchedRange: 0..<0, nameRange: nil, koreanNameRange: nil, distance: distance)
    }

    /// The hit for place `position`: the best name is found on the index's units; only that
    /// name, the name and the Korean name are normalised again for `Character` ranges.
    static func hit(_ position: Int, _ query: SearchQuery, _ index: PlaceIndex, distance: Double?, ranges: Bool = true)
        -> PlaceHit
    {
        let place = index.place(position)
        let names = place.allNames
        var (kind, nameIndex) = index.bestName(place: position, query)
        // Only a damaged image disagrees with its own places (and that answer is dropped).
        if nameIndex >= names.count { nameIndex = 0 }
        guard ranges else {
            return PlaceHit(
                place: place, matchKind: kind, matchedName: names[nameIndex], matchedNameIndex: nameIndex,
                matchedRange: 0..<0, nameRange: nil, koreanNameRange: nil, distance: distance)
        }
        let range = PlaceIndex.characterRange(of: query, in: names[nameIndex])?.1 ?? 0..<0
        let nameRange = nameIndex == 0 ? range : PlaceIndex.characterRange(of: query, in: place.name)?.1
        var koreanRange: Range<Int>?
        if let korean = place.koreanName {
            koreanRange = nameIndex == 1 ? range : PlaceIndex.characterRange(of: query, in: korean)?.1
        }
        return PlaceHit(
            place: place, matchKind: kind, matchedName: names[nameIndex], matchedNameIndex: nameIndex,
            matchedRange: range, nameRange: nameRange, koreanNameRange: koreanRange, distance: distance)
    }
}

/// One part of a catalog as a search reads it: its index, and the places of it a later part
/// replaces (the shipped places an import holds under the same id), which it leaves out.
struct CatalogPart {
    let index: PlaceIndex
    /// `hidden[position]` when the place is left out; nil when none is.
    let hidden: [Bool]?
    let hiddenCount: Int

    init(index: PlaceIndex, hidden: [Bool]?, hiddenCount: Int) {
        // A repair that could not read the sources is an empty index the list does not fit.
        let fits = hidden?.count == index.placeCount
        self.index = index
        self.hidden = fits ? hidden : nil
        self.hiddenCount = fits ? hiddenCount : 0
    }

    @inline(__always) func shows(_ position: Int) -> Bool { !(hidden?[position] ?? false) }
    var shownCount: Int { index.placeCount - hiddenCount }

    /// The index of a catalog of one part that hides nothing, which every search reads as before.
    static func single(_ parts: [CatalogPart]) -> PlaceIndex? {
        parts.count == 1 && parts[0].hidden == nil ? parts[0].index : nil
    }

    /// A place chosen from part `part`, with its rank or distance.
    struct Candidate {
        var part: Int
        var position: Int32
        var key: Double
    }

    /// Whether place `a` of `first` comes before place `b` of `second` in a single index's
    /// order (more populous first, then by id), which each part's positions already follow.
    static func precedes(_ first: CatalogPart, _ a: Int, _ second: CatalogPart, _ b: Int) -> Bool {
        let populations = (first.index.store.population(a), second.index.store.population(b))
        if populations.0 != populations.1 { return populations.0 > populations.1 }
        return first.index.store.placeID(a) < second.index.store.placeID(b)
    }

    /// `candidates` by key (rank or distance), ties in index order.
    static func ordered(_ candidates: [Candidate], _ parts: [CatalogPart]) -> [Candidate] {
        candidates.sorted { a, b in
            if a.key != b.key { return a.key < b.key }
            if a.part == b.part { return a.position < b.position }
            return precedes(parts[a.part], Int(a.position), parts[b.part], Int(b.position))
        }
    }

    /// Lists of positions, one per part, each in index order, merged into that order.
    static func merge(_ lists: [[Int32]], _ parts: [CatalogPart]) -> [(part: Int, position: Int32)] {
        var heads = [Int](repeating: 0, count: lists.count)
        var merged: [(part: Int, position: Int32)] = []
        merged.reserveCapacity(lists.reduce(0) { $0 + $1.count })
        while true {
            var best = -1
            for list in lists.indices where heads[list] < lists[list].count {
                if best < 0
                    || precedes(
                        parts[list], Int(lists[list][heads[list]]), parts[best], Int(lists[best][heads[best]]))
                {
                    best = list
                }
            }
            if best < 0 { return merged }
            merged.append((best, lists[best][heads[best]]))
            heads[best] += 1
        }
    }
}

/// One part of a catalog: its index (healed on damage), the places of it left out, and its
/// id table.
final class PartHolder: Sendable {
    let index: IndexHolder
    let hidden: [Bool]?
    let hiddenCount: Int
    let positions = PositionTable()

    init(_ index: IndexHolder, hidden: [Int32] = [], count: Int = 0) {
        self.index = index
        if hidden.isEmpty {
            self.hidden = nil
            hiddenCount = 0
        } else {
            var marks = [Bool](repeating: false, count: count)
            var marked = 0
            for position in hidden where position >= 0 && Int(position) < count && !marks[Int(position)] {
                marks[Int(position)] = true
                marked += 1
            }
            self.hidden = marks
            hiddenCount = marked
        }
    }

    var part: CatalogPart { CatalogPart(index: index.index, hidden: hidden, hiddenCount: hiddenCount) }

    func repaired(_ damaged: PlaceIndex) -> CatalogPart {
        CatalogPart(index: index.repair(damaged), hidden: hidden, hiddenCount: hiddenCount)
    }
}

/// The catalog's index, and the one rebuild that replaces it when its image is damaged (a
/// class under a lock, so the immutable-looking catalog can heal itself).
final class IndexHolder: @unchecked Sendable {
    // @unchecked: `current` is read and written only under `lock`.
    private let lock = NSLock()
    private var current: PlaceIndex
    private let rebuild: (@Sendable () -> PlaceIndex?)?

    init(_ index: PlaceIndex, rebuild: (@Sendable () -> PlaceIndex?)?) {
        current = index
        self.rebuild = rebuild
    }

    var index: PlaceIndex {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// The index to use instead of `damaged`: rebuilt from the sources once, or, when they
    /// cannot be read, an empty one (no answer rather than a wrong one).
    func repair(_ damaged: PlaceIndex) -> PlaceIndex {
        lock.lock()
        defer { lock.unlock() }
        if current === damaged { current = rebuild?() ?? PlaceIndex(places: []) }
        return current
    }
}

/// Id → position, filled once per index under a lock on first use.
final class PositionTable: @unchecked Sendable {
    // @unchecked: `table` and `owner` are read and written only under `lock`.
    private let lock = NSLock()
    private var table: [String: Int32]?
    private var owner: ObjectIdentifier?

    func position(of id: String, in index: PlaceIndex) -> Int32? {
        lock.lock()
        defer { lock.unlock() }
        if owner != ObjectIdentifier(index) { table = nil }
        owner = ObjectIdentifier(index)
        if table == nil {
            var positions: [String: Int32] = [:]
            positions.reserveCapacity(index.placeCount)
            for position in 0..<index.placeCount { positions[index.store.placeID(position)] = Int32(position) }
            table = positions
        }
        return table![id]
    }
}
