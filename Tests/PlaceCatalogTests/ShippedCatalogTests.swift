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
    for query in [
        "s", "sa", "seo", "new york", "newyork", "yorkcity", "선전시", "ㅅㅈㅅ", "사가시", "wy", "ㅈㅅ", "서", "서우",
        "ㅅㅇ", "ㅂ산", "닭", "zzqx", "são", "seoul", "san", "ville",
        "los angeles", "rio de", "new yo", "a b", "ab c", "2nd", "city 1", "saint pe", "ㅅㅇㅅ", "sa서", "시", "성", "고", "과",
        "달",
    ] {
        let indexed = catalog.search(query, limit: 30)
        let scanned = catalog.searchByScanning(query, limit: 30)
        #expect(indexed.totalCount == scanned.totalCount, "\(query)")
        #expect(indexed.hits.map(\.place.placeID) == scanned.hits.map(\.place.placeID), "\(query)")
    }
}

@Test func theCatalogImageIsUsedOnlyWhenItFits() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-cache-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let resources = root + "/resources"
    let cache = root + "/cache"
    let image = cache + "/catalog.bin"
    try FileManager.default.createDirectory(atPath: resources + "/places", withIntermediateDirectories: true)
    let file = resources + "/places/places.tsv"
    try (CatalogFile.header + "\n1\tSeoul\t서울\tKR\t\t37.5\t127\t10\t\tSeúl\n2\tBusan\t부산\tKR\t\t35\t129\t5\t\t\n")
        .write(toFile: file, atomically: true, encoding: .utf8)
    let first = try PlaceCatalog.load(resourcesDirectory: resources, dataDirectory: nil, cacheDirectory: cache)
    #expect(FileManager.default.fileExists(atPath: image))
    let second = try PlaceCatalog.load(resourcesDirectory: resources, dataDirectory: nil, cacheDirectory: cache)
    if case .image = second.index.store {} else { Issue.record("the second load did not use the image") }
    #expect(second.search("seul") == first.search("seul"))
    #expect(second.places == first.places)
    #expect(second.index.normalizedNames == first.index.normalizedNames)

    // A changed catalog (new signature) and a corrupt cache are both rebuilt, never trusted.
    try (CatalogFile.header + "\n3\tDaegu\t대구\tKR\t\t35.8\t128.6\t7\t\t\n").write(
        toFile: file, atomically: true, encoding: .utf8)
    #expect(
        try PlaceCatalog.load(resourcesDirectory: resources, dataDirectory: nil, cacheDirectory: cache).search("대구")
            .totalCount == 1)
    try Data("TERNCAT5garbage".utf8).write(to: URL(fileURLWithPath: image))
    #expect(
        try PlaceCatalog.load(resourcesDirectory: resources, dataDirectory: nil, cacheDirectory: cache).search("ㄷㄱ")
            .totalCount == 1)
    let names = NormalizedNames(units: [1, 2], nameStart: [0, 2], placeNameStart: [0, 1])
    #expect(!names.fits([place("x", "X", korean: "엑스")]))
    #expect(names.fits([place("x", "X")]))
}

/// A damaged image (a flipped byte anywhere, a truncation, a stale signature) is refused at
/// open when the damage is in its header, and otherwise found where it is read: every answer
/// is the built catalog's, never one from the damaged bytes.
@Test func damagedCatalogImagesAreRefusedOrRepaired() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-image-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let path = root + "/catalog.bin"
    let places = [
        place("1", "Seoul", korean: "서울", alternates: ["Seúl", "Sŏul"]), place("2", "Busan", korean: "부산"),
        place("3", "New York City", alternates: ["New York"]),
    ]
    let catalog = PlaceCatalog(places: places)
    CatalogImage.write(catalog.index, signature: "sig", path: path)
    let good = try Data(contentsOf: URL(fileURLWithPath: path))
    let loaded = try #require(CatalogImage.open(path: path, signature: "sig"))
    #expect(PlaceCatalog(image: loaded).places == catalog.places)
    #expect(CatalogImage.open(path: path, signature: "other") == nil)
    for cut in [0, 7, 8, 50, good.count / 2, good.count - 1] {
        try good.prefix(cut).write(to: URL(fileURLWithPath: path))
        #expect(CatalogImage.open(path: path, signature: "sig") == nil, "truncated at \(cut)")
    }
    try (good + Data([0, 0, 0, 0, 0, 0, 0, 0])).write(to: URL(fileURLWithPath: path))
    #expect(CatalogImage.open(path: path, signature: "sig") == nil, "extended")
    let queries = ["", "s", "se", "seoul", "서울", "ㅅㅇ", "ㅂ산", "york", "newyork", "zzqx"]
    for offset in stride(from: 0, to: good.count, by: max(1, good.count / 97)) {
        var damaged = good
        damaged[offset] ^= 0x10
        try damaged.write(to: URL(fileURLWithPath: path))
        guard let image = CatalogImage.open(path: path, signature: "sig") else { continue }
        let mapped = PlaceCatalog(image: image, rebuild: { PlaceCatalog(places: places).index })
        for query in queries {
            #expect(mapped.search(query) == catalog.search(query), "byte \(offset) flipped, \(query)")
        }
        #expect(mapped.places == catalog.places, "byte \(offset) flipped")
        #expect(mapped.place(id: "1") == catalog.place(id: "1"), "byte \(offset) flipped")
    }
}

