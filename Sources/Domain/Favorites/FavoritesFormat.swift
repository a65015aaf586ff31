/// The file formats favorites are exported to and imported from.
public enum FavoritesFormat: String, CaseIterable, Sendable {
    /// `Name,Address,Latitude,Longitude,Description,URL` (RFC 4180), the shape people pass
    /// around when leaving KakaoMap, then an online place's `Category,Road Address,Phone`;
    /// the memo is the Description.
    case csv
    /// `{"folders": [FOLDER…], "favorites": [FAVORITE…]}`, FAVORITE as in `favorites list`.
    case json
    /// A FeatureCollection of Points with the CSV's columns as properties.
    case geojson

    public static let csvHeader = [
        "Name", "Address", "Latitude", "Longitude", "Description", "URL", "Category", "Road Address", "Phone",
    ]

    /// The format named `text` (any case), or `nil`.
    public static func named(_ text: String) -> FavoritesFormat? {
        FavoritesFormat(rawValue: text.lowercased())
    }

    /// The format of a file's text: JSON when it starts with `{` or `[` (GeoJSON when its
    /// `type` is `FeatureCollection`), CSV otherwise.
    static func detect(_ text: String) -> FavoritesFormat {
        let start = text.unicodeScalars.first { !" \t\r\n\u{FEFF}".unicodeScalars.contains($0) }
        guard start == "{" || start == "[" else { return .csv }
        return text.contains("\"FeatureCollection\"") ? .geojson : .json
    }
}
