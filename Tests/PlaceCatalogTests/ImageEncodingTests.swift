import Foundation
import Testing

@testable import PlaceCatalog

/// Damage that the block checksums cannot see (an image written wrongly, its checksums made to
/// fit): the decoder's own checks find it in the encoded posting lists and string offsets, and
/// the catalog answers from a rebuild, never from the bad bytes and never by crashing.
struct ImageEncodingDamageTests {
    static let places = [
        place("1", "Seoul", korean: "서울", alternates: ["Seúl", "Sŏul"]), place("2", "Busan", korean: "부산"),
        place("3", "New York City", alternates: ["New York"]), place("4", "Suwon", korean: "수원"),
        place("5", "Gutthiuda", alternates: ["𐌲𐌿𐍄𐌸𐌹𐌿𐌳𐌰"]),
    ]
    let catalog = PlaceCatalog(places: ImageEncodingDamageTests.places)

    /// The image of `places` with `change` applied to its bytes at the file offset of an address
    /// in the mapped image, then every checksum recomputed, opened as a catalog that rebuilds.
    func damaged(at address: (CatalogImage) -> UnsafeRawPointer, _ change: (inout UInt8) -> Void) throws -> (
        PlaceCatalog, CatalogImage
    ) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-encoding-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/catalog.bin"
        CatalogImage.write(catalog.index, signature: "sig", path: path)
        let clean = try #require(CatalogImage.open(path: path, signature: "sig"))
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let offset = clean.offset(of: address(clean))
        change(&bytes[offset])
        // Re-sign the block holding the byte (its sum in the block table).
        let bodyStart = clean.bodyStart
        let block = (offset - bodyStart) >> BlockVerifier.blockShift
        let lower = bodyStart + block * BlockVerifier.blockSize
        let upper = min(bytes.count, lower + BlockVerifier.blockSize)
        bytes.withUnsafeMutableBytes { raw in
            let sum = BlockVerifier.sum(UnsafeRawBufferPointer(rebasing: raw[lower..<upper]))
            raw.storeBytes(of: sum.littleEndian, toByteOffset: BlockVerifier.sumOffset(block), as: UInt32.self)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let image = try #require(
            CatalogImage.open(path: path, signature: "sig"), "the re-signed image was refused at open")
        let places = ImageEncodingDamageTests.places
        return (PlaceCatalog(image: image, rebuild: { PlaceCatalog(places: places).index }), image)
    }

    /// The last byte of `key`'s posting list.
    static func lastByte(of key: UInt64, _ image: CatalogImage) -> UnsafeRawPointer {
        let id = Int(image.arrays.keys.find(key)!)
        return UnsafeRawPointer(image.arrays.postings.base + Int(image.arrays.postingStart[id + 1]) - 1)
    }

    @Test func aPostingListWhoseLastVarintRunsPastItsEndIsDamage() throws {
        let (mapped, image) = try damaged(at: {
            ImageEncodingDamageTests.lastByte(of: UInt64(UnicodeScalar("s").value), $0)
        }) { $0 |= 0x80 }
        #expect(!image.isDamaged)
        #expect(mapped.search("s") == catalog.search("s"))
        #expect(image.isDamaged)
    }

    @Test func aPairListEntryPastTheLastPlaceIsDamage() throws {
        // `yo` lists New York's place: its first varint, made to run on into the next, gives a
        // place id past the last place.
        let key = PlaceIndex.pairKey(UnicodeScalar("y").value, UnicodeScalar("o").value)
        let (mapped, image) = try damaged(at: { image in
            let id = Int(image.arrays.keys.find(key)!)
            return UnsafeRawPointer(image.arrays.postings.base + Int(image.arrays.postingStart[id]))
        }) { $0 = 0xFF }
        #expect(mapped.search("yo") == catalog.search("yo"))
        #expect(image.isDamaged)
    }

    @Test func aTrigramListRunningPastItsEndIsDamage() throws {
        let trigram = Trigrams.id(Trigrams.code(0x6E), Trigrams.code(0x65), Trigrams.code(0x77))  // "new"
        let (mapped, image) = try damaged(at: { image in
            UnsafeRawPointer(image.arrays.trigramPostings.base + Int(image.arrays.trigramStart[trigram + 1]) - 1)
        }) { $0 |= 0x80 }
        #expect(mapped.search("new") == catalog.search("new"))
        #expect(mapped.search("newyork") == catalog.search("newyork"))
        #expect(image.isDamaged)
    }

    @Test func anAstralEscapePastItsTableIsDamage() throws {
        // 𐌲 (past 16 bits) is stored as an escape into the astral table: made to point past it.
        let (mapped, image) = try damaged(at: { image in
            image.arrays.units.address(image.arrays.units.all.firstIndex(of: 0x10332)!)
        }) { $0 = 0xFF }
        #expect(mapped.search("𐌲𐌿") == catalog.search("𐌲𐌿"))
        #expect(mapped.search("𐌲𐌿").totalCount == 1)
        #expect(image.isDamaged)
    }

    @Test func aStringEndBeforeItsStartIsDamage() throws {
        // The first place's id ends where its name starts: moved past the name's end, the name's
        // offsets run backwards, and reading the place finds it.
        let (mapped, image) = try damaged(at: { UnsafeRawPointer($0.stringEnds.base + 1) }) { $0 = 0xFF }
        #expect(mapped.places == catalog.places)
        #expect(mapped.search("seoul") == catalog.search("seoul"))
        #expect(image.isDamaged)
    }
}

/// Units are stored narrow, the few past 16 bits through the astral table, and all 32 bits
/// when there are too many of those: each way the image answers like the built catalog.
@Test func imagesStoreUnitsNarrowWithAstralEscapesOrWide() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-units-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let latin = [place("1", "Seoul", korean: "서울"), place("2", "Busan", korean: "부산")]
    let gothic = latin + [place("3", "𐌰𐌱 Village", alternates: ["𐌰"])]
    let many = String(
        String.UnicodeScalarView((0x20000..<0x20000 + UInt32(NameUnits.astralLimit) + 1).compactMap(UnicodeScalar.init))
    )
    let crowded = gothic + [place("4", many)]
    for (places, narrow, astral) in [(latin, true, 0), (gothic, true, 2), (crowded, false, 0)] {
        let built = PlaceCatalog(places: places)
        CatalogImage.write(built.index, signature: "sig", path: root + "/catalog.bin")
        let image = try #require(CatalogImage.open(path: root + "/catalog.bin", signature: "sig"))
        #expect(image.arrays.units.isNarrow == narrow && image.arrays.units.astral.count == astral)
        let mapped = PlaceCatalog(image: image)
        for query in ["seo", "서울", "ㅂㅅ", "𐌰", "𐌱 vil", "village", "𠀁𠀂", "zz"] {
            #expect(mapped.search(query) == built.search(query), "\(query)")
        }
        #expect(mapped.index.normalizedNames == built.index.normalizedNames)
        #expect(!image.isDamaged)
    }
}
