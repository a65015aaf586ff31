import Foundation
import Testing

@testable import PlaceCatalog

/// The shipped catalog, loaded once for every ranking case.
let shippedCatalog: PlaceCatalog = {
    let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources").path
    return try! PlaceCatalog.load(resourcesDirectory: resources, dataDirectory: nil)
}()

/// What a person types, and the place that must come first (by name as the list shows it).
@Test(arguments: [
    // A literal match beats one through half-typing or initials at the same level.
    ("서", "Seoul"),
    // A place's name beats another's alternate or code at the same level, and population weighs in.
    ("seo", "Seoul"),
    // Spaces are optional, as Korean users type; queries with spaces still work.
    ("선전시", "Shenzhen"),
    ("ㅅㅈㅅ", "Shenzhen"),
    ("선전 시", "Shenzhen"),
    ("사가시", "Saga"),
    ("newyork", "New York City"),
    ("new york", "New York City"),
    ("NewYork", "New York City"),
])
func theFirstHitIsThePlaceMeant(query: String, first: String) {
    #expect(shippedCatalog.search(query, limit: 5).hits.first?.place.name == first, "\(query)")
}

/// Pairs of places in the shipped catalog: for the query, the first must rank above the second.
@Test(arguments: [
    ("서", "Seoul", "Shenzhen"),
    ("seo", "Seoul", "Séguéla"),
])
func rankingOrdersPairs(query: String, above: String, below: String) {
    let names = shippedCatalog.search(query, limit: 1000).hits.map(\.place.name)
    let high = names.firstIndex(of: above)
    let low = names.firstIndex(of: below)
    #expect(high != nil && low != nil && high! < low!, "\(query): \(names.prefix(10))")
}

let spacingCatalog = PlaceCatalog(places: [
    place("hangeul", "Hangeul Day Park", korean: "한글 날", population: 10),
    place("hanguk", "Hanguk", korean: "한국", population: 1000),
    place("nyc", "New York City", korean: "뉴욕", population: 8_000_000),
    place("newark", "Newark", population: 300_000),
    place("code", "Small Town", alternates: ["NEW"], population: 50),
])

/// Spacing-free matching on a small catalog: the query, the ids found (in order), and the kind
/// of the first hit.
@Test(arguments: [
    ("한글날", ["hangeul"], MatchKind.exact),
    ("한글 날", ["hangeul"], MatchKind.exact),
    ("ㅎㄱㄴ", ["hangeul"], MatchKind.exact),
    ("한글나", ["hangeul"], MatchKind.exact),
    ("newyork", ["nyc"], MatchKind.prefix),
    ("yorkcity", ["nyc"], MatchKind.wordPrefix),
    ("wy", ["nyc"], MatchKind.substring),
    // The small town's exact code ties with the cities' prefixes: population decides.
    ("new", ["nyc", "newark", "code"], MatchKind.prefix),
])
func spacesAreOptional(query: String, ids: [String], kind: MatchKind) {
    let result = spacingCatalog.search(query)
    #expect(result.hits.map(\.place.placeID) == ids, "\(query)")
    #expect(result.hits.first?.matchKind == kind, "\(query)")
    #expect(spacingCatalog.searchByScanning(query).hits.map(\.place.placeID) == ids, "\(query)")
}

@Test func theMatchedNameIsTheOneThatRanked() {
    let hit = spacingCatalog.search("new").hits[2]
    #expect(hit.place.placeID == "code" && hit.matchedName == "NEW" && hit.matchKind == .exact)
    let spaced = spacingCatalog.search("한글날").hits[0]
    #expect(spaced.matchedName == "한글 날" && spaced.koreanNameRange == 0..<4)
}

@Test func importingKeepsTheShippedKoreanName() {
    let shipped = [place("1796236", "Shanghai", korean: "상하이")]
    var incoming = [
        place("1796236", "Shanghai", korean: "상해", alternates: ["Schanghai", "상하이"]),
        place("9", "Elsewhere", korean: "다른곳"),
    ]
    PlaceImporter.keepShippedKoreanNames(of: shipped, in: &incoming)
    #expect(incoming[0].koreanName == "상하이" && incoming[0].alternateNames == ["상해", "Schanghai"])
    #expect(incoming[1].koreanName == "다른곳")
}
