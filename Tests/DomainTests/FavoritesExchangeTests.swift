import DocStore
import Foundation
import PlaceCatalog
import Testing

@testable import Domain

@Suite struct KoreanCollationTests {
    @Test(arguments: [
        (["하늘", "가게", "나무", "다리", "까치", "거리"], ["가게", "거리", "까치", "나무", "다리", "하늘"]),
        (["Seoul", "서울", "busan", "부산", "Árbol", "apple"], ["부산", "서울", "apple", "Árbol", "busan", "Seoul"]),
        (["각", "가", "ㄱ", "갃", "ㄴ"], ["ㄱ", "가", "각", "갃", "ㄴ"]),
        (["2번 출구", "서울역", "1호선"], ["서울역", "1호선", "2번 출구"]),
    ])
    func hangulInDictionaryOrderThenLatinThenDigits(input: [String], expected: [String]) {
        #expect(input.sorted(by: KoreanCollation.precedes) == expected)
    }
}

@Suite struct CSVTextTests {
    @Test func quotesCommasQuotesAndNewlinesAndReadsThemBack() throws {
        let fields = ["제주, 성산", "say \"hi\"", "line one\nline two", "plain", ""]
        let text = CSVText.line(["A", "B", "C", "D", "E"]) + CSVText.line(fields)
        #expect(text == "A,B,C,D,E\r\n\"제주, 성산\",\"say \"\"hi\"\"\",\"line one\nline two\",plain,\r\n")
        let records = try CSVText.records(text)
        #expect(records.map(\.fields) == [["A", "B", "C", "D", "E"], fields])
        #expect(records.map(\.line) == [1, 2])
    }

    @Test func anOpenQuoteNamesTheLineOfItsRecord() {
        #expect(throws: FavoritesError.badImportRow(line: 4, reason: "a quoted field is not closed")) {
            try CSVText.records("a,b\n1,\"x\ny\"\n\"open,2\n")
        }
    }
}

@Suite struct FavoritesExchangeTests {
    let fixture = ServiceFixture()