/// The shipped catalog built from its files, and its image written to a new cache directory
/// (which a load then prefers to an image prepared beside the resources); returns the built
/// catalog, the cache directory and the resources directory.
func shippedImage() throws -> (PlaceCatalog, String, String) {
    let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources").path
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("tern-blocks-\(UUID().uuidString)").path
    let built = try PlaceCatalog.load(resourcesDirectory: resources, dataDirectory: nil)
    let shipped = PlaceCatalog.shippedDirectory(resourcesDirectory: resources)
    try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
    CatalogImage.write(
        built.index, signature: ImageSignature.of([shipped + "/places.tsv", shipped + "/countries.tsv"]),
        path: cache + "/catalog.bin")
    return (built, cache, resources)
}

/// A normal start (open the image, one search, show its hits) checksums only the blocks it
/// reads: a bounded part of the file, not all of it.
@Test func aStartReadsABoundedPartOfTheImage() throws {
    let (_, cache, resources) = try shippedImage()
    defer { try? FileManager.default.removeItem(atPath: cache) }
    let size = try #require(FileManager.default.attributesOfItem(atPath: cache + "/catalog.bin")[.size] as? Int)
    for query in ["seoul", "서울", "ㅅㅇ", "s", "newyork"] {
        let catalog = try PlaceCatalog.load(resourcesDirectory: resources, dataDirectory: nil, cacheDirectory: cache)
        guard case .image(let image) = catalog.index.store else {
            Issue.record("the image was not used")
            return
        }
        #expect(!catalog.search(query, limit: 20).hits.isEmpty)
        #expect(
            image.verifier.bytesVerified * 20 < size,
            "\(query): \(image.verifier.bytesVerified) of \(size) bytes checked")
    }
}

/// Damage in a block only a rare query reads: common queries answer from the image untouched,
/// the rare one finds the damage, answers from a rebuild, and the image on disk is replaced.
@Test func damageInARarelyReadBlockIsFoundWhenRead() throws {
    try damageFoundWhenRead { image, address in image.offset(of: address) }
}

/// The same for damage in the table of block checksums, which a start does not read: the
/// damaged sum is that of the rarely read block, so it too is found only when that block is.
@Test func damageInARarelyReadBlocksChecksumIsFoundWhenRead() throws {
    try damageFoundWhenRead { image, address in
        BlockVerifier.sumOffset((image.offset(of: address) - image.bodyStart) >> BlockVerifier.blockShift) + 3
    }
}

/// Flips the byte at the file offset `damage` gives for the first unit of a place far down
/// the list (Zhytomyr), then checks that `seoul` answers untouched and `zhytomyr` finds it.
func damageFoundWhenRead(_ damage: (CatalogImage, UnsafeRawPointer) -> Int) throws {
    let (built, cache, resources) = try shippedImage()
    defer { try? FileManager.default.removeItem(atPath: cache) }
    let path = cache + "/catalog.bin"
    // The name of a place far down the list sits in a block `seoul` never reads: flip a byte there.
    let probe = try PlaceCatalog.load(resourcesDirectory: resources, dataDirectory: nil, cacheDirectory: cache)
    guard case .image(let image) = probe.index.store else {
        Issue.record("the image was not used")
        return
    }
    let target = try #require(probe.search("zhytomyr", limit: 1).hits.first?.place)
    let position = try #require((0..<probe.count).first { probe.index.place($0).placeID == target.placeID })
    let unitOffset = Int(probe.index.nameStart[Int(probe.index.placeNameStart[position])])
    let address = probe.index.units.address(unitOffset)
    let mapped = try Data(contentsOf: URL(fileURLWithPath: path))
    let fileOffset = damage(image, address)
    var damaged = mapped
    damaged[fileOffset] ^= 0x01
    try damaged.write(to: URL(fileURLWithPath: path + ".new"))
    rename(path + ".new", path)

    let catalog = try PlaceCatalog.load(resourcesDirectory: resources, dataDirectory: nil, cacheDirectory: cache)
    guard case .image(let opened) = catalog.index.store else {
        Issue.record("the damaged image was refused at open")
        return
    }
    #expect(catalog.search("seoul") == built.search("seoul"))
    #expect(!opened.isDamaged)
    #expect(catalog.search("zhytomyr") == built.search("zhytomyr"))
    #expect(opened.isDamaged)
    let repaired = try PlaceCatalog.load(resourcesDirectory: resources, dataDirectory: nil, cacheDirectory: cache)
    #expect(repaired.search("zhytomyr") == built.search("zhytomyr"))
    guard case .image(let fresh) = repaired.index.store else {
        Issue.record("the rebuilt image was not used")
        return
    }
    #expect(!fresh.isDamaged)
}

