import Foundation

/// A failed command's line on stderr as JSON when `--json` was asked for, so a script
/// reads errors as it reads answers: `{"error": {"code": "…", "message": "…"}}`.
enum ErrorLine {
    /// Whether `--json` is among the options (before a `--` that ends them).
    static func wantsJSON(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--json")
    }

    static func printJSON(_ error: Error, status: Int32) -> Int32 {
        let message = "\(error)"
        let body = ["error": ["code": code(of: error), "message": message]]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(body)) ?? Data()
        FileHandle.standardError.write(data + Data("\n".utf8))
        return status
    }

    /// The kind of error as a stable word for scripts: `usage`, `failed`, or the error's
    /// type and case (`FavoritesError.badImportRow`).
    static func code(of error: Error) -> String {
        if error is UsageError { return "usage" }
        if error is CommandFailure { return "failed" }
        let type = String(describing: Swift.type(of: error))
        guard let label = Mirror(reflecting: error).children.first?.label else { return type }
        return type + "." + label
    }
}
