import Foundation
import Testing
@testable import PlaceCatalog

@Test func theShippedCatalogLoadsAndFindsKoreanCities() throws {
    let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources").path
    let catalog = try PlaceCatalog.load(resourcesDirectory: resources, dataDirectory: nil)
    #expect(catalog.count > 30_000)
    let seoul = try #require(catalog.place(id: "1835848"))
    #expect(seoul.koreanName == "서울")
    #expect(seoul.address == "Seoul, South Korea")
    #expect(catalog.search("서울").hits.first?.place.placeID == "1835848")
    #expect(catalog.search("seúl").hits.first?.place.placeID == "1835848")
    let initials = catalog.search("ㅅㅇ", limit: 200).hits.map { $0.place.koreanName }
    #expect(initials.contains("서울") && initials.contains("수원"))
    #expect(catalog.search("부산").hits.first?.place.name == "Busan")
    #expect(catalog.search("new york").hits.first?.place.name == "New York City")
}

@Test func theIndexAgreesWithAFullScanOnTheShippedCatalog() throws {
    let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources").path
    let catalog = try PlaceCatalog.load(resourcesDirectory: resources, dataDirectory: nil)
    for query in ["s", "sa", "seo", "new york", "서", "서우", "ㅅㅇ", "ㅂ산", "닭", "zzqx", "são"] {
        let indexed = catalog.search(query, limit: 30), scanned = catalog.searchByScanning(query, limit: 30)
        #expect(indexed.totalCount == scanned.totalCount, "\(query)")
        #expect(indexed.hits.map(\.place.placeID) == scanned.hits.map(\.place.placeID), "\(query)")
    }
}

@Test func theNamesCacheIsUsedOnlyWhenItFits() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-cache-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let resources = root + "/resources", cache = root + "/cache"
    try FileManager.default.createDirectory(atPath: resources + "/places", withIntermediateDirectories: true)
    let file = resources + "/places/places.tsv"
    try (CatalogFile.header + "\n1\tSeoul\t서울\tKR\t\t37.5\t127\t10\t\tSeúl\n2\tBusan\t부산\tKR\t\t35\t129\t5\t\t\n")
        .write(toFile: file, atomically: true, encoding: .utf8)
    let first = try PlaceCatalog.load(resourcesDirectory: resources, dataDirectory: nil, cacheDirectory: cache)
    #expect(FileManager.default.fileExists(atPath: cache + "/names.bin"))
    let second = try PlaceCatalog.load(resourcesDirectory: resources, dataDirectory: nil, cacheDirectory: cache)
    #expect(second.search("seul") == first.search("seul"))
    #expect(second.index.normalizedNames == first.index.normalizedNames)

    // A changed catalog (new signature) and a corrupt cache are both rebuilt, never trusted.
    try (CatalogFile.header + "\n3\tDaegu\t대구\tKR\t\t35.8\t128.6\t7\t\t\n").write(toFile: file, atomically: true, encoding: .utf8)
    #expect(try PlaceCatalog.load(resourcesDirectory: resources, dataDirectory: nil, cacheDirectory: cache).search("대구").totalCount == 1)
    try Data("TERNNM01garbage".utf8).write(to: URL(fileURLWithPath: cache + "/names.bin"))
    #expect(try PlaceCatalog.load(resourcesDirectory: resources, dataDirectory: nil, cacheDirectory: cache).search("ㄷㄱ").totalCount == 1)
    let names = NormalizedNames(units: [1, 2], nameStart: [0, 2], placeNameStart: [0, 1])
    #expect(!names.fits([place("x", "X", korean: "엑스")]))
    #expect(names.fits([place("x", "X")]))
}
