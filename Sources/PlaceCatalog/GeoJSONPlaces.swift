import Foundation
import Localization
import PlainText

/// Places from GeoJSON: a FeatureCollection, or a sequence of features one per line (RFC 8142,
/// what `osmium export -f geojsonseq` writes). A feature from OpenStreetMap (an id such as
/// `n123`, `w45` or `a90`, or `@type` and `@id` properties) becomes a place only when it is a
/// named point of interest, with the id `osm:N123` Nominatim gives the same object; any other
/// named feature becomes a place with a content-hash id. Lines and polygons are placed at the
/// mean of their first ring's points.
struct GeoJSONPlaces {
    let countries: [String: String]
    private(set) var places: [Place] = []
    /// Named features left out because their name holds unsafe text (a few in a country).
    private(set) var skipped = 0
    private var seen: Set<String> = []

    /// Whether lines without a `"name":` key are skipped without parsing (for osmium's
    /// output, which writes every key plainly; a hand-made sequence is parsed whole).
    var skipsUnnamed = false

    init(countries: [String: String]) { self.countries = countries }

    static let nameKey = Array("\"name\":".utf8)

    /// Whether `needle` occurs in `bytes`.
    static func contains(_ bytes: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        return bytes.withUnsafeBufferPointer { haystack in
            var at = 0
            let last = haystack.count - needle.count
            while at <= last {
                guard let hit = memchr(haystack.baseAddress! + at, Int32(first), last - at + 1) else { return false }
                at = haystack.baseAddress!.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                var matches = true
                for offset in 1..<needle.count where haystack[at + offset] != needle[offset] {
                    matches = false
                    break
                }
                if matches { return true }
                at += 1
            }
            return false
        }
    }

    /// Reads `data` whole: a FeatureCollection, or a sequence of features.
    static func parse(_ data: Data, countries: [String: String]) throws -> GeoJSONPlaces {
        var reader = GeoJSONPlaces(countries: countries)
        let first = data.first { ![0x20, 0x09, 0x0A, 0x0D, 0x1E].contains($0) }
        if first == 0x7B, let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            object["type"] as? String == "FeatureCollection"
        {
            guard let features = object["features"] as? [Any] else {
                throw PlaceImporter.Rejection(line: 1, problem: tr(.placeImportNotGeoJSON))
            }
            for feature in features { try reader.add(feature, line: 1) }
            return reader
        }
        var lines = LineSplitter()
        try lines.feed(data) { line, number in try reader.addLine(line, number: number) }
        try lines.finish { line, number in try reader.addLine(line, number: number) }
        return reader
    }

    /// One line of a sequence (a leading record separator and blank lines are allowed).
    mutating func addLine(_ line: ArraySlice<UInt8>, number: Int) throws {
        var bytes = line
        while let first = bytes.first, [0x1E, 0x20, 0x09, 0x0D].contains(first) { bytes = bytes.dropFirst() }
        if bytes.isEmpty { return }
        // A feature without a `name` key cannot become a place: most of an extract's lines
        // (roads, buildings) are checked for being one object and skipped unparsed.
        if skipsUnnamed, !Self.contains(bytes, Self.nameKey) {
            while let last = bytes.last, [0x20, 0x09, 0x0D].contains(last) { bytes = bytes.dropLast() }
            guard bytes.first == 0x7B, bytes.last == 0x7D else {
                throw PlaceImporter.Rejection(line: number, problem: tr(.placeImportNotGeoJSON))
            }
            return
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) else {
            throw PlaceImporter.Rejection(line: number, problem: tr(.placeImportNotGeoJSON))
        }
        try add(object, line: number)
    }

    mutating func add(_ object: Any, line: Int) throws {
        guard let feature = object as? [String: Any], feature["type"] as? String == "Feature" else {
            throw PlaceImporter.Rejection(line: line, problem: tr(.placeImportNotGeoJSON))
        }
        var tags: [String: String] = [:]
        for (key, value) in feature["properties"] as? [String: Any] ?? [:] {
            if let text = value as? String {
                tags[key] = text
            } else if let number = value as? NSNumber {
                tags[key] = number.stringValue
            }
        }
        let osm = OSMTags(tags: tags)
        guard let name = osm.name else { return }
        let osmID = Self.osmID(feature["id"], tags)
        if osmID != nil && !osm.isPointOfInterest { return }
        guard let centre = try Self.centre(feature["geometry"], line: line) else { return }
        let id = osmID ?? "geo-" + PlaceImporter.stableHash("\(name)\u{1F}\(centre.latitude)\u{1F}\(centre.longitude)")
        guard seen.insert(id).inserted else { return }
        guard let clean = Self.clean(name) else {
            skipped += 1
            return
        }
        let korean = osm.koreanName.flatMap(Self.clean) ?? (PlaceImporter.isHangulName(clean) ? clean : nil)
        let alternates = osm.alternateNames.compactMap(Self.clean).filter { $0 != clean && $0 != korean }
        let country = tags["addr:country"].map { countries[$0] ?? $0 } ?? ""
        places.append(
            Place(
                placeID: id, name: clean, koreanName: korean, alternateNames: alternates, countryName: country,
                latitude: centre.latitude, longitude: centre.longitude,
                explicitAddress: osm.address.flatMap(Self.clean), category: osm.category))
    }

