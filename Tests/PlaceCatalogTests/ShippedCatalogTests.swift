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
