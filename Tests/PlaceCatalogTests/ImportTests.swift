import Foundation
import Testing

@testable import PlaceCatalog

let geoNamesRow = [
    "1835848", "Seoul", "Seoul", "Seul,경성,서울,서울특별시,Séoul", "37.566", "126.9784", "P", "PPLC", "KR", "", "11",
    "", "", "", "10349312", "", "38", "Asia/Seoul", "2024-01-01",
].joined(separator: "\t")

@Test func importsGeoNamesRows() throws {
    let places = try PlaceImporter.parse(
        Data((geoNamesRow + "\n").utf8), countries: ["KR": "South Korea"],
        regions: ["KR.11": "Seoul"])
    #expect(places.count == 1)
    #expect(places[0].placeID == "1835848")
    #expect(places[0].koreanName == "서울")
    #expect(places[0].alternateNames == ["Seul", "경성", "서울특별시", "Séoul"])
    #expect(places[0].address == "Seoul, South Korea")
    #expect(places[0].population == 10_349_312)
}

@Test func geoNamesAlternatesWithControlCharactersAreDroppedButNamesAreNot() throws {
    let dirty = geoNamesRow.replacingOccurrences(of: "Seul,", with: "Se\u{9F}ul,")
    let places = try PlaceImporter.parse(Data(dirty.utf8))
    #expect(places[0].alternateNames == ["경성", "서울특별시", "Séoul"])
    let badName = geoNamesRow.replacingOccurrences(of: "\tSeoul\tSeoul\t", with: "\tSe\u{1B}oul\tSeoul\t")
    #expect(throws: PlaceImporter.Rejection.self) { try PlaceImporter.parse(Data(badName.utf8)) }
}

@Test func importsCSVWithStableIDs() throws {
    let csv =
        "name,latitude,longitude,address\r\nCafé \"Tern\",37.5,127.0,\"Mapo-gu, Seoul\"\n\"My, "
        + "\"\"Home\"\"\",-33.9,151.2,\n"
    let first = try PlaceImporter.parse(Data(csv.utf8))
    let second = try PlaceImporter.parse(Data(csv.utf8))
    #expect(first.map(\.name) == ["Café \"Tern\"", "My, \"Home\""])
    #expect(first.map(\.address) == ["Mapo-gu, Seoul", ""])
    #expect(first.map(\.placeID) == second.map(\.placeID))
    #expect(first.allSatisfy { $0.placeID.hasPrefix("csv-") })
    #expect(Set(first.map(\.placeID)).count == 2)
    let reordered = try PlaceImporter.parse(Data("longitude,name,latitude\n127.0,Café \"Tern\",37.5\n".utf8))
    #expect(reordered[0].placeID == first[0].placeID)
}

@Test(arguments: [
    ("name,latitude,longitude\nA,1,2\nB,x,2\n", 3, "bad latitude"),
    ("name,latitude,longitude\nA,91,2\n", 2, "outside"),
    ("name,latitude,longitude\nA,1,-180.5\n", 2, "outside"),
    ("name,latitude,longitude\nA,1\n", 2, "expected 3 columns"),
    ("name,latitude,longitude\n\u{1B}[31mRed,1,2\n", 2, "control character"),
    ("name,latitude,longitude\nA\u{7},1,2\n", 2, "control character"),
    ("name,latitude,longitude\n,1,2\n", 2, "empty name"),
    ("name,latitude,longitude\n\"A,1,2\n", 2, "unterminated"),
    ("name,lat,lon\nA,1,2\n", 1, "header"),
    ("name,latitude,longitude\nA,nan,2\n", 2, "bad latitude"),
    ("", 1, "empty"),
    (geoNamesRow + "\n" + geoNamesRow.replacingOccurrences(of: "37.566", with: "north") + "\n", 2, "bad latitude"),
    (geoNamesRow + "\n" + geoNamesRow.replacingOccurrences(of: "\tAsia/Seoul", with: "") + "\n", 2, "19"),
    (geoNamesRow + "\n\n" + geoNamesRow + "\n", 2, "19"),
    (geoNamesRow.replacingOccurrences(of: "1835848", with: "12ab"), 1, "geonameid"),
    // One filter for every layer: marks, separators and isolates that validation refuses.
    ("name,latitude,longitude\nA\u{200E}B,1,2\n", 2, "U+200E"),
    ("name,latitude,longitude\nA\u{200F}B,1,2\n", 2, "U+200F"),
    ("name,latitude,longitude\nA\u{61C}B,1,2\n", 2, "U+061C"),
    ("name,latitude,longitude\nA\u{2028}B,1,2\n", 2, "U+2028"),
    ("name,latitude,longitude,address\nA,1,2,x\u{2029}\n", 2, "U+2029 in address"),
    (
        geoNamesRow.replacingOccurrences(of: "\tKR\t", with: "\tK\u{1B}[2J\t"), 1,
        "control character U+001B in country code"
    ),
    (geoNamesRow.replacingOccurrences(of: "\t11\t", with: "\t1\u{9B}1\t"), 1, "admin1 code"),
    ("name,latitude,longitude\n" + String(repeating: "가", count: 201) + ",1,2\n", 2, "name longer than 200 characters"),
])
func malformedFilesAreRejectedWithTheLine(content: String, line: Int, problem: String) {
    do {
        _ = try PlaceImporter.parse(Data(content.utf8))
        Issue.record("accepted a bad file")
    } catch let rejection as PlaceImporter.Rejection {
        #expect(rejection.line == line)
        #expect(rejection.problem.contains(problem), "\(rejection)")
    } catch {
        Issue.record("unexpected error \(error)")
    }
}

