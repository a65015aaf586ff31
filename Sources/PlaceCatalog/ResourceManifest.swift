import Foundation
import Localization

/// The checksums of the files Tern ships in its resources directory, recorded when Tern is
/// built or installed (`Resources/MANIFEST.sha256`, written by
/// `scripts/resources-manifest.sh` in `sha256sum`'s format, so `sha256sum -c` checks it by
/// hand too). A shipped file is checked against it when Tern reads it to build something
/// that lasts (the catalog image, the sample community seeded into a new database), not on
/// every start; a modified, truncated or missing one is refused with one line naming it.
/// A resources directory without a manifest (one a test or a person assembled by hand) is
/// not checked when loading; `tern doctor` reports it.
public enum ResourceManifest {
    /// The manifest's name inside the resources directory.
    public static let fileName = "MANIFEST.sha256"

    /// Why a shipped file was refused; one line naming the file.
    public struct Mismatch: Error, Equatable, CustomStringConvertible, Sendable {
        /// The file's path inside the resources directory.
        public let file: String
        public let reason: String
        public var description: String { tr(.errorShippedFile, ["file": file, "reason": reason]) }
    }

    /// Checks `files` (paths inside `resourcesDirectory`) against the manifest there, if any.
    public static func verify(_ files: [String], resourcesDirectory: String) throws {
        guard FileManager.default.fileExists(atPath: resourcesDirectory + "/" + fileName) else { return }
        try check(
            files, against: try entries(resourcesDirectory: resourcesDirectory), resourcesDirectory: resourcesDirectory)
    }

    private static func check(_ files: [String], against recorded: [String: String], resourcesDirectory: String) throws
    {
        for file in files {
            let path = resourcesDirectory + "/" + file
            guard let expected = recorded[file] else {
                throw Mismatch(file: path, reason: tr(.shippedNotInManifest, ["manifest": fileName]))
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw Mismatch(file: path, reason: tr(.shippedMissing))
            }
            guard data.withUnsafeBytes(SHA256.hex) == expected else {
                throw Mismatch(file: path, reason: tr(.shippedModified, ["manifest": fileName]))
            }
        }
    }

    /// Every file the manifest lists that is missing or differs, as one-line problems (for
    /// `tern doctor`); empty when all match.
    public static func problems(resourcesDirectory: String) -> [String] {
        do {
            let recorded = try entries(resourcesDirectory: resourcesDirectory)
            return recorded.keys.sorted().compactMap { file in
                do {
                    try check([file], against: recorded, resourcesDirectory: resourcesDirectory)
                    return nil
                } catch {
                    return String(describing: error)
                }
            }
        } catch {
            return [String(describing: error)]
        }
    }

    /// The manifest's lines, `<sha256>  <path>`, as path → checksum.
    static func entries(resourcesDirectory: String) throws -> [String: String] {
        let path = resourcesDirectory + "/" + fileName
        guard let text = FileManager.default.contents(atPath: path).flatMap({ String(data: $0, encoding: .utf8) })
        else {
            throw Mismatch(file: path, reason: tr(.shippedManifestMissing))
        }
        var entries: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].count == 64, parts[1].hasPrefix(" ") else {
                throw Mismatch(file: path, reason: tr(.shippedManifestDamaged, ["line": String(line.prefix(80))]))
            }
            var name = parts[1].dropFirst()
            if name.hasPrefix("./") { name = name.dropFirst(2) }
            entries[String(name)] = String(parts[0])
        }
        return entries
    }
}
