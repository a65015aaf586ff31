import Foundation

/// The file formats favorites are exported to and imported from.
public enum FavoritesFormat: String, CaseIterable, Sendable {
    /// `Name,Address,Latitude,Longitude,Description,URL` (RFC 4180), the shape people pass
    /// around when leaving KakaoMap, then an online place's `Category,Road Address,Phone`;
    /// the memo is the Description.
    case csv
    /// `{"folders": [FOLDER…], "favorites": [FAVORITE…]}`, FAVORITE as in `favorites list`.
    case json
    /// A FeatureCollection of Points with the CSV's columns as properties (Google Takeout's
    /// "Saved Places.json" is one too, its name and address under `properties.location`).
    case geojson
    /// GPX 1.1 waypoints (OsmAnd, Organic Maps, GPS units), their extensions read.
    case gpx
    /// KML placemarks (Google My Maps, Organic Maps), in their folders.
    case kml

    public static let csvHeader = [
        "Name", "Address", "Latitude", "Longitude", "Description", "URL", "Category", "Road Address", "Phone",
    ]

    /// The format named `text` (any case), or `nil`.
    public static func named(_ text: String) -> FavoritesFormat? {
        FavoritesFormat(rawValue: text.lowercased())
    }

    /// Whether a file starting with `prefix` is CSV (see `detect`: only its first character
    /// decides that), which an import reads a chunk at a time.
    public static func isCSV(startingWith prefix: Data) -> Bool {
        detect(String(decoding: prefix, as: UTF8.self)) == .csv
    }

    /// The format of a file's text: XML when it starts with `<` (KML when its root is `kml`,
    /// GPX otherwise), JSON when it starts with `{` or `[` (GeoJSON when its `type` is
    /// `FeatureCollection`), CSV otherwise.
    static func detect(_ text: String) -> FavoritesFormat {
        let start = text.unicodeScalars.first { !" \t\r\n\u{FEFF}".unicodeScalars.contains($0) }
        if start == "<" { return text.contains("<kml") || text.contains(":kml") ? .kml : .gpx }
        guard start == "{" || start == "[" else { return .csv }
        return text.contains("\"FeatureCollection\"") ? .geojson : .json
    }
}
