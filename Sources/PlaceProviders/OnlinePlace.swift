import PlaceCatalog

/// A place a provider found: everything Tern shows and saves of it, so a saved copy needs no
/// network. Unknown fields are nil, never empty strings.
public struct OnlinePlace: Codable, Equatable, Sendable {
    /// Prefixed with its source: `kakao:26338954`, `osm:N12345`.
    public var placeID: String
    public var source: PlaceSource
    public var name: String
    /// The lot-number (jibun) address, or OpenStreetMap's display name.
    public var address: String
    public var roadAddress: String?
    public var coordinate: Coordinate
    public var category: String?
    public var categoryCode: String?
    public var phone: String?
    public var url: String?
    /// Metres from the point the search was made around, when there was one.
    public var distance: Double?

    public init(
        placeID: String, source: PlaceSource, name: String, address: String, roadAddress: String? = nil,
        coordinate: Coordinate, category: String? = nil, categoryCode: String? = nil, phone: String? = nil,
        url: String? = nil, distance: Double? = nil
    ) {
        self.placeID = placeID
        self.source = source
        self.name = name
        self.address = address
        self.roadAddress = roadAddress
        self.coordinate = coordinate
        self.category = category
        self.categoryCode = categoryCode
        self.phone = phone
        self.url = url
        self.distance = distance
    }
}
