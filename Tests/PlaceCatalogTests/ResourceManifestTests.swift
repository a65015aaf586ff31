import Foundation
import Testing

@testable import PlaceCatalog

struct ResourceManifestTests {
    static let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources").path

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (String(repeating: "a", count: 1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
    ])
    func sha256MatchesTheStandardsVectors(input: String, digest: String) {
        #expect(Data(input.utf8).withUnsafeBytes(SHA256.hex) == digest)
    }

    @Test
    func theShippedFilesMatchTheirManifest() throws {
        try ResourceManifest.verify(
            ["places/places.tsv", "places/countries.tsv", "sample/community.json"], resourcesDirectory: Self.shipped)
        #expect(ResourceManifest.problems(resourcesDirectory: Self.shipped) == [])
    }

    @Test
    func aChangedOrTruncatedFileIsRefusedByName() throws {
        let copy = NSTemporaryDirectory() + "tern-manifest-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try FileManager.default.copyItem(atPath: Self.shipped, toPath: copy)
        let countries = copy + "/places/countries.tsv"
        let text = try String(contentsOfFile: countries, encoding: .utf8)
        try text.dropLast(10).write(toFile: countries, atomically: true, encoding: .utf8)
        #expect(throws: ResourceManifest.Mismatch.self) {
            try ResourceManifest.verify(["places/countries.tsv"], resourcesDirectory: copy)
        }
        #expect(throws: ResourceManifest.Mismatch.self) {
            _ = try PlaceCatalog.load(resourcesDirectory: copy, dataDirectory: nil)
        }
        let problems = ResourceManifest.problems(resourcesDirectory: copy)
        #expect(problems.count == 1 && problems[0].hasPrefix(countries + ": modified or truncated"), "\(problems)")
        try FileManager.default.removeItem(atPath: copy + "/" + ResourceManifest.fileName)
        #expect(
            ResourceManifest.problems(resourcesDirectory: copy).first?.contains("missing") == true,
            "doctor reports a missing manifest")
    }
}
