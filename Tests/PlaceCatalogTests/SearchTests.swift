import Testing

@testable import PlaceCatalog

func place(
    _ id: String, _ name: String, korean: String? = nil, alternates: [String] = [],
    population: Int = 0, latitude: Double = 0, longitude: Double = 0
) -> Place {
    Place(
        placeID: id, name: name, koreanName: korean, alternateNames: alternates, countryName: "Testland",
        latitude: latitude, longitude: longitude, population: population)
}

let koreanCatalog = PlaceCatalog(places: [
    place(
        "seoul", "Seoul", korean: "서울", alternates: ["Seúl", "서울특별시"], population: 10_000_000,
        latitude: 37.566, longitude: 126.978),
    place("suwon", "Suwon", korean: "수원", population: 1_200_000, latitude: 37.291, longitude: 127.009),
    place("seosan", "Seosan", korean: "서산", population: 170_000, latitude: 36.78, longitude: 126.45),
    place("busan", "Busan", korean: "부산", population: 3_300_000, latitude: 35.10, longitude: 129.03),
    place("egg", "Dalgyal", korean: "달걀마을", population: 10),
    place("ny", "New York City", korean: "뉴욕", alternates: ["New York", "NYC"], population: 8_800_000),
    place("york", "York", population: 150_000),
    place("newark", "Newark", population: 300_000),
])

func ids(_ query: String, limit: Int = 50) -> [String] {
    koreanCatalog.search(query, limit: limit).hits.map(\.place.placeID)
}

@Test(arguments: [
    ("seoul", ["seoul"]),
    ("SEOUL", ["seoul"]),
    ("seúl", ["seoul"]),
    ("seul", ["seoul"]),
    ("서울", ["seoul"]),
    ("서우", ["seoul"]),
    ("성", ["seoul"]),
    ("서ㅇ", ["seoul"]),
    ("ㅅㅇ", ["seoul", "suwon"]),
    ("ㅅ", ["seoul", "suwon", "seosan", "busan"]),
    ("닭", ["egg"]),
    ("달갸", ["egg"]),
    ("달거", []),
    ("ㄷㄱ", ["egg"]),
    ("부산", ["busan"]),
    ("new york", ["ny"]),
    ("new-york", ["ny"]),
    ("zzz", []),
    ("설", []),
    ("서울ㅋ", []),
])
func queriesFindTheRightPlaces(query: String, expected: [String]) {
    #expect(ids(query) == expected)
}

@Test func rankingIsExactThenPrefixThenWordPrefixThenSubstring() {
    let catalog = PlaceCatalog(places: [
        place("substring", "Busan", population: 1_000_000),
        place("word", "Los San", population: 1_000),
        place("prefix-small", "Santa", population: 100),
        place("prefix-large", "Sanford", population: 500),
        place("exact", "San", population: 1),
        place("none", "Seoul", population: 9_999_999),
    ])
    let result = catalog.search("san")
    #expect(result.hits.map(\.place.placeID) == ["exact", "prefix-large", "prefix-small", "word", "substring"])
    #expect(result.hits.map(\.matchKind) == [.exact, .prefix, .prefix, .wordPrefix, .substring])
    #expect(result.totalCount == 5)
}

@Test func hangulRankingPrefersWholeNameThenPopulation() {
    #expect(ids("ㅅㅇ") == ["seoul", "suwon"])
    #expect(ids("서") == ["seoul", "seosan"])
}

@Test func totalCountCountsEveryMatchBeyondTheLimit() {
    let result = koreanCatalog.search("ㅅ", limit: 2)
    #expect(result.totalCount == 4)
    #expect(result.hits.count == 2)
    #expect(!result.isEnd)
    let york = koreanCatalog.search("york")
    #expect(york.hits.map(\.place.placeID) == ["york", "ny"])
    #expect(york.isEnd)
}

@Test func emptyQueryListsTheMostPopulous() {
    let result = koreanCatalog.search("", limit: 3)
    #expect(result.totalCount == koreanCatalog.count)
    #expect(result.hits.map(\.place.placeID) == ["seoul", "ny", "busan"])
}

