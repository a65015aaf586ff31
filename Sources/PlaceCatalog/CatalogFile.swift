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
        var fields: [Range<Int>] = []
        fields.reserveCapacity(12)
        try forEachLine(bytes, path: path) { line, number in
            places.append(try place(bytes, line, path: path, number: number, countries: countries, fields: &fields))
        }
        return places
    }

    /// Calls `body` with the byte range and number of each place line of `bytes` (the first
    /// line's header checked; comments and empty lines skipped).
    static func forEachLine(
        _ bytes: UnsafeBufferPointer<UInt8>, path: String, _ body: (Range<Int>, Int) throws -> Void
    ) throws {
        var lineNumber = 0
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = lineEnd(bytes, from: lineStart)
            lineNumber += 1
            defer { lineStart = lineEnd + 1 }
            if lineEnd == lineStart { continue }
            if bytes[lineStart] == 0x23 {
                if lineNumber == 1
                    && !String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]), as: UTF8.self)
                        .hasPrefix("#tern-places\t1")
                {
                    throw FormatError(description: tr(.errorCatalogUnknownFormat, ["path": path]))
                }
                continue
            }
            try body(lineStart..<lineEnd, lineNumber)
        }
    }

    /// Where the line starting at `start` ends (its newline, or the end of `bytes`).
    @inline(__always) static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start < bytes.count, let base = bytes.baseAddress,
            let found = memchr(base + start, 0x0A, bytes.count - start)
        else { return bytes.count }
        return UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
    }

    /// The fields of `line` (tab-separated) in `fields`, and the population when the line is
    /// a well-formed place (10 fields or more, numbers where they belong), else a
    /// `FormatError` naming `path:number`.
    @discardableResult
    static func split(
        _ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, path: String, number: Int,
        fields: inout [Range<Int>]
    ) throws -> (latitude: Double, longitude: Double, population: Int) {
        fields.removeAll(keepingCapacity: true)
        var fieldStart = line.lowerBound
        for index in line.lowerBound...line.upperBound where index == line.upperBound || bytes[index] == 0x09 {
            fields.append(fieldStart..<index)
            fieldStart = index + 1
        }
        func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        guard fields.count >= 10, let latitude = Double(string(fields[5])),
            let longitude = Double(string(fields[6])),
            let population = Int(string(fields[7]))
        else {
            throw FormatError(description: tr(.errorCatalogMalformed, ["path": path, "line": String(number)]))
        }
        return (latitude, longitude, population)
    }

    /// The place on `line` of `bytes` (see `split`).
    static func place(
        _ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, path: String, number: Int,
        countries: [String: String], fields: inout [Range<Int>]
    ) throws -> Place {
        let (latitude, longitude, population) = try split(bytes, line, path: path, number: number, fields: &fields)
        func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        var alternates: [String] = []
        var alternateStart = fields[9].lowerBound
        for index in fields[9].lowerBound...fields[9].upperBound
        where index == fields[9].upperBound || bytes[index] == 0x7C {
            if index > alternateStart { alternates.append(string(alternateStart..<index)) }
            alternateStart = index + 1
        }
        let country = string(fields[3])
        return Place(
            placeID: string(fields[0]), name: string(fields[1]),
            koreanName: fields[2].isEmpty ? nil : string(fields[2]),
            alternateNames: alternates,
            countryName: countries[country] ?? country,
            regionName: fields[4].isEmpty ? nil : string(fields[4]),
            latitude: latitude, longitude: longitude, population: population,
            timeZone: string(fields[8]),
            explicitAddress: fields.count > 10 && !fields[10].isEmpty ? string(fields[10]) : nil,
            category: fields.count > 11 && !fields[11].isEmpty ? string(fields[11]) : nil)
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
    /// `scripts/prepare-catalog-image.sh`) and every data directory reads where it lies.
    public static func preparedImage(shippedDirectory: String) -> String { shippedDirectory + "/catalog.bin" }

    /// The file holding every imported place, inside the data directory.
    public static func importsFile(dataDirectory: String) -> String { dataDirectory + "/places/imports/places.tsv" }

    /// Identifies the imports file as it is now (size, times, inode: one `stat`): an import
    /// by another process changes it, since the file is replaced whole.
    public static func importsStamp(dataDirectory: String) -> String {
        ImageSignature.describe(importsFile(dataDirectory: dataDirectory))
    }

    /// The shipped catalog plus the imports in `dataDirectory` (an import replaces a shipped
    /// place with the same id). With `cacheDirectory`, the catalog is two catalog images (see
    /// `CatalogImage`) searched together: the shipped catalog's, read where `make build`
    /// prepared it (or `catalog.bin` in `cacheDirectory`, its repair), and the imports' own,
    /// `imports.bin`, with the shipped places they replace in `imports.hidden`. Each is keyed
    /// by the image format's version and its sources' path, size, modification time and inode
    /// (not by the executable), checksummed and checked before use; a mismatch rebuilds and
    /// rewrites that image alone, so an import never rebuilds the shipped one. A catalog
    /// loaded from images has its posting lists whatever `indexed` says.
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
        guard let cacheDirectory else {
            return PlaceCatalog(places: try readPlaces(sources, directory: directory), indexed: indexed)
        }
        let shipped = try shippedIndex(directory: directory, cacheDirectory: cacheDirectory)
        guard sources.count > 1 else { return PlaceCatalog(parts: [PartHolder(shipped)]) }
        let imports = try importsIndex(
            file: sources[1], shipped: shipped.index, directory: directory, cacheDirectory: cacheDirectory)
        return PlaceCatalog(parts: [
            PartHolder(shipped, hidden: imports.hidden, count: shipped.index.placeCount),
            PartHolder(imports.index),
        ])
    }

    /// The shipped catalog's index: its image in `cacheDirectory` (a repair) or the one
    /// prepared beside it, else built and written to `cacheDirectory`.
    static func shippedIndex(directory: String, cacheDirectory: String) throws -> IndexHolder {
        let sources = [directory + "/places.tsv"]
        let cacheFile = cacheDirectory + "/catalog.bin"
        let signature = ImageSignature.of(sources + [directory + "/countries.tsv"])
        // A damaged image is rebuilt (under the lock) and the search answered from the rebuild.
        let rebuild: @Sendable () -> PlaceIndex? = {
            FileLock.withLock(cacheFile + ".lock") {
                guard let places = try? readPlaces(sources, directory: directory) else { return nil }
                let index = PlaceCatalog(places: places, indexed: true).index
                CatalogImage.write(index, signature: signature, path: cacheFile)
                return index
            }
        }
        if let image = CatalogImage.open(path: cacheFile, signature: signature) {
            return IndexHolder(PlaceIndex(image: image), rebuild: rebuild)
        }
        // The image `make build` prepared beside the shipped catalog (same sources, same
        // signature) is read where it is installed: a new data directory writes nothing before
        // it answers, and an import adds its own image beside it. Only a repair of it is
        // written to `cacheFile`.
        if let image = CatalogImage.open(path: preparedImage(shippedDirectory: directory), signature: signature) {
            return IndexHolder(PlaceIndex(image: image), rebuild: rebuild)
        }
        // One process builds the image while others wait for it and then map it.
        return try FileLock.withLock(cacheFile + ".lock") {
            if let image = CatalogImage.open(path: cacheFile, signature: signature) {
                return IndexHolder(PlaceIndex(image: image), rebuild: rebuild)
            }
            let index = PlaceCatalog(places: try readPlaces(sources, directory: directory), indexed: true).index
            CatalogImage.write(index, signature: signature, path: cacheFile)
            return IndexHolder(index, rebuild: rebuild)
        }
    }

    /// The imports' own image and the list of shipped places they replace.
    static func importsImage(cacheDirectory: String) -> (image: String, hidden: String) {
        (cacheDirectory + "/imports.bin", cacheDirectory + "/imports.hidden")
    }

    /// The imports' index (their image, or built from the imports file and written) and the
    /// positions of the shipped places they replace.
    static func importsIndex(file: String, shipped: PlaceIndex, directory: String, cacheDirectory: String) throws
        -> (index: IndexHolder, hidden: [Int32])
    {
        let paths = importsImage(cacheDirectory: cacheDirectory)
        let signature = ImageSignature.imports(file, shipped: directory)
        let rebuild: @Sendable () -> PlaceIndex? = {
            FileLock.withLock(paths.image + ".lock") {
                guard let places = try? CatalogFile.read(path: file, countries: [:]) else { return nil }
                let index = PlaceCatalog(places: places, indexed: true).index
                CatalogImage.write(index, signature: signature, path: paths.image)
                return index
            }
        }
        func opened() -> (index: IndexHolder, hidden: [Int32])? {
            guard let hidden = HiddenPlaces.read(paths.hidden, signature: signature),
                let image = CatalogImage.open(path: paths.image, signature: signature)
            else { return nil }
            return (IndexHolder(PlaceIndex(image: image), rebuild: rebuild), hidden)
        }
        if let found = opened() { return found }
        return try FileLock.withLock(paths.image + ".lock") {
            if let found = opened() { return found }
            // Built a chunk at a time from the file; should that fail (a cache it cannot write),
            // in memory as before, which also says where a malformed line is.
            if (try? ImportsImage.write(
                file: file, shipped: shipped, signature: signature, image: paths.image, hidden: paths.hidden)) != nil,
                let found = opened()
            {
                return found
            }
            let places = try CatalogFile.read(path: file, countries: [:])
            let built = ImportsImage.build(places, shipped: shipped)
            try ImportsImage.write(built, signature: signature, image: paths.image, hidden: paths.hidden)
            return (IndexHolder(built.index, rebuild: rebuild), built.hidden)
        }
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

    /// The imports image's signature: the imports file's resolved path, size, modification
    /// time and inode (a rename into place keeps all three, so an import signs its image before
    /// its file takes the imports file's place), then the shipped catalog's signature (the
    /// hidden positions are the shipped image's). `info` is the file's `stat` when known.
    static func imports(_ path: String, shipped directory: String, info known: stat? = nil) -> String {
        var info = stat()
        if let known {
            info = known
        } else if stat(path, &info) != 0 {
            return path + "\tmissing\n" + of([directory + "/places.tsv", directory + "/countries.tsv"])
        }
        let modified = "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        return "imports\t\(resolved(path))\t\(info.st_size)\t\(modified)\t\(info.st_ino)\n"
            + of([directory + "/places.tsv", directory + "/countries.tsv"])
    }

    static func describe(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return path + "\tmissing" }
        let modified = "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        let changed = "\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
        return "\(path)\t\(info.st_size)\t\(modified)\t\(info.st_ino)\t\(changed)"
    }
}

