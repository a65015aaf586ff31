import Foundation

@testable import PlaceCatalog

/// A few places whose names the catalog harnesses build on.
let fuzzPlaces: [Place] = [
    Place(
        placeID: "1", name: "Seoul", koreanName: "서울", alternateNames: ["Seúl", "Sŏul"], latitude: 37.566,
        longitude: 126.978,
        population: 10_000_000),
    Place(placeID: "2", name: "Busan", koreanName: "부산", latitude: 35.1, longitude: 129.0, population: 3_000_000),
    Place(
        placeID: "3", name: "New York City", alternateNames: ["New York"], latitude: 40.7, longitude: -74.0,
        population: 8_000_000),
    Place(placeID: "4", name: "Gwacheon", koreanName: "과천", latitude: 37.4, longitude: 127.0, population: 70_000),
]

/// The catalog image reader: a damaged image (any bytes) is refused or, when it passes the
/// checks, answers searches without crashing.
enum CatalogImageHarness {
    static let scratch = FuzzScratch.directory + "/catalog-image.bin"

    static let harness = FuzzHarness(
        name: "catalog-image",
        seeds: {
            CatalogImage.write(PlaceCatalog(places: fuzzPlaces).index, signature: "fuzz", path: scratch)
            return [[UInt8](FileManager.default.contents(atPath: scratch) ?? Data())]
        }(),
        tokens: ["\u{0}\u{0}\u{0}\u{0}", "\u{FF}\u{FF}\u{FF}\u{7F}", "\u{1}\u{0}\u{0}\u{0}"]
    ) { bytes in
        _ = FileManager.default.createFile(atPath: scratch, contents: Data(bytes))
        guard let image = CatalogImage.open(path: scratch, signature: "fuzz") else { return }
        let catalog = PlaceCatalog(image: image)
        for query in ["s", "서", "ㅅ", "new york", ""] { _ = catalog.search(query) }
    }
}

/// The index and the scan agree: any catalog built from the input's names answers every
/// query from the input the same way both ways.
enum CatalogSearchHarness {
    static let harness = FuzzHarness(
        name: "catalog-search",
        textSeeds: ["Seoul|서울|Seúl\nBusan|부산\n?s\n?서우\n?ㅅ", "과천\n고양\n괴산\n?고\n?과", "New York City|New York\n?york"],
        tokens: hostileText + ["\n", "|", "\n?", "ㄱ", "고", "과", "york", " "]
    ) { bytes in
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var places: [Place] = []
        var queries: [String] = []
        for line in lines.prefix(64) {
            if line.hasPrefix("?") {
                queries.append(String(line.dropFirst()))
                continue
            }
            let names = line.split(separator: "|").map(String.init)
            guard let name = names.first else { continue }
            places.append(
                Place(
                    placeID: String(places.count), name: name, alternateNames: Array(names.dropFirst()),
                    latitude: Double(places.count % 90), longitude: Double(places.count % 180),
                    population: (places.count * 7_919) % 100_000))
        }
        let catalog = PlaceCatalog(places: places)
        // The same places as two parts (the shipped and an import, every third imported place
        // replacing a shipped one by id) answer as the one index does.
        let half = places.count / 2
        var imported = Array(places[half...])
        for index in imported.indices where index % 3 == 0 && index < half { imported[index].placeID = String(index) }
        let shipped = PlaceCatalog(places: Array(places[..<half])).index
        let built = ImportsImage.build(imported, shipped: shipped)
        let split = PlaceCatalog(parts: [
            PartHolder(IndexHolder(shipped, rebuild: nil), hidden: built.hidden, count: shipped.placeCount),
            PartHolder(IndexHolder(built.index, rebuild: nil)),
        ])
        let combined = PlaceCatalog(places: Array(places[..<half]) + imported)
        let near = Coordinate(latitude: 10, longitude: 20)
        for query in queries.prefix(8) + ["", "s"] {
            try require(
                catalog.search(query) == catalog.searchByScanning(query),
                "index and scan disagree on '\(query)' over \(places.count) places")
            for limit in [1, 3, 50] {
                try require(
                    split.search(query, limit: limit) == combined.search(query, limit: limit)
                        && split.search(query, limit: limit, order: .distance(from: near))
                            == combined.search(query, limit: limit, order: .distance(from: near)),
                    "two parts and one index disagree on '\(query)' over \(places.count) places")
            }
        }
    }
}