/// Searches on a loaded image answer exactly as on the catalog built from the same places.
@Test func theImageAnswersLikeTheBuiltCatalog() throws {
    let (built, cache, resources) = try shippedImage()
    defer { try? FileManager.default.removeItem(atPath: cache) }
    let mapped = try PlaceCatalog.load(
        resourcesDirectory: resources, dataDirectory: nil, indexed: false, cacheDirectory: cache)
    if case .image = mapped.index.store {} else { Issue.record("the second load did not use the image") }
    let near = SearchOrder.distance(from: Coordinate(latitude: 37.5, longitude: 127))
    for query in ["", "s", "sa", "seo", "seoul", "new york", "서", "서우", "ㅅㅇ", "ㅂ산", "닭", "zzqx", "são"] {
        #expect(mapped.search(query, limit: 40) == built.search(query, limit: 40), "\(query)")
        #expect(mapped.search(query, limit: 10, order: near) == built.search(query, limit: 10, order: near), "\(query)")
        #expect(mapped.searchByScanning(query, limit: 40) == built.search(query, limit: 40), "\(query)")
    }
    #expect(mapped.place(id: "1835848") == built.place(id: "1835848"))
    #expect(mapped.place(id: "nope") == nil)
    #expect(mapped.count == built.count)
}

/// A new data directory without imports reads the image prepared beside the shipped catalog
/// where it is, writing nothing; it is checked like any image (damage in it is found, and the
/// repair is written to the data directory and used from then on), and a prepared image of
/// other sources is never used.
@Test func aNewDataDirectoryReadsThePreparedImageInPlace() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-prepared-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let resources = root + "/resources"
    let shipped = resources + "/places"
    try FileManager.default.createDirectory(atPath: shipped, withIntermediateDirectories: true)
    let file = shipped + "/places.tsv"
    try (CatalogFile.header + "\n1\tSeoul\t서울\tKR\t\t37.5\t127\t10\t\tSeúl\n2\tBusan\t부산\tKR\t\t35\t129\t5\t\t\n")
        .write(toFile: file, atomically: true, encoding: .utf8)
    let built = try PlaceCatalog.load(
        resourcesDirectory: resources, dataDirectory: nil, cacheDirectory: root + "/first")
    let prepared = PlaceCatalog.preparedImage(shippedDirectory: shipped)
    var bytes = try Data(contentsOf: URL(fileURLWithPath: root + "/first/catalog.bin"))
    // Damage past the header, so only reading finds it: a build would never write these bytes.
    bytes[bytes.count - 3] ^= 0x40
    try bytes.write(to: URL(fileURLWithPath: prepared))

    let fresh = try PlaceCatalog.load(
        resourcesDirectory: resources, dataDirectory: nil, cacheDirectory: root + "/second")
    if case .image = fresh.index.store {} else { Issue.record("the prepared image was not used") }
    #expect(!FileManager.default.fileExists(atPath: root + "/second/catalog.bin"), "a new data directory wrote")
    for query in ["seoul", "서울", "ㅂ", "seul", "zzqx"] {
        #expect(fresh.search(query) == built.search(query), "\(query)")
    }
    #expect(fresh.places == built.places)
    #expect(FileManager.default.fileExists(atPath: root + "/second/catalog.bin"), "the repair was not kept")
    let repaired = try PlaceCatalog.load(
        resourcesDirectory: resources, dataDirectory: nil, cacheDirectory: root + "/second")
    #expect(repaired.places == built.places && !repaired.index.isDamaged)

    // Other sources: the prepared image does not fit, and the index is built from them.
    try (CatalogFile.header + "\n3\tDaegu\t대구\tKR\t\t35.8\t128.6\t7\t\t\n").write(
        toFile: file, atomically: true, encoding: .utf8)
    let changed = try PlaceCatalog.load(
        resourcesDirectory: resources, dataDirectory: nil, cacheDirectory: root + "/third")
    #expect(changed.search("대구").totalCount == 1 && changed.search("seoul").totalCount == 0)
}

/// Resources reached through a symbolic link key the same image as through their real path:
/// the image prepared through one is used through the other, not rebuilt.
@Test func anImagePreparedThroughOnePathFitsThroughALinkedOne() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-linked-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let resources = root + "/resources"
    let linked = root + "/linked"
    try FileManager.default.createDirectory(atPath: resources + "/places", withIntermediateDirectories: true)
    try (CatalogFile.header + "\n1\tSeoul\t서울\tKR\t\t37.5\t127\t10\t\tSeúl\n")
        .write(toFile: resources + "/places/places.tsv", atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: resources)
    _ = try PlaceCatalog.load(resourcesDirectory: resources, dataDirectory: nil, cacheDirectory: root + "/first")
    try FileManager.default.copyItem(
        atPath: root + "/first/catalog.bin", toPath: PlaceCatalog.preparedImage(shippedDirectory: resources + "/places")
    )
    let viaLink = try PlaceCatalog.load(
        resourcesDirectory: linked, dataDirectory: nil, cacheDirectory: root + "/second")
    if case .image = viaLink.index.store {} else { Issue.record("the prepared image was not used through the link") }
    #expect(!FileManager.default.fileExists(atPath: root + "/second/catalog.bin"))
    #expect(viaLink.search("seoul").totalCount == 1)
}
