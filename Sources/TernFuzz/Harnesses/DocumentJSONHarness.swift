import DocStore
import Domain

@testable import DocStore

/// Stored documents as a server or a damaged file may hand them over: parsing is bounded
/// in depth and size, and decoding into Tern's models fails with an error, never a crash.
/// Providers' answers (helper "online") get a harness of the same shape beside this one.
enum DocumentJSONHarness {
    static let harness = FuzzHarness(
        name: "document-json",
        textSeeds: [
            "{\"caption\":\"hi\",\"timestamp\":{\"__time\":1.5},\"uid\":\"u\",\"likes\":2}",
            "{\"displayName\":\"Seo\",\"username\":\"seo\",\"email\":\"a@b.co\",\"followers\":[1,2,[3,{\"a\":null}]]}",
            "{\"a\":1e400,\"b\":-0,\"c\":\"\\ud800\",\"d\":true}",
        ],
        tokens: [
            "{", "}", "[", "]", "\"", ":", ",", "\\u0000", "\\ud83d\\ude00", "1e308", "-", "null", "true",
            String(repeating: "[", count: 40), "{\"__time\":", "\"timestamp\"", "\"likes\"",
        ]
    ) { bytes in
        guard let fields = try? StorageJSON.decode(String(decoding: bytes, as: UTF8.self)) else { return }
        _ = try? FieldValueDecoder().decode(Tweet.self, from: fields)
        _ = try? FieldValueDecoder().decode(User.self, from: fields)
        _ = try? StorageJSON.encode(fields)
    }
}