@Test func hitsCarryTheMatchedNameAndRanges() {
    let seoul = koreanCatalog.search("서우").hits[0]
    #expect(seoul.matchedName == "서울")
    #expect(seoul.matchedNameIndex == 1)
    #expect(seoul.koreanNameRange == 0..<2)
    #expect(seoul.nameRange == nil)
    let seul = koreanCatalog.search("seul").hits[0]
    #expect(seul.matchedName == "Seúl")
    #expect(seul.matchedRange == 0..<4)
    let york = koreanCatalog.search("york").hits[1]
    #expect(york.place.placeID == "ny")
    #expect(york.nameRange == 4..<8)
}

@Test(
    arguments: [
        // (from, to, kilometres): published great-circle distances.
        (Coordinate(latitude: 51.5074, longitude: -0.1278), Coordinate(latitude: 48.8566, longitude: 2.3522), 343.5),
        (
            Coordinate(latitude: 40.7128, longitude: -74.0060), Coordinate(latitude: 34.0522, longitude: -118.2437),
            3_936
        ),
        (Coordinate(latitude: 37.5665, longitude: 126.9780), Coordinate(latitude: 35.1796, longitude: 129.0756), 325),
        (Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 180), 20_015),
        (Coordinate(latitude: 10, longitude: 10), Coordinate(latitude: 10, longitude: 10), 0),
    ] as [(Coordinate, Coordinate, Double)])
func haversineMatchesKnownDistances(from: Coordinate, to: Coordinate, kilometres: Double) {
    let distance = from.distance(to: to) / 1000
    #expect(abs(distance - kilometres) <= max(1, kilometres * 0.005))
    #expect(abs(to.distance(to: from) / 1000 - distance) < 1e-9)
}

@Test func distanceOrderRanksByGreatCircleDistance() {
    let nearBusan = Coordinate(latitude: 35.2, longitude: 129.1)
    let result = koreanCatalog.search("ㅅ", order: .distance(from: nearBusan))
    let expected = ["seoul", "suwon", "seosan", "busan"].sorted {
        koreanCatalog.place(id: $0)!.coordinate.distance(to: nearBusan)
            < koreanCatalog.place(id: $1)!.coordinate.distance(to: nearBusan)
    }
    #expect(expected.first == "busan")
    #expect(result.hits.map(\.place.placeID) == expected)
    let distances = result.hits.compactMap(\.distance)
    #expect(distances.count == 4)
    #expect(distances == distances.sorted())
    #expect(koreanCatalog.search("ㅅ").hits.allSatisfy { $0.distance == nil })
}

@Test func aLaterPlaceWithTheSameIDReplacesTheEarlier() {
    let catalog = PlaceCatalog(places: [place("1", "Old"), place("1", "New")])
    #expect(catalog.count == 1)
    #expect(catalog.place(id: "1")?.name == "New")
    #expect(catalog.search("old").totalCount == 0)
}

@Test(arguments: ["s", "ㅅ", "서우", "new york", "york", "", "닭"])
func anUnindexedCatalogAnswersTheSame(query: String) {
    let unindexed = PlaceCatalog(places: koreanCatalog.places, indexed: false)
    #expect(unindexed.search(query) == koreanCatalog.search(query))
    let origin = Coordinate(latitude: 37, longitude: 127)
    #expect(
        unindexed.search(query, order: .distance(from: origin))
            == koreanCatalog.search(query, order: .distance(from: origin)))
}

/// One-syllable queries are driven by the syllable's first keystrokes: 고 still finds 과천
/// (typing ㅏ after 고 gives 과) and 괴산, and the index answers like the scan.
@Test func oneSyllableQueriesFindEveryCompoundVowelSyllable() {
    let catalog = PlaceCatalog(places: [
        place("1", "Gwacheon", korean: "과천"), place("2", "Goyang", korean: "고양"),
        place("3", "Goesan", korean: "괴산"), place("4", "Gangneung", korean: "강릉"),
        place("5", "Dalgyal", korean: "달걀"),
    ])
    for query in ["고", "과", "괴", "가", "강", "닭", "달", "ㄱ"] {
        #expect(catalog.search(query) == catalog.searchByScanning(query), "\(query)")
    }
    #expect(Set(catalog.search("고").hits.map(\.place.placeID)) == ["1", "2", "3"])
    #expect(catalog.search("닭").hits.map(\.place.placeID) == ["5"])
}
