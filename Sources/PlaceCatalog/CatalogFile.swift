import Foundation
import Localization

/// The catalog's file format (`Resources/places/places.tsv`, and the imports file in the data
/// directory): UTF-8, one place per line, tab-separated columns
/// `id name koreanName country region latitude longitude population timeZone alternateNames
/// [address [category]]`, alternates joined by `|`, a first line starting with `#tern-places`.
/// `country` is an ISO code resolved through `countries.tsv`, or a name kept as it is.
public enum CatalogFile {
    public static let header =
        "#tern-places\t1\tid\tname\tkoreanName\tcountry\tregion\tlatitude\tlongitude\tpopulation\ttimeZone"
        + "\talternateNames\taddress\tcategory"
    static let alternateSeparator: Character = "|"

    public struct FormatError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Reads a catalog file; `countries` maps ISO codes to names.
    public static func read(path: String, countries: [String: String]) throws -> [Place] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FormatError(description: tr(.errorCatalogCannotRead, ["path": path]))
        }
        return try data.withUnsafeBytes { raw in
            try parse(raw.bindMemory(to: UInt8.self), path: path, countries: countries)
        }
    }

    /// Splits on bytes (tab, newline, `|`), which never occur inside a UTF-8 multi-byte
    /// sequence, so no grapheme breaking is needed while loading.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, path: String, countries: [String: String]) throws -> [Place]
    {
        var places: [Place] = []
        places.reserveCapacity(bytes.count / 150)
        var lineNumber = 0
        var lineStart = 0
        var fields: [Range<Int>] = []
        fields.reserveCapacity(12)
        func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            lineNumber += 1
            defer { lineStart = lineEnd + 1 }
            if lineEnd == lineStart { continue }
            if bytes[lineStart] == 0x23 {
                if lineNumber == 1 && !string(lineStart..<lineEnd).hasPrefix("#tern-places\t1") {
                    throw FormatError(description: tr(.errorCatalogUnknownFormat, ["path": path]))
                }
                continue
            }
            fields.removeAll(keepingCapacity: true)
            var fieldStart = lineStart
            for index in lineStart...lineEnd where index == lineEnd || bytes[index] == 0x09 {
                fields.append(fieldStart..<index)
                fieldStart = index + 1
            }
            guard fields.count >= 10, let latitude = Double(string(fields[5])),
                let longitude = Double(string(fields[6])),
                let population = Int(string(fields[7]))
            else {
                throw FormatError(description: tr(.errorCatalogMalformed, ["path": path, "line": String(lineNumber)]))
            }
            var alternates: [String] = []
            var alternateStart = fields[9].lowerBound
            for index in fields[9].lowerBound...fields[9].upperBound
            where index == fields[9].upperBound || bytes[index] == 0x7C {
                if index > alternateStart { alternates.append(string(alternateStart..<index)) }
                alternateStart = index + 1
            }
            let country = string(fields[3])
            places.append(
                Place(
                    placeID: string(fields[0]), name: string(fields[1]),
                    koreanName: fields[2].isEmpty ? nil : string(fields[2]),
                    alternateNames: alternates,
                    countryName: countries[country] ?? country,
                    regionName: fields[4].isEmpty ? nil : string(fields[4]),
                    latitude: latitude, longitude: longitude, population: population,
                    timeZone: string(fields[8]),
                    explicitAddress: fields.count > 10 && !fields[10].isEmpty ? string(fields[10]) : nil,
                    category: fields.count > 11 && !fields[11].isEmpty ? string(fields[11]) : nil))
        }
        return places
    }

    /// The file's text for `places` (countries written as names).
    public static func text(for places: [Place]) -> String {
        var text = header + "\n"
        for place in places {
            let fields: [String] = [
                place.placeID, clean(place.name), clean(place.koreanName ?? ""), clean(place.countryName),
                clean(place.regionName ?? ""), String(place.latitude), String(place.longitude),
                String(place.population), clean(place.timeZone),
                place.alternateNames.map(clean).filter { !$0.isEmpty }.joined(separator: "|"),
                clean(place.explicitAddress ?? ""), clean(place.category ?? ""),
            ]
            text += fields.joined(separator: "\t") + "\n"
        }
        return text
    }

    static func clean(_ text: String) -> String {
        // The separators are ASCII, so bytes tell whether any is there (reading Characters
        // cost writing an import's file a grapheme break per character).
        text.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x7C || $0 == 0x0D })
            ? text.map { "\t\n|\r".contains($0) ? " " : String($0) }.joined()
            : text
    }

    /// `countries.tsv` or `regions.tsv`: `key<TAB>name` per line; missing file → empty.
    public static func readTable(path: String) -> [String: String] {
        guard let data = FileManager.default.contents(atPath: path),
            let text = String(data: data, encoding: .utf8)
        else { return [:] }
        var table: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            if parts.count == 2 { table[String(parts[0])] = String(parts[1]) }
        }
        return table
    }
}

extension PlaceCatalog {
    /// `places/` inside the resources directory.
    public static func shippedDirectory(resourcesDirectory: String) -> String { resourcesDirectory + "/places" }

    /// The shipped catalog's own image, which `make build` and `make install` prepare (see
    /// `scripts/prepare-catalog-image.sh`) and new data directories copy instead of building one.
    public static func preparedImage(shippedDirectory: String) -> String { shippedDirectory + "/catalog.bin" }