    /// A name when it is safe to show and no longer than a name may be.
    static func clean(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, SafeText.firstUnsafe(in: Substring(trimmed)) == nil,
            trimmed.utf8.count <= PlaceImporter.maxNameLength || trimmed.count <= PlaceImporter.maxNameLength
        else { return nil }
        return trimmed
    }

    /// `osm:N123` for osmium's `n123`, `w45` and `a90` (an area: even from way 45, odd from a
    /// relation), or for `@type`/`@id` properties; `nil` for other ids.
    static func osmID(_ id: Any?, _ tags: [String: String]) -> String? {
        if let type = tags["@type"], let number = tags["@id"], UInt64(number) != nil,
            let letter = ["node": "N", "way": "W", "relation": "R"][type]
        {
            return "osm:" + letter + number
        }
        guard let text = id as? String, let kind = text.first, let number = UInt64(text.dropFirst()) else {
            return nil
        }
        switch kind {
        case "n": return "osm:N\(number)"
        case "w": return "osm:W\(number)"
        case "r": return "osm:R\(number)"
        case "a": return number % 2 == 0 ? "osm:W\(number / 2)" : "osm:R\(number / 2)"
        default: return nil
        }
    }

    /// The point, or the mean of the first ring's (or line's) points; `nil` for no geometry.
    static func centre(_ geometry: Any?, line: Int) throws -> Coordinate? {
        guard let geometry = geometry as? [String: Any], var coordinates = geometry["coordinates"] else { return nil }
        // Down to the first list of positions (a Point is one position).
        while let list = coordinates as? [Any], let first = list.first, first is [Any],
            (first as? [Any])?.first is [Any]
        {
            coordinates = first
        }
        var positions: [[Double]]
        if let list = coordinates as? [[Double]] {
            positions = list
            if positions.count > 1, positions.first == positions.last { positions.removeLast() }
        } else if let point = coordinates as? [Double] {
            positions = [point]
        } else {
            throw PlaceImporter.Rejection(line: line, problem: tr(.placeImportNotGeoJSON))
        }
        guard !positions.isEmpty, positions.allSatisfy({ $0.count >= 2 }) else {
            throw PlaceImporter.Rejection(line: line, problem: tr(.placeImportNotGeoJSON))
        }
        let longitude = positions.map { $0[0] }.reduce(0, +) / Double(positions.count)
        let latitude = positions.map { $0[1] }.reduce(0, +) / Double(positions.count)
        _ = try PlaceImporter.coordinate(
            Substring(String(latitude)), Substring(String(longitude)), line: line)
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}

/// Splits bytes arriving in chunks into lines, numbered from 1 (a `\r` before `\n` is kept;
/// readers skip it).
struct LineSplitter {
    private var pending: [UInt8] = []
    private var number = 0

    mutating func feed<Chunk: Collection<UInt8>>(_ chunk: Chunk, _ body: (ArraySlice<UInt8>, Int) throws -> Void)
        throws
    {
        pending.append(contentsOf: chunk)
        var start = 0
        let count = pending.count
        while true {
            var end = start
            let found = pending.withUnsafeBufferPointer { buffer -> Bool in
                guard start < count,
                    let hit = memchr(buffer.baseAddress! + start, 0x0A, count - start)
                else { return false }
                end = buffer.baseAddress!.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                return true
            }
            guard found else { break }
            number += 1
            try body(pending[start..<end], number)
            start = end + 1
        }
        pending.removeFirst(start)
    }

    mutating func finish(_ body: (ArraySlice<UInt8>, Int) throws -> Void) throws {
        if !pending.isEmpty {
            number += 1
            try body(pending[...], number)
        }
        pending = []
    }
}
