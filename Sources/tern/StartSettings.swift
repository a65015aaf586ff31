import Domain
import Localization

/// What a run reads once, before its command: the environment, the paths, the config and
/// the language. Each is read once per process and handed on (to `CommandContext` and the
/// interface), because resolving the paths looks up the executable and its resources.
struct StartSettings {
    /// The environment as the process started. Tern itself sets only `TERN_STORE` later
    /// (for `--store`), which the store reads from the live environment.
    let environment: [String: String]
    let paths: AppPaths
    /// The config as read to find the language; nil when it cannot be read.
    private let readConfig: Config?

    /// Reads them for `arguments` (without the program name); options Tern cannot parse are
    /// left for the command line's own usage error.
    init(_ arguments: [String], environment: [String: String] = ProcessEnvironment.atStart) {
        let options = (try? GlobalOptions.extract(from: arguments))?.0
        self.environment = environment
        paths = AppPaths.resolve(
            dataDirectory: options?.dataDirectory, sessionFile: options?.sessionFile, environment: environment)
        readConfig = try? Config.load(paths: paths)
    }

    /// The language of this run: `TERN_LANG`, else the config's `language`, else the locale.
    func language() throws -> Language {
        try Language.resolve(environment: environment, configured: readConfig?.language)
    }

    /// The config; one Tern cannot read is read again to throw its error, now worded in the
    /// language of this run (it was first read to find that language).
    func config() throws -> Config {
        if let readConfig { return readConfig }
        return try Config.load(paths: paths)
    }
}
