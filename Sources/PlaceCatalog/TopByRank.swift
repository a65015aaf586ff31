/// The first `limit` places of a relevance search as matches arrive in place order (most
/// populous first): one bucket per `MatchRank` rank, and once the ranks up to some rank hold
/// `limit` places, matches at that rank or below are only counted (they cannot enter).
struct TopByRank {
    let limit: Int
    /// How many places matched in all.
    private(set) var total = 0
    private var buckets = [[Int32]](repeating: [], count: MatchRank.count)
    /// `buckets[rank].count` for each rank: summing these reads no inner array (reading
    /// `buckets[level]` retained and released it, for every match noted).
    private var counts = [Int](repeating: 0, count: MatchRank.count)
    /// Ranks at or above this one can no longer enter the first `limit`.
    private var cutoff = MatchRank.count

    init(limit: Int) { self.limit = max(0, limit) }

    @inline(__always) mutating func note(_ place: Int, rank: Int) {
        total += 1
        guard rank < cutoff else { return }
        buckets[rank].append(Int32(place))
        counts[rank] += 1
        // Places come in order, so a later place never beats a kept one at its own rank: the
        // first rank where the kept places reach `limit` closes itself and every rank below.
        var kept = 0
        for level in 0..<cutoff {
            kept += counts[level]
            if kept >= limit {
                cutoff = level
                break
            }
        }
    }

    /// The kept places, best first, at most `limit`. A plain loop: `joined().prefix(_:)` made
    /// the runtime build the metadata of a flattened slice's iterator, a scan of every
    /// protocol conformance in the binary, which in a one-query process cost more than matching `seoul`.
    var chosen: [Int32] {
        var places: [Int32] = []
        places.reserveCapacity(limit)
        for bucket in buckets {
            for place in bucket {
                if places.count == limit { return places }
                places.append(place)
            }
        }
        return places
    }

    /// The kept places with their ranks, best first, at most `limit` (for merging the answers
    /// of several parts).
    var ranked: [(place: Int32, rank: Int)] {
        var places: [(place: Int32, rank: Int)] = []
        places.reserveCapacity(limit)
        for (rank, bucket) in buckets.enumerated() {
            for place in bucket {
                if places.count == limit { return places }
                places.append((place, rank))
            }
        }
        return places
    }
}