    /// The file holding every imported place, inside the data directory.
    public static func importsFile(dataDirectory: String) -> String { dataDirectory + "/places/imports/places.tsv" }

    /// Identifies the imports file as it is now (size, times, inode: one `stat`): an import
    /// by another process changes it, since the file is replaced whole.
    public static func importsStamp(dataDirectory: String) -> String {
        ImageSignature.describe(importsFile(dataDirectory: dataDirectory))
    }

    /// The shipped catalog plus the imports in `dataDirectory` (an import replaces a shipped
    /// place with the same id). With `cacheDirectory`, the whole catalog — places, normalised
    /// names and posting lists — is kept there as a catalog image (`catalog.bin`, see
    /// `CatalogImage`), keyed by the image format's version and the path, size, modification
    /// time and inode of every source file (not by the executable), checksummed and checked before use; any mismatch
    /// rebuilds and rewrites it. A catalog loaded from the image has its posting lists whatever
    /// `indexed` says (they cost nothing to load).
    public static func load(
        resourcesDirectory: String, dataDirectory: String?, indexed: Bool = true,
        cacheDirectory: String? = nil
    ) throws -> PlaceCatalog {
        let directory = shippedDirectory(resourcesDirectory: resourcesDirectory)
        var sources = [directory + "/places.tsv"]
        if let dataDirectory {
            let imports = importsFile(dataDirectory: dataDirectory)
            var info = stat()
            if stat(imports, &info) == 0 { sources.append(imports) }
        }
        var signature = ""
        let cacheFile = cacheDirectory.map { $0 + "/catalog.bin" }
        if let cacheFile {
            signature = ImageSignature.of(sources + [directory + "/countries.tsv"])
            // A damaged image is rebuilt (under the lock) and the search answered from the rebuild.
            let sources = sources
            let signature = signature
            let rebuild: @Sendable () -> PlaceIndex? = {
                FileLock.withLock(cacheFile + ".lock") {
                    guard let places = try? readPlaces(sources, directory: directory) else { return nil }
                    let index = PlaceCatalog(places: places, indexed: true).index
                    CatalogImage.write(index, signature: signature, path: cacheFile)
                    return index
                }
            }
            if let image = CatalogImage.open(path: cacheFile, signature: signature) {
                return PlaceCatalog(image: image, rebuild: rebuild)
            }
            // Without imports, the image `make build` prepared beside the shipped catalog (same
            // sources, same signature) is read where it is installed: a new data directory
            // writes nothing before it answers. Only a repair of it is written to `cacheFile`.
            if sources.count == 1,
                let image = CatalogImage.open(path: preparedImage(shippedDirectory: directory), signature: signature)
            {
                return PlaceCatalog(image: image, rebuild: rebuild)
            }
            // One process builds the image while others wait for it and then map it.
            return try FileLock.withLock(cacheFile + ".lock") {
                if let image = CatalogImage.open(path: cacheFile, signature: signature) {
                    return PlaceCatalog(image: image, rebuild: rebuild)
                }
                let catalog = PlaceCatalog(places: try readPlaces(sources, directory: directory), indexed: true)
                CatalogImage.write(catalog.index, signature: signature, path: cacheFile)
                return catalog
            }
        }
        return PlaceCatalog(places: try readPlaces(sources, directory: directory), indexed: indexed)
    }

    /// The shipped places (countries resolved through `countries.tsv`) and then the imports.
    /// The shipped files are checked against the resources' manifest first (a build of the
    /// image or a load without one is when they are read).
    static func readPlaces(_ sources: [String], directory: String) throws -> [Place] {
        try ResourceManifest.verify(
            ["places/places.tsv", "places/countries.tsv"],
            resourcesDirectory: (directory as NSString).deletingLastPathComponent)
        let countries = CatalogFile.readTable(path: directory + "/countries.tsv")
        var places = try CatalogFile.read(path: sources[0], countries: countries)
        if sources.count > 1 { places += try CatalogFile.read(path: sources[1], countries: [:]) }
        return places
    }
}

/// What a catalog image is keyed by.
enum ImageSignature {
    /// Bump when the image layout, normalisation, ranking or index changes: the executable is
    /// not in the signature, so a copied or upgraded binary of the same format reuses the image.
    static let version = "catalog image 14"

    /// Paths are resolved first, so one file reached through a symbolic link (a data or resources
    /// directory linked elsewhere) keys the same image as through its real path.
    static func of(_ paths: [String]) -> String {
        // Lines built by hand rather than `joined(separator:)` (see `Place.address`).
        var signature = ""
        for path in paths { signature += describe(resolved(path)) + "\n" }
        return signature + version
    }

    /// `path` with its symbolic links resolved (a missing file's folder resolved; as it is when
    /// neither can be).
    static func resolved(_ path: String) -> String {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty, folder != path else { return path }
        return resolved(folder) + "/" + (path as NSString).lastPathComponent
    }

    static func describe(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return path + "\tmissing" }
        let modified = "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        let changed = "\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
        return "\(path)\t\(info.st_size)\t\(modified)\t\(info.st_ino)\t\(changed)"
    }
}
