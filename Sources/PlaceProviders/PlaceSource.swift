/// Where a place came from, as PLACE's `"source"` says it.
public enum PlaceSource: String, Codable, Sendable, CaseIterable {
    case catalog, `import`, kakao, osm

    /// The provider's name in messages and the interface.
    public var displayName: String {
        switch self {
        case .catalog: return "catalog"
        case .import: return "import"
        case .kakao: return "Kakao"
        case .osm: return "OpenStreetMap"
        }
    }

    /// The source of a place id: `kakao:…` and `osm:…` are online, CSV imports start with
    /// `csv-` (GeoJSON without OpenStreetMap ids `geo-`), everything else is the GeoNames catalog.
    public static func of(placeID: String) -> PlaceSource {
        if placeID.hasPrefix("kakao:") { return .kakao }
        if placeID.hasPrefix("osm:") { return .osm }
        if placeID.hasPrefix("csv-") || placeID.hasPrefix("geo-") { return .import }
        return .catalog
    }

    public var isOnline: Bool { self == .kakao || self == .osm }
}
