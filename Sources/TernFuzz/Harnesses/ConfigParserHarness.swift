import Domain
import PlainText

/// The config file: any text is parsed or refused with a one-line message that quotes
/// nothing unsafe.
enum ConfigParserHarness {
    static let harness = FuzzHarness(
        name: "config-parser",
        textSeeds: [
            "home = 37.5665, 126.9780\nstore = postgres://127.0.0.1/tern\n", "# comment\nlanguage = ko\ntheme = dark\n",
            "bind k = move-up\nunbind q\ncolor accent = #ff8800\n", "\u{FEFF}home = 1,2\r\n",
        ],
        tokens: hostileText + [
            "=", "#", "home", "store", "bind", "unbind", "color", "theme", "language", "postgres://", "\r\n",
        ]
    ) { bytes in
        do {
            _ = try Config.parse(String(decoding: bytes, as: UTF8.self), file: "/fuzz/config")
        } catch {
            let message = "\(error)"
            try require(
                SafeText.firstUnsafe(in: SafeText.clean(message, singleLine: true)) == nil, "an unsafe error message")
        }
    }
}
