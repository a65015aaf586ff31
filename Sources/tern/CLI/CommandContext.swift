import Domain
import Foundation
import Localization
import PlainText
import TerminalUI

#if canImport(Glibc)
    import Glibc
#endif

/// What a subcommand gets to work with: the global options, the output streams, and (opened
/// once per process, only by the commands that need them) the paths, store and session.
final class CommandContext {
    let options: GlobalOptions
    /// Where this process keeps its files.
    let paths: AppPaths
    private let start: StartSettings

    /// `start` was read from the same command line as `options`.
    init(options: GlobalOptions, start: StartSettings) {
        self.options = options
        self.start = start
        paths = start.paths
    }

    /// Prints text for people. Names, captions and bios come from data, so escape sequences
    /// and every character `SafeText` calls unsafe are removed before they reach a terminal.
    func printLine(_ text: String) {
        print(SafeText.clean(text))
    }

    /// The config file's settings; a config Tern cannot read stops the command with its error.
    func config() throws -> Config {
        try start.config()
    }

    /// The environment as the process started (see `StartSettings.environment`).
    var environment: [String: String] { start.environment }

    private var openedServices: AppServices?

    /// The store and services, opened on first use. A database that cannot be used stops
    /// the command with the store's one-line message (which names the file).
    func services() throws -> AppServices {
        if let openedServices { return openedServices }
        let services: AppServices
        do {
            services = try AppServices.open(paths: paths, seedSample: !options.noSample, hasher: PasswordHasher())
        } catch let error as SampleCommunityError {
            throw CommandFailure(tr(.cliNoSampleHint, ["error": error.description]))
        }
        openedServices = services
        return services
    }

    /// Where the store is (`--store`, `TERN_STORE`, the config, else the data directory's file).
    func storeLocation() throws -> String {
        try AppServices.defaultStoreLocation(paths: paths)
    }

    /// The signed-in session, or nil. A session file open to others stops the command with
    /// the `chmod` that fixes it.
    func session() throws -> Session? {
        try SessionFile(paths: paths).read()
    }

    private var warned: Set<String> = []

    /// Says `notice` on standard error (`tern: …`), once per process however often it comes.
    func warnOnce(_ notice: String) {
        guard warned.insert(notice).inserted else { return }
        FileHandle.standardError.write(Data("tern: \(SafeText.clean(notice))\n".utf8))
    }

    /// The signed-in user's folders and favorites; what cannot be read is left out and said
    /// once on standard error, so one broken document never fails a list, an export or a removal.
    func favoritesSnapshot(_ session: Session) throws -> FavoritesSnapshot {
        let snapshot = try services().favorites.snapshot(session: session)
        snapshot.leftOut.forEach(warnOnce)
        return snapshot
    }

    /// Prints `value` as JSON (sorted keys, times as ISO 8601 UTC with `Z`).
    func printJSON<T: Encodable>(_ value: T) throws {
        let data = try JSONOutput.encoder.encode(value)
        print(SafeText.escapingUnsafeInJSON(String(decoding: data, as: UTF8.self)))
    }
}

/// The JSON encoder of every `--json` output.
enum JSONOutput {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(TernTime.iso8601(date))
        }
        return encoder
    }()
}
