import Domain
import Foundation
import Localization

/// The language of this run, found before the command runs: `TERN_LANG`, else the config's
/// `language` (a config Tern cannot read is reported by the command that needs it), else
/// the locale.
enum CommandLanguage {
    static func resolve(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Language {
        let options = (try? GlobalOptions.extract(from: arguments))?.0
        let paths = AppPaths.resolve(dataDirectory: options?.dataDirectory, sessionFile: options?.sessionFile)
        let configured = (try? Config.load(paths: paths))?.language
        return try Language.resolve(environment: environment, configured: configured)
    }
}