/// The imports' own image and `imports.hidden`: the signature's hash on the first line, then
/// the shipped positions the imports replace, one a line.
enum HiddenPlaces {
    /// The positions, nil when the file is missing, of another signature or damaged (then
    /// the imports' image is built again, never guessed at).
    static func read(_ path: String, signature: String) -> [Int32]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        // Read as bytes in one pass: every search over imports that replace shipped places
        // reads this list, and splitting it into lines and strings cost more than the search.
        return data.withUnsafeBytes { raw -> [Int32]? in
            let bytes = raw.bindMemory(to: UInt8.self)
            let firstEnd = CatalogFile.lineEnd(bytes, from: 0)
            let hash = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<firstEnd]), as: UTF8.self)
            guard firstEnd < bytes.count, hash == PlaceImporter.stableHash(signature) else { return nil }
            var positions: [Int32] = []
            positions.reserveCapacity(bytes.count / 7)
            var value: Int64 = 0
            var digits = 0
            for byte in bytes[(firstEnd + 1)...] {
                if byte == 0x0A {
                    if digits > 0 { positions.append(Int32(value)) }
                    value = 0
                    digits = 0
                } else if byte >= 0x30 && byte <= 0x39 && digits < 10 {
                    value = value * 10 + Int64(byte - 0x30)
                    digits += 1
                    guard value <= Int64(Int32.max) else { return nil }
                } else {
                    return nil
                }
            }
            if digits > 0 { positions.append(Int32(value)) }
            return positions
        }
    }

    static func text(_ positions: [Int32], signature: String) -> String {
        var text = PlaceImporter.stableHash(signature) + "\n"
        for position in positions { text += String(position) + "\n" }
        return text
    }
}

