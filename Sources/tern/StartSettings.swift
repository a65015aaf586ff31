import Domain
import Foundation
import Localization

/// What a run reads once, before its command: the environment, the paths, the config and
/// the language. Each is read once per process and handed on (to `CommandContext` and the
/// interface), because resolving the paths looks up the executable and its resources, and
/// the environment is copied into a dictionary on every `ProcessInfo` call.
struct StartSettings {
    /// The environment as the process started. Tern itself sets only `TERN_STORE` later
    /// (for `--store`), which the store reads from the live environment.
    let environment: [String: String]
    let paths: AppPaths
    /// The config, or why it cannot be read: the language falls back to the locale, and a
    /// command that needs the config reports the error.
    let config: Result<Config, Error>

    /// Reads them for `arguments` (without the program name); options Tern cannot parse are
    /// left for the command line's own usage error.
    init(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) {
        let options = (try? GlobalOptions.extract(from: arguments))?.0
        self.environment = environment
        let paths = AppPaths.resolve(dataDirectory: options?.dataDirectory, sessionFile: options?.sessionFile, environment: environment)
        self.paths = paths
        config = Result { try Config.load(paths: paths) }
    }

    /// The language of this run: `TERN_LANG`, else the config's `language`, else the locale.
    func language() throws -> Language {
        try Language.resolve(environment: environment, configured: (try? config.get())?.language)
    }
}
