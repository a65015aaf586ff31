import Foundation
import Testing

@testable import PlaceCatalog

/// `imports.hidden`, the shipped places an import replaces: what is written reads back, and a
/// file of another signature or damaged reads as missing, so the imports' image is rebuilt.
@Suite struct HiddenPlacesTests {
    func written(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "hidden-\(getpid())-\(UUID().uuidString)"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func theWrittenPositionsReadBack() throws {
        let positions: [Int32] = [0, 1, 7, 42, 234_907, Int32.max]
        let path = try written(HiddenPlaces.text(positions, signature: "sig"))
        defer { unlink(path) }
        #expect(HiddenPlaces.read(path, signature: "sig") == positions)
        let none = try written(HiddenPlaces.text([], signature: "sig"))
        defer { unlink(none) }
        #expect(HiddenPlaces.read(none, signature: "sig") == [])
    }

    @Test func anotherSignatureOrADamagedListReadsAsMissing() throws {
        let hash = PlaceImporter.stableHash("sig")
        for text in [
            HiddenPlaces.text([1, 2], signature: "other"), hash + "\n1\nx2\n", hash + "\n-1\n",
            hash + "\n99999999999\n", hash, "",
        ] {
            let path = try written(text)
            defer { unlink(path) }
            #expect(HiddenPlaces.read(path, signature: "sig") == nil, "\(text.debugDescription)")
        }
        #expect(HiddenPlaces.read("/nonexistent/imports.hidden", signature: "sig") == nil)
    }
}