/// The imports' index and the shipped places they replace, built from the imports' places.
enum ImportsImage {
    struct Built {
        var index: PlaceIndex
        var hidden: [Int32]
    }

    static func build(_ places: [Place], shipped: PlaceIndex) -> Built {
        var shippedPosition: [String: Int32] = [:]
        shippedPosition.reserveCapacity(shipped.placeCount)
        for position in 0..<shipped.placeCount { shippedPosition[shipped.store.placeID(position)] = Int32(position) }
        var hidden: [Int32] = []
        for place in places { if let position = shippedPosition[place.placeID] { hidden.append(position) } }
        return Built(index: PlaceCatalog(places: places, indexed: true).index, hidden: hidden.sorted())
    }

    /// Writes the image of the catalog file `file` a chunk at a time (`ChunkedImage`), then
    /// the list of shipped places it hides, each through a temporary file and a rename.
    @discardableResult
    static func write(
        file: String, shipped: PlaceIndex, signature: String, image: String, hidden: String,
        uniqueIDs: Bool = false, chunkPlaces: Int = ChunkedImage.defaultChunk
    ) throws -> ChunkedImage.Built {
        let built = try ChunkedImage.write(
            file: file, signature: signature, path: image, shipped: shipped, uniqueIDs: uniqueIDs,
            chunkPlaces: chunkPlaces)
        try writeHidden(built.hidden, signature: signature, path: hidden)
        return built
    }

    static func writeHidden(_ positions: [Int32], signature: String, path hidden: String) throws {
        let temporary = hidden + ".\(getpid()).tmp"
        guard
            FileManager.default.createFile(
                atPath: temporary, contents: Data(HiddenPlaces.text(positions, signature: signature).utf8),
                attributes: [.posixPermissions: 0o600]),
            rename(temporary, hidden) == 0
        else {
            unlink(temporary)
            throw CatalogFile.FormatError(description: tr(.errorCatalogCannotWrite, ["path": hidden]))
        }
    }

    /// Writes the list and then the image, each through a temporary file and a rename.
    static func write(_ built: Built, signature: String, image: String, hidden: String) throws {
        let folder = (image as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try writeHidden(built.hidden, signature: signature, path: hidden)
        CatalogImage.write(built.index, signature: signature, path: image)
    }
}