@Test func invalidUTF8IsRejectedWithTheLine() {
    var data = Data("name,latitude,longitude\nA,1,2\n".utf8)
    data.append(contentsOf: [0x42, 0xFF, 0xFE, 0x2C, 0x31, 0x2C, 0x32, 0x0A])
    #expect(throws: PlaceImporter.Rejection(line: 3, problem: "not valid UTF-8")) {
        try PlaceImporter.parse(data)
    }
}

/// Resources under `root` whose shipped catalog is one place, and a data directory beside them.
func oneShippedPlace(in root: String) throws -> (resources: String, data: String) {
    let resources = root + "/resources"
    try FileManager.default.createDirectory(atPath: resources + "/places", withIntermediateDirectories: true)
    try (CatalogFile.header + "\n" + "1\tShipped\t\tKR\t\t1\t2\t5\t\t\n").write(
        toFile: resources + "/places/places.tsv", atomically: true, encoding: .utf8)
    return (resources, root + "/data")
}

@Test func importPersistsMergesAndSurvivesARejectedFile() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-import-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let (resources, data) = try oneShippedPlace(in: root)
    let good = root + "/good.csv"
    let bad = root + "/bad.csv"
    try "name,latitude,longitude\nCorner Café,37.5,127\nHarbour,35.1,129.0\n".write(
        toFile: good, atomically: true, encoding: .utf8)
    try "name,latitude,longitude\nFine,1,2\nBroken,100,2\n".write(toFile: bad, atomically: true, encoding: .utf8)

    let first = try PlaceCatalog.importFile(path: good, resourcesDirectory: resources, dataDirectory: data)
    #expect(first == ImportSummary(added: 2, updated: 0, totalImported: 2))
    let again = try PlaceCatalog.importFile(path: good, resourcesDirectory: resources, dataDirectory: data)
    #expect(again == ImportSummary(added: 0, updated: 2, totalImported: 2))
    #expect(throws: PlaceImporter.Rejection.self) {
        try PlaceCatalog.importFile(path: bad, resourcesDirectory: resources, dataDirectory: data)
    }
    let catalog = try PlaceCatalog.load(resourcesDirectory: resources, dataDirectory: data)
    #expect(catalog.count == 3)
    #expect(catalog.search("cafe").hits.map(\.place.name) == ["Corner Café"])
    #expect(catalog.search("fine").totalCount == 0)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: data + "/places/imports")
    #expect(leftovers == ["places.tsv"])
}

@Test func catalogFileRoundTrips() throws {
    let places = [
        place("a", "Alpha", korean: "알파", alternates: ["Al|pha", "A"], population: 3, latitude: 1.5, longitude: -2.25),
        Place(placeID: "csv-1", name: "Home", latitude: 0, longitude: 0, explicitAddress: "1 Main St, Town"),
    ]
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tern-roundtrip-\(UUID().uuidString).tsv")
        .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try CatalogFile.text(for: places).write(toFile: path, atomically: true, encoding: .utf8)
    let read = try CatalogFile.read(path: path, countries: [:])
    #expect(read[0].alternateNames == ["Al pha", "A"])
    #expect(read[0].koreanName == "알파")
    #expect(read[0].latitude == 1.5 && read[0].longitude == -2.25)
    #expect(read[1].address == "1 Main St, Town")
}
