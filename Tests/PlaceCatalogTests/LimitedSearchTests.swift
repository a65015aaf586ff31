import Testing

@testable import PlaceCatalog

/// Queries of every class: Latin of 1, 2 and 3+ characters, several words, spacing-free,
/// Hangul whole and half-typed, chosung, mixed, and no hit; most match far more than a page.
private let spread = [
    "s", "a", "sa", "ne", "seo", "san", "ville", "springfield", "new york", "newyork", "rio de",
    "서", "서울", "서우", "부사", "닭", "시", "ㅅ", "ㅅㅇ", "ㄷㅋ", "서ㅇ", "ㅅㅈㅅ", "sa서", "zzqx", "ㅋㅋㅋㅋ",
]

/// A limited search returns exactly the first `limit` hits of the unlimited one, with the same
/// total, whatever the limit cuts through (a rank's ties included), by relevance and by distance.
@Test(arguments: spread)
func aLimitedSearchIsThePrefixOfTheUnlimitedOne(query: String) {
    let near = SearchOrder.distance(from: Coordinate(latitude: 37.5, longitude: 127))
    for order in [SearchOrder.relevance, near] {
        let all = shippedCatalog.search(query, limit: Int.max, order: order)
        #expect(all.hits.count == all.totalCount, "\(query)")
        for limit in [0, 1, 2, 5, 20, 50, 200] {
            let limited = shippedCatalog.search(query, limit: limit, order: order)
            #expect(limited.totalCount == all.totalCount, "\(query) \(limit)")
            #expect(limited.hits == Array(all.hits.prefix(limit)), "\(query) \(limit) \(order)")
        }
    }
}

/// Ties: places of the same rank keep population order when the limit falls among them, and
/// a better match arriving after a rank has filled the page still takes its place.
@Test func aLimitCuttingThroughTiesKeepsTheUnlimitedOrder() {
    let catalog = PlaceCatalog(places: [
        place("big", "Sandown", population: 900),
        place("mid", "Sanford", population: 800),
        place("small", "Sanaa Town", population: 700),
        place("alt", "Elsewhere", alternates: ["San"], population: 600),
        place("exact", "San", population: 10),
        place("tiny", "Old Sanderson", population: 5),
    ])
    let all = catalog.search("san", limit: Int.max).hits.map(\.place.placeID)
    #expect(all == ["exact", "big", "mid", "small", "alt", "tiny"])
    for limit in 0...all.count {
        #expect(catalog.search("san", limit: limit).hits.map(\.place.placeID) == Array(all.prefix(limit)), "\(limit)")
        #expect(
            catalog.searchByScanning("san", limit: limit).hits.map(\.place.placeID) == Array(all.prefix(limit)),
            "\(limit)")
    }
}
