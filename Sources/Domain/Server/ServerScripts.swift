import Foundation
import Localization
import PlaceCatalog

/// The SQL files `tern server init` applies, in the order `files` names them, read from the
/// resources directory's `server/` (shipped with Tern, checked against the resources'
/// manifest). Each file's first line names the rules version it belongs to, so files left
/// by another install of Tern are refused, not applied; `{{name}}` in a file marks a value
/// `init` fills in: this database's role names, and the limits the server shares with the
/// client (`ServerRules.values`), so that both check the same thing.
struct ServerScripts: Sendable {
    /// Where the files live inside the resources directory.
    static let directory = "server"

    /// The files, in the order they are applied.
    static let files = [
        "01-tables.sql", "02-roles.sql", "03-access.sql", "04-text.sql", "05-write.sql", "06-likes.sql",
        "07-changes.sql", "08-accounts.sql", "09-limits.sql", "10-admin.sql", "11-meta.sql", "12-conversations.sql",
        "13-replies.sql", "15-notifications.sql", "16-people.sql", "17-post-places.sql", "18-place-counts.sql",
        "19-folder-follows.sql", "20-pooled.sql", "21-mention-edits.sql",
        "23-page-indexes.sql",
        "24-change-log.sql",
    ]

    /// The line each file starts with.
    static var header: String { "-- tern server rules \(ServerRules.version)" }

    /// One file: its path inside the resources directory and its text.
    struct Script: Sendable {
        let file: String
        let text: String
    }

    let scripts: [Script]

    /// Reads and checks every file: each must exist, match the manifest (when there is one),
    /// belong to this version of the rules, and name only values `init` fills in; a `.sql`
    /// file in `server/` that is not listed is refused too (it would mean the directory is
    /// another install's).
    static func load(resourcesDirectory: String) throws -> ServerScripts {
        let folder = resourcesDirectory + "/" + directory
        let paths = files.map { directory + "/" + $0 }
        for path in paths where !FileManager.default.isReadableFile(atPath: resourcesDirectory + "/" + path) {
            throw ServerScriptError(code: .missing, file: resourcesDirectory + "/" + path, reason: tr(.shippedMissing))
        }
        do {
            try ResourceManifest.verify(paths, resourcesDirectory: resourcesDirectory)
        } catch let mismatch as ResourceManifest.Mismatch {
            throw ServerScriptError(code: .modified, file: mismatch.file, reason: mismatch.reason)
        }
        let present = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        if let stray = present.sorted().first(where: { $0.hasSuffix(".sql") && !files.contains($0) }) {
            throw ServerScriptError(code: .unlisted, file: folder + "/" + stray, reason: tr(.serverScriptUnlisted))
        }
        let scripts = try paths.map { path -> Script in
            let full = resourcesDirectory + "/" + path
            guard let data = FileManager.default.contents(atPath: full), let text = String(data: data, encoding: .utf8)
            else {
                throw ServerScriptError(code: .missing, file: full, reason: tr(.shippedMissing))
            }
            let first = text.prefix { $0 != "\n" }
            guard first == header else {
                throw ServerScriptError(
                    code: .stale, file: full,
                    reason: tr(.serverScriptStale, ["found": String(first.prefix(60)), "expected": header]))
            }
            return Script(file: full, text: text)
        }
        let loaded = ServerScripts(scripts: scripts)
        _ = try loaded.rendered(Dictionary(uniqueKeysWithValues: ServerRules.valueNames.map { ($0, "") }))
        return loaded
    }

    /// Each file's SQL with its `{{name}}`s filled in from `values`; a name without a value
    /// is refused, naming the file.
    func rendered(_ values: [String: String]) throws -> [Script] {
        try scripts.map { script in
            var output = ""
            var rest = Substring(script.text)
            while let open = rest.range(of: "{{") {
                output += rest[..<open.lowerBound]
                guard let close = rest.range(of: "}}", range: open.upperBound..<rest.endIndex) else {
                    throw ServerScriptError(
                        code: .unknownValue, file: script.file, reason: tr(.serverScriptValue, ["name": "{{"]))
                }
                let name = String(rest[open.upperBound..<close.lowerBound])
                guard let value = values[name] else {
                    throw ServerScriptError(
                        code: .unknownValue, file: script.file, reason: tr(.serverScriptValue, ["name": name]))
                }
                output += value
                rest = rest[close.upperBound...]
            }
            output += rest
            return Script(file: script.file, text: output)
        }
    }
}

/// A server SQL file `tern server init` cannot apply; one line naming the file.
public struct ServerScriptError: Error, Equatable, CustomStringConvertible, Sendable {
    public enum Code: String, Equatable, Sendable {
        /// A file `init` applies is not there (or cannot be read).
        case missing
        /// A file differs from the resources' manifest.
        case modified
        /// A file belongs to another version of the rules.
        case stale
        /// A `.sql` file in `server/` that `init` does not apply.
        case unlisted
        /// A `{{name}}` that `init` has no value for.
        case unknownValue
    }

    public let code: Code
    /// The file's full path.
    public let file: String
    let reason: String

    public var description: String { tr(.errorShippedFile, ["file": file, "reason": reason]) }
}
