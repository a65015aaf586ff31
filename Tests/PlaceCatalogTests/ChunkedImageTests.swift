import Foundation
import Synchronization
import Testing

@testable import PlaceCatalog

/// The imports' image built a chunk of places at a time from the imports file is the image of
/// the same places indexed in memory, byte for byte (so every search answers exactly as
/// before), while the build holds one chunk's places at a time, never all of them.
@Suite struct ChunkedImageTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-chunked-\(UUID().uuidString)").path

    /// Places that exercise the ordering and every section: population ties broken by id (ids
    /// alike in their first 24 bytes too), Hangul, an astral alternate, an address and a
    /// category, a place without a Korean name, and an id that comes again (the later wins).
    static let places: [Place] = [
        place("10", "Seoul", korean: "서울", alternates: ["Seúl", "서울특별시"], population: 10_000_000),
        place("2", "Busan", korean: "부산", alternates: ["Pusan"], population: 3_300_000),
        place("11", "Suwon", korean: "수원", population: 1_200_000),
        place("osm:node/123456789012345678", "Seongsu Cafe", korean: "성수 카페", population: 0),
        place("osm:node/123456789012345677", "Seoul Forest Station", korean: "서울숲역", population: 0),
        place("csv-00ab", "Corner Café", population: 0),
        place("5", "Gutthiuda", alternates: ["𐌲𐌿𐍄𐌸𐌹𐌿𐌳𐌰"], population: 1_200_000),
        place("7", "New York City", korean: "뉴욕", alternates: ["New York", "NYC"], population: 8_800_000),
        Place(
            placeID: "8", name: "Mangwon Market", koreanName: "망원시장", countryName: "South Korea",
            latitude: 37.556, longitude: 126.905, explicitAddress: "Mangwon-dong, Mapo-gu", category: "MT1"),
        place("2", "Busan", korean: "부산", alternates: ["Pusan", "Busan City"], population: 3_500_000),
    ]

    func file(_ places: [Place]) throws -> String {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let path = root + "/places.tsv"
        try CatalogFile.text(for: places).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The chunked image of the file and the image `CatalogImage.write` makes of the file's
    /// places indexed in memory.
    func images(_ places: [Place], chunk: Int) throws -> (chunked: Data, memory: Data, report: ChunkedImage.Report) {
        let path = try file(places)
        let built = try ChunkedImage.write(
            file: path, signature: "sig", path: root + "/chunked.bin", shipped: nil, chunkPlaces: chunk)
        let index = PlaceCatalog(places: try CatalogFile.read(path: path, countries: [:])).index
        CatalogImage.write(index, signature: "sig", path: root + "/memory.bin")
        return (
            try Data(contentsOf: URL(fileURLWithPath: root + "/chunked.bin")),
            try Data(contentsOf: URL(fileURLWithPath: root + "/memory.bin")), built.report
        )
    }

    @Test(arguments: [1, 2, 3, 4, 1000]) func aChunkedImageIsTheImageOfThePlacesIndexedInMemory(chunk: Int) throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (chunked, memory, report) = try images(Self.places, chunk: chunk)
        #expect(chunked == memory)
        #expect(report.places == 9)
        #expect(report.chunks == (9 + chunk - 1) / chunk)
        #expect(report.mostPlacesHeld == min(chunk, 9))
        // Only the image is left: every section's temporary file is gone.
        let files = try FileManager.default.contentsOfDirectory(atPath: root).sorted()
        #expect(files == ["chunked.bin", "memory.bin", "places.tsv"])
        let image = try #require(CatalogImage.open(path: root + "/chunked.bin", signature: "sig"))
        let catalog = PlaceCatalog(image: image)
        let inMemory = PlaceCatalog(places: try CatalogFile.read(path: root + "/places.tsv", countries: [:]))
        for query in ["", "s", "se", "seoul", "서울", "ㅅㅇ", "서우", "cafe", "카페", "busan", "pusan", "𐌲𐌿", "zzqx"] {
            #expect(catalog.search(query) == inMemory.search(query), "\(query)")
        }
        #expect(catalog.place(id: "2")?.population == 3_500_000)
    }

    /// More units past 16 bits than a narrow image holds: both builds store the units 32-bit.
    @Test func aCatalogOfManyAstralUnitsIsStoredWideLikeTheImageInMemory() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let places = (0..<700).map { index -> Place in
            let name = String(
                String.UnicodeScalarView((0..<3).map { Unicode.Scalar(0x20000 + index * 3 + $0)! }))
            return place("\(index)", name, alternates: ["Han \(index)"], population: index % 7)
        }
        let (chunked, memory, _) = try images(places, chunk: 64)
        #expect(chunked == memory)
        let image = try #require(CatalogImage.open(path: root + "/chunked.bin", signature: "sig"))
        #expect(!image.arrays.units.isNarrow)
    }

    @Test func aMalformedLineIsRefusedSayingWhereAndLeavesNoFiles() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = try file(Self.places)
        try (String(contentsOfFile: path, encoding: .utf8) + "broken line\n").write(
            toFile: path, atomically: true, encoding: .utf8)
        let error = #expect(throws: CatalogFile.FormatError.self) {
            try ChunkedImage.write(file: path, signature: "sig", path: root + "/chunked.bin", shipped: nil)
        }
        #expect(error?.description == "\(path):12: malformed catalog line")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["places.tsv"])
    }

    /// An import of 9 places built 2 at a time: the build never held more than 2 places, and
    /// the catalog answers as the same places indexed in memory do.
    @Test func anImportHoldsOneChunkOfPlacesAtATime() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (resources, data) = try oneShippedPlace(in: root)
        let input = root + "/input.csv"
        let rows = (0..<9).map { "Cafe \($0),37.\($0),127.\($0)" }
        try ("name,latitude,longitude\n" + rows.joined(separator: "\n") + "\n").write(
            toFile: input, atomically: true, encoding: .utf8)
        let reports = Mutex<[ChunkedImage.Report]>([])
        let summary = try ChunkedImage.$reports.withValue({ report in reports.withLock { $0.append(report) } }) {
            try PlaceCatalog.importFile(
                path: input, resourcesDirectory: resources, dataDirectory: data,
                cacheDirectory: data + "/places/cache", chunkPlaces: 2)
        }
        #expect(summary == ImportSummary(added: 9, updated: 0, totalImported: 9))
        #expect(reports.withLock { $0 } == [ChunkedImage.Report(places: 9, chunks: 5, mostPlacesHeld: 2)])
        let split = try PlaceCatalog.load(
            resourcesDirectory: resources, dataDirectory: data, cacheDirectory: data + "/places/cache")
        let combined = try PlaceCatalog.load(resourcesDirectory: resources, dataDirectory: data)
        for query in ["", "c", "cafe", "cafe 3", "shipped", "zzqx"] {
            #expect(split.search(query) == combined.search(query), "\(query)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: data + "/places/imports") == ["places.tsv"])
        let again = try PlaceCatalog.importFile(
            path: input, resourcesDirectory: resources, dataDirectory: data, cacheDirectory: data + "/places/cache",
            chunkPlaces: 2)
        #expect(again == ImportSummary(added: 0, updated: 9, totalImported: 9))
    }
}
