import Foundation
import PlaceCatalog

/// Coordinates are PlaceCatalog's `Coordinate` (numbers, not the original notes' strings).
extension Coordinate {
    /// Whether latitude is in -90…90 and longitude in -180…180 (and both finite).
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }
}

/// `favorites/{uid}/favorites/{placeID}`: a saved place.
public struct FavoritePlace: Codable, Equatable, Sendable {
    public var placeName: String
    /// The catalog id as text (GeoNames ids are numbers: `"1835848"` is Seoul).
    public var placeID: String
    public var address: String
    public var coordinate: Coordinate
    public var savedAt: Date
    /// Copied from an online place (`kakao:…`, `osm:…`) so it shows without the network;
    /// absent for catalog places.
    public var category: String?
    public var phone: String?
    public var roadAddress: String?
    public var url: String?

    public init(placeName: String, placeID: String, address: String, coordinate: Coordinate, savedAt: Date,
                category: String? = nil, phone: String? = nil, roadAddress: String? = nil, url: String? = nil) {
        self.placeName = placeName
        self.placeID = placeID
        self.address = address
        self.coordinate = coordinate
        self.savedAt = savedAt
        self.category = category
        self.phone = phone
        self.roadAddress = roadAddress
        self.url = url
    }
}