    func signedIn(_ name: String = "x", email: String = "exchange@example.com") throws -> (AppServices, Session) {
        let services = try fixture.open(session: name)
        return (services, try services.registered(email))
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(TernTime.iso8601(date))
        }
        return encoder
    }()

    /// A folder with a memo holding a comma, a quote and a line break.
    func tripFolder(_ services: AppServices, _ session: Session) throws -> FavoriteFolder {
        let trip = try services.favorites.createFolder(
            name: "제주 여행", color: .orange, visibility: .shared, session: session)
        try services.favorites.add(
            placeID: "1846266", from: FolderTestDirectory(), folderID: trip.id,
            memo: "일출 명소, 07:37\n\"성산\"", session: session)
        Thread.sleep(forTimeInterval: 0.002)
        try services.favorites.add(placeID: "1838524", from: FolderTestDirectory(), folderID: trip.id, session: session)
        try services.favorites.add(placeID: "1835848", from: FolderTestDirectory(), session: session)
        return trip
    }

    func export(_ services: AppServices, _ session: Session, _ folder: FavoriteFolder?, _ format: FavoritesFormat)
        throws -> String
    {
        try FavoritesExport.text(
            try services.favorites.snapshot(session: session), folder: folder, format: format,
            home: seoulCityHall, encoder: Self.encoder)
    }

    @Test func csvExportIsTheKakaoShapeAndImportsIntoANewStore() throws {
        let (services, session) = try signedIn()
        let trip = try tripFolder(services, session)
        let csv = try export(services, session, trip, .csv)
        #expect(
            csv == "Name,Address,Latitude,Longitude,Description,URL,Category,Road Address,Phone\r\n"
                + "Busan,\"Busan, South Korea\",35.1028,129.0403,,https://www.geonames.org/1838524,,,\r\n"
                + "제주,\"Jeju, South Korea\",33.5097,126.5219,\"일출 명소, "
                + "07:37\n\"\"성산\"\"\",https://www.geonames.org/1846266,,,\r\n"
        )

        let other = ServiceFixture()
        let fresh = try other.open()
        let newcomer = try fresh.registered("new@example.com")
        let report = try fresh.favorites.importFavorites(
            try FavoritesImportFile.read(csv), into: "제주 여행", session: newcomer)
        #expect(report.added == 2 && report.matched == 0 && report.skipped == 0 && report.createdFolders == ["제주 여행"])
        let snapshot = try fresh.favorites.snapshot(session: newcomer)
        let folder = try snapshot.requireFolder(named: "제주 여행")
        #expect(snapshot.places(in: folder, home: seoulCityHall).map(\.placeName) == ["Busan", "제주"])
        #expect(snapshot.favorite(placeID: "1846266")?.memo == "일출 명소, 07:37\n\"성산\"")
        // The same file again duplicates nothing.
        let again = try fresh.favorites.importFavorites(
            try FavoritesImportFile.read(csv), into: "제주 여행", session: newcomer)
        #expect(again.added == 0 && again.matched == 0 && again.skipped == 2)
    }

    @Test func jsonExportRoundTripsFoldersMemosColoursAndTimes() throws {
        let (services, session) = try signedIn()
        let trip = try tripFolder(services, session)
        try services.favorites.setColor(placeID: "1846266", color: .red, session: session)
        let json = try export(services, session, trip, .json)
        let original = try services.favorites.snapshot(session: session)

        let fresh = try ServiceFixture().open()
        let newcomer = try fresh.registered("new@example.com")
        let report = try fresh.favorites.importFavorites(
            try FavoritesImportFile.read(json), into: nil, session: newcomer)
        #expect(report.added == 2 && report.createdFolders == ["제주 여행"])
        let copy = try fresh.favorites.snapshot(session: newcomer)
        let folder = try copy.requireFolder(named: "제주 여행")
        #expect(folder.color == .orange && folder.visibility == .shared)
        let originalPlaces = original.places(in: trip, home: seoulCityHall)
        let copiedPlaces = copy.places(in: folder, home: seoulCityHall)
        #expect(copiedPlaces.map(\.placeID) == originalPlaces.map(\.placeID))
        #expect(copiedPlaces.map(\.memo) == originalPlaces.map(\.memo))
        #expect(copiedPlaces.map(\.color) == [nil, .red])
        #expect(zip(copiedPlaces, originalPlaces).allSatisfy { abs($0.savedAt.timeIntervalSince($1.savedAt)) < 0.001 })
    }

    @Test func geoJSONIsAFeatureCollectionOfPointsThatImportsBack() throws {
        let (services, session) = try signedIn()
        let trip = try tripFolder(services, session)
        let text = try export(services, session, trip, .geojson)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["type"] as? String == "FeatureCollection")
        let features = try #require(object["features"] as? [[String: Any]])
        let geometry = try #require(features.last?["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "Point")
        #expect(geometry["coordinates"] as? [Double] == [126.5219, 33.5097])
        let properties = try #require(features.last?["properties"] as? [String: Any])
        #expect(properties["Name"] as? String == "제주")
        #expect(properties["Description"] as? String == "일출 명소, 07:37\n\"성산\"")

        // Into the same account's other folder: both places match the saved ones.
        let food = try services.favorites.createFolder(name: "Food", session: session)
        let report = try services.favorites.importFavorites(
            try FavoritesImportFile.read(text), into: food.name, session: session)
        #expect(report.added == 0 && report.matched == 2 && report.skipped == 0)
        #expect(try services.favorites.snapshot(session: session).count(in: food) == 2)
    }

    @Test func anImportWithABadRowWritesNothingAndNamesItsLine() throws {
        let (services, session) = try signedIn()
        let before = try services.favorites.snapshot(session: session)
        let cases: [(String, Int)] = [
            ("Name,Address,Latitude,Longitude,Description,URL\nA,,37.5,127.0,,\n\"B\nb\",,37.5,200,,\n", 3),
            ("Name,Address,Latitude,Longitude,Description,URL\nA,,37.5,127.0,,\nB,,north,127.0,,\n", 3),
            ("Name,Address,Latitude,Longitude,Description,URL\nA,,37.5,127.0\n", 2),
            ("Name,Latitude\nA,37.5\n", 1),
            ("Name,Address,Latitude,Longitude,Description,URL\n,,37.5,127.0,,\n", 2),
            (
                "Name,Address,Latitude,Longitude,Description,URL\n"
                    + "A,,37.5,127.0,\(String(repeating: "m", count: 201)),\n",
                2
            ),
            (
                "{\n \"favorites\": [\n  {\"placeName\": \"A\", \"coordinate\": {\"latitude\": 1, \"longitude\": "
                    + "2}},\n  {\"placeName\": \"B\"}\n ]\n}\n",
                4
            ),
            (
                "{\"type\": \"FeatureCollection\", \"features\": [\n{\"type\": \"Feature\", \"geometry\": "
                    + "{\"type\": \"Point\", \"coordinates\": [2, 1]}, \"properties\": {\"Name\": "
                    + "\"A\"}},\n{\"type\": \"Feature\", \"geometry\": {\"type\": \"Point\", \"coordinates\": [2, "
                    + "1]}, \"properties\": {}}\n]}\n",
                3
            ),
            (
                "[\n{\"placeName\": \"A\",\n \"coordinate\": {\"latitude\": 1, \"longitude\": 2},\n \"color\": "
                    + "\"plaid\"}]",
                2
            ),
            ("{\"favorites\": [\n{\"placeName\": \"A\" \"x\"}]}", 2),
        ]
        for (text, line) in cases {
            var failedLine: Int?
            do {
                _ = try services.favorites.importFavorites(
                    try FavoritesImportFile.read(text), into: "New", session: session)
            } catch FavoritesError.badImportRow(let at, _) {
                failedLine = at
            }
            #expect(failedLine == line, "\(text)")
        }
        #expect(try services.favorites.snapshot(session: session) == before)
    }

    @Test func rowsMatchSavedPlacesByIdOrByNameWithinFiftyMetres() throws {
        let (services, session) = try signedIn()
        try services.favorites.add(placeID: "1835848", from: FolderTestDirectory(), session: session)
        // 37.566 + 0.0004° of latitude is about 44 m north; 0.0006° about 67 m.
        let csv = """
            Name,Address,Latitude,Longitude,Description,URL
            SEOUL,,37.5664,126.9784,near,
            Seoul,,37.5666,126.9784,far,
            Elsewhere,,10,10,,https://www.geonames.org/1835848
            Seoul,,37.5664,126.9784,again in the file,

            """
        let report = try services.favorites.importFavorites(
            try FavoritesImportFile.read(csv), into: "Walks", session: session)
        #expect(report.added == 1 && report.matched == 1 && report.skipped == 2)
        let snapshot = try services.favorites.snapshot(session: session)
        #expect(snapshot.favorites.count == 2)
        let walks = try snapshot.requireFolder(named: "walks")
        #expect(Set(snapshot.places(in: walks, home: seoulCityHall).map(\.memo)) == ["far", "near"])
    }
}
