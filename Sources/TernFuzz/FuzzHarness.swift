import Foundation

/// One fuzz harness: a function of arbitrary bytes that must not crash, must not take a
/// second, and throws `BrokenInvariant` when its output breaks a rule. To add one (for a
/// new provider's answers, say), write a file in `Harnesses/` and list it in `all`.
struct FuzzHarness: Sendable {
    let name: String
    /// Inputs every run starts from, besides the files in the harness's corpus folder.
    let seeds: @Sendable () -> [[UInt8]]
    /// Strings the mutator splices in: the tokens this input's format cares about.
    let tokens: [String]
    /// Seconds one input may take before it counts as a hang.
    let timeLimit: Double
    let run: @Sendable ([UInt8]) throws -> Void

    init(
        name: String, seeds: @escaping @Sendable @autoclosure () -> [[UInt8]], tokens: [String], timeLimit: Double = 1,
        run: @escaping @Sendable ([UInt8]) throws -> Void
    ) {
        self.name = name
        self.seeds = seeds
        self.tokens = tokens
        self.timeLimit = timeLimit
        self.run = run
    }

    init(
        name: String, textSeeds: [String], tokens: [String], timeLimit: Double = 1,
        run: @escaping @Sendable ([UInt8]) throws -> Void
    ) {
        self.init(name: name, seeds: textSeeds.map { Array($0.utf8) }, tokens: tokens, timeLimit: timeLimit, run: run)
    }

    static let all: [FuzzHarness] = [
        TextFilterHarness.harness, TextLayoutHarness.harness, QueryNormaliserHarness.harness,
        CSVImportHarness.harness, GeoNamesImportHarness.harness, ConfigParserHarness.harness,
        DocumentJSONHarness.harness, CatalogImageHarness.harness, CatalogSearchHarness.harness,
        CommandLineHarness.harness, PictureHarness.harness, FavoritesFileHarness.harness,
    ]
}

/// The run's scratch folder, shared by the driver and its children (named after the
/// driver's process): each child's current input, and the files harnesses write.
enum FuzzScratch {
    static let directory: String = {
        let driver = CommandLine.arguments.contains("--child") ? getppid() : getpid()
        let path = NSTemporaryDirectory() + "tern-fuzz-\(driver)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()
}

/// A rule the harness's output broke; the message says which.
struct BrokenInvariant: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Throws `BrokenInvariant(message)` unless `condition` holds.
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw BrokenInvariant(message()) }
}

/// Tokens that break text handling: escapes, C1 and bidi controls, separators, combining
/// marks, Hangul (syllables and jamo), wide characters and emoji sequences.
let hostileText: [String] = [
    "\u{1B}[31m", "\u{1B}]0;title\u{07}", "\u{1B}P", "\u{1B}", "\u{9B}2J", "\u{85}", "\u{9D}", "\u{202E}", "\u{2066}",
    "\u{200E}", "\u{61C}", "\u{2028}", "\u{2029}", "\n", "\r\n", "\t", "\u{0}", "\u{7F}", "\u{301}",
    String(repeating: "\u{301}", count: 40), "서울", "ㅅ", "ᄀ", "ᅡ", "ᆨ", "👩‍👩‍👧", "🇰🇷", "❤️", "\u{FEFF}",
    "\u{200B}", "Ǆ", "ß", "İ", "ﬁ", "Ⅻ", " ", ",", "\"", "|", "\\", "{", "[", "\u{10FFFF}",
]
