import Foundation
import Testing

@testable import PlaceCatalog

#if canImport(Glibc)
    import Glibc
#endif

/// The image is mapped at a 2 MB address and written in chunks ending at 2 MB file offsets, so
/// the kernel can map its page cache a huge page per fault (a broad query over cities500 took
/// 983 page faults, now 361).
struct ImageMappingTests {
    @Test func aFileIsMappedWholeAtAHugePageAddress() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tern-map-\(UUID().uuidString)").path
        defer { unlink(path) }
        let bytes = (0..<(3 * CatalogImage.hugePage + 123)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let mapped = try #require(CatalogImage.mapAligned(descriptor, size: bytes.count))
        defer { munmap(mapped, bytes.count) }
        #expect(Int(bitPattern: mapped) % CatalogImage.hugePage == 0)
        #expect(Array(UnsafeRawBufferPointer(start: mapped, count: bytes.count)) == bytes)
    }

    @Test func theBodyStartsOnABlockSoChunksEndOnHugePages() {
        for bodySize in [1, 127, 128, 5_000, 3 * CatalogImage.hugePage + 17] {
            let start = BlockVerifier.bodyStart(bodySize)
            #expect(start % BlockVerifier.blockSize == 0)
            #expect(start >= CatalogImage.headerSize + BlockVerifier.blockCount(bodySize) * BlockVerifier.sumSize)
            // The first chunk's length is a whole number of blocks, so every later chunk starts
            // on a block and on a 2 MB file offset.
            #expect((CatalogImage.hugePage - start % CatalogImage.hugePage) % BlockVerifier.blockSize == 0)
        }
    }

    /// An image bigger than one chunk reads back the same through the map (the blocks' sums
    /// were computed chunk by chunk).
    @Test func anImageOfSeveralChunksOpensAndAnswersLikeTheBuiltCatalog() throws {
        let places = (0..<12_000).map { number in
            place(
                "p\(number)", "Place \(number) " + String(repeating: "x", count: number % 40),
                alternates: ["Alt\(number)", "Other name \(number)"])
        }
        let built = PlaceCatalog(places: places)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-chunks-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/catalog.bin"
        CatalogImage.write(built.index, signature: "sig", path: path)
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size > CatalogImage.hugePage)
        let image = try #require(CatalogImage.open(path: path, signature: "sig"))
        let mapped = PlaceCatalog(image: image)
        for query in ["place 1", "alt119", "other", "x"] {
            #expect(mapped.search(query) == built.search(query))
        }
        #expect(!image.isDamaged)
    }
}
