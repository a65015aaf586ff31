import Foundation
import Synchronization
import Testing

@testable import PlaceCatalog

/// The catalog loaded from images is two parts: the shipped catalog's image, read where it
/// is prepared, and the imports' own. They answer as one catalog built from both files does,
/// an import writes only its own image, and a stopped import leaves everything as it was.
@Suite struct SplitCatalogTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-split-\(UUID().uuidString)").path
    var resources: String { root + "/resources" }
    var data: String { root + "/data" }
    var cache: String { data + "/places/cache" }
    var prepared: String { PlaceCatalog.preparedImage(shippedDirectory: resources + "/places") }

    /// Shipped: Seoul, Busan, Suwon and a small Seoulville; the prepared image made beside them.
    init() throws {
        try FileManager.default.createDirectory(atPath: resources + "/places", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try
            (CatalogFile.header + "\n"
            + "1\tSeoul\t서울\tKR\t\t37.56\t126.97\t10000\t\tSeúl|Sŏul\n"
            + "2\tBusan\t부산\tKR\t\t35.1\t129.0\t3000\t\tPusan\n"
            + "3\tSuwon\t수원\tKR\t\t37.26\t127.02\t1000\t\t\n"
            + "4\tSeoulville\t\tUS\t\t40.0\t-75.0\t10\t\t\n")
            .write(toFile: resources + "/places/places.tsv", atomically: true, encoding: .utf8)
        let scratch = root + "/prepare"
        _ = try PlaceCatalog.load(resourcesDirectory: resources, dataDirectory: nil, cacheDirectory: scratch)
        try FileManager.default.moveItem(atPath: scratch + "/catalog.bin", toPath: prepared)
    }

    /// Imports: two new cafés (one of the same population as a shipped city, so ties meet
    /// across the parts), a station, and Busan again under its GeoNames id (it replaces the
    /// shipped row).
    func importPlaces(stop: (@Sendable () -> Bool)? = nil, progress: ((ImportProgress) -> Void)? = nil) throws
        -> ImportSummary
    {
        let file = root + "/places.txt"
        func row(_ id: String, _ name: String, _ alternates: String, _ lat: String, _ lon: String, _ population: String)
            -> String
        {
            [
                id, name, name, alternates, lat, lon, "P", "PPL", "KR", "", "", "", "", "", population, "", "",
                "Asia/Seoul",
                "2024-01-01",
            ].joined(separator: "\t")
        }
        try [
            row("2", "Busan", "부산,Pusan,Busan City", "35.1", "129.0", "3500"),
            row("901", "Seoul Cafe", "서울 카페", "37.57", "126.98", "1000"),
            row("902", "Seongsu Cafe", "성수 카페", "37.54", "127.05", "0"),
            row("903", "Suwon Station", "수원역", "37.266", "127.0", "10000"),
        ].joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let body = {
            try PlaceCatalog.importFile(
                path: file, resourcesDirectory: resources, dataDirectory: data, cacheDirectory: cache,
                progress: progress)
        }
        if let stop { return try Interrupts.$stop.withValue(stop) { try body() } }
        return try body()
    }

    func split() throws -> PlaceCatalog {
        try PlaceCatalog.load(resourcesDirectory: resources, dataDirectory: data, cacheDirectory: cache)
    }

    /// The same catalog built in memory from both files, as one index.
    func combined() throws -> PlaceCatalog {
        try PlaceCatalog.load(resourcesDirectory: resources, dataDirectory: data)
    }

    func fingerprint(_ path: String) throws -> (Data, Date?) {
        (
            try Data(contentsOf: URL(fileURLWithPath: path)),
            try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        )
    }

    static let queries = ["", "s", "se", "seoul", "서울", "ㅅㅇ", "서우", "cafe", "카페", "수원", "busan", "pusan", "zzqx"]

    @Test func theShippedAndImportedImagesAnswerAsOneCatalog() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let before = try fingerprint(prepared)
        #expect(try importPlaces() == ImportSummary(added: 4, updated: 0, totalImported: 4))
        #expect(FileManager.default.fileExists(atPath: cache + "/imports.bin"))
        #expect(!FileManager.default.fileExists(atPath: cache + "/catalog.bin"), "the shipped image was rebuilt")
        let after = try fingerprint(prepared)
        #expect(after.0 == before.0 && after.1 == before.1, "the prepared image was rewritten")

        let split = try split()
        let combined = try combined()
        #expect(split.count == 7 && combined.count == 7)
        #expect(split.places == combined.places)
        #expect(split.place(id: "2")?.population == 3500, "the import replaces the shipped Busan")
        #expect(split.place(id: "1")?.name == "Seoul" && split.place(id: "903")?.name == "Suwon Station")
        let near = Coordinate(latitude: 37.5, longitude: 127.0)
        for query in Self.queries {
            for limit in [1, 2, 50] {
                #expect(split.search(query, limit: limit) == combined.search(query, limit: limit), "\(query) \(limit)")
                #expect(
                    split.search(query, limit: limit, order: .distance(from: near))
                        == combined.search(query, limit: limit, order: .distance(from: near)), "\(query) \(limit)")
            }
            #expect(split.searchByScanning(query) == combined.searchByScanning(query), "\(query)")
            #expect(split.search(query, limit: 50) == split.searchByScanning(query, limit: 50), "\(query)")
            for order in [SearchOrder.relevance, .distance(from: near)] {
                let (a, b) = (split.ranking(query, order: order), combined.ranking(query, order: order))
                #expect(a.totalCount == b.totalCount && a.hits(0..<50) == b.hits(0..<50), "\(query)")
            }
        }
        #expect(split.search("busan").totalCount == 1, "the replaced shipped Busan still answers")
        #expect(split.search("ㅅㅇ").hits.first?.place.placeID == "1")
    }

    @Test func aRemovedImportLeavesTheShippedCatalog() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try importPlaces()
        #expect(try split().count == 7)
        try FileManager.default.removeItem(atPath: PlaceCatalog.importsFile(dataDirectory: data))
        let shipped = try split()
        #expect(shipped.count == 4)
        #expect(shipped.place(id: "2")?.population == 3000 && shipped.place(id: "901") == nil)
        #expect(shipped.search("cafe").totalCount == 0 && shipped.search("seoul").totalCount == 2)
    }

    @Test func aDamagedImportsImageIsRebuiltAndADamagedImportsFileIsRefusedSayingWhere() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try importPlaces()
        let image = cache + "/imports.bin"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: image))
        // Past the header, so only the reads find it (as a failing disk would leave it).
        for offset in stride(from: bytes.count / 2, to: bytes.count, by: 16) { bytes[offset] ^= 0x5A }
        try bytes.write(to: URL(fileURLWithPath: image))
        let healed = try split()
        let combined = try combined()
        for query in Self.queries { #expect(healed.search(query) == combined.search(query), "\(query)") }
        #expect(try Data(contentsOf: URL(fileURLWithPath: image)) != bytes, "the repair was not written")
        try "garbage".write(toFile: cache + "/imports.hidden", atomically: true, encoding: .utf8)
        #expect(try split().place(id: "2")?.population == 3500)

        let imports = PlaceCatalog.importsFile(dataDirectory: data)
        try (String(contentsOfFile: imports, encoding: .utf8) + "broken line\n").write(
            toFile: imports, atomically: true, encoding: .utf8)
        let error = #expect(throws: CatalogFile.FormatError.self) { try split() }
        #expect(error?.description == "\(imports):6: malformed catalog line")
    }

    /// Ctrl-C while reading or while building the image: `ImportInterrupted`, and the imports
    /// file, the imports' image and the cache folder exactly as before.
    @Test(arguments: [false, true]) func aStoppedImportLeavesTheCatalogAsItWas(whileBuilding: Bool) throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let imports = PlaceCatalog.importsFile(dataDirectory: data)
        try FileManager.default.createDirectory(atPath: data + "/places/imports", withIntermediateDirectories: true)
        try (CatalogFile.header + "\n7\tIncheon\t인천\tKR\t\t37.45\t126.7\t2000\t\t\n").write(
            toFile: imports, atomically: true, encoding: .utf8)
        let first = try split()
        let files = try FileManager.default.contentsOfDirectory(atPath: cache).sorted()
        let image = try fingerprint(cache + "/imports.bin")
        let text = try String(contentsOfFile: imports, encoding: .utf8)
        let keys = Keys()
        #expect(throws: ImportInterrupted.self) {
            try importPlaces(stop: { keys.pressed.load(ordering: .relaxed) }) { progress in
                keys.phases.withLock { $0.append(progress.building) }
                if progress.building == whileBuilding { keys.pressed.store(true, ordering: .relaxed) }
            }
        }
        #expect(keys.phases.withLock { $0.contains(whileBuilding) })
        #expect(try String(contentsOfFile: imports, encoding: .utf8) == text)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache).sorted() == files)
        #expect(try FileManager.default.contentsOfDirectory(atPath: data + "/places/imports") == ["places.tsv"])
        let kept = try fingerprint(cache + "/imports.bin")
        #expect(kept.0 == image.0 && kept.1 == image.1)
        let again = try split()
        #expect(again.count == first.count && again.search("cafe").totalCount == 0)
        #expect(again.search("인천").hits.first?.place.placeID == "7")
    }

    /// Ctrl-C, pressed from the import's progress, and the phases the progress saw.
    final class Keys: Sendable {
        let pressed = Atomic<Bool>(false)
        let phases = Mutex<[Bool]>([])
    }
}
