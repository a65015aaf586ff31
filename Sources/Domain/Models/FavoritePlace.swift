import Foundation
import PlaceCatalog

/// Coordinates are PlaceCatalog's `Coordinate` (numbers, not the original notes' strings).
extension Coordinate {
    /// Whether latitude is in -90…90 and longitude in -180…180 (and both finite).
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }
}

/// `favorites/{uid}/favorites/{placeID}`: a saved place, in one or several folders.
public struct FavoritePlace: Codable, Equatable, Sendable {
    public var placeName: String
    /// The catalog id as text (GeoNames ids are numbers: `"1835848"` is Seoul).
    public var placeID: String
    public var address: String
    public var coordinate: Coordinate
    public var savedAt: Date
    /// Ids of the folders holding the place (`FavoriteFolder`); a document saved before
    /// folders existed has none stored and reads as in the default folder.
    public var folders: [String]
    /// Up to 200 characters, one line or several; empty when none.
    public var memo: String
    /// The place's own colour; nil draws it in its folder's colour.
    public var color: FavoriteColor?
    /// Copied from an online place (`kakao:…`, `osm:…`) so it shows without the network;
    /// absent for catalog places.
    public var category: String?
    public var phone: String?
    public var roadAddress: String?
    public var url: String?

    public init(
        placeName: String, placeID: String, address: String, coordinate: Coordinate, savedAt: Date,
        folders: [String] = [FavoriteFolder.defaultID], memo: String = "", color: FavoriteColor? = nil,
        category: String? = nil, phone: String? = nil, roadAddress: String? = nil, url: String? = nil
    ) {
        self.placeName = placeName
        self.placeID = placeID
        self.address = address
        self.coordinate = coordinate
        self.savedAt = savedAt
        self.folders = folders
        self.memo = memo
        self.color = color
        self.category = category
        self.phone = phone
        self.roadAddress = roadAddress
        self.url = url
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        placeName = try container.decode(String.self, forKey: .placeName)
        placeID = try container.decode(String.self, forKey: .placeID)
        address = try container.decode(String.self, forKey: .address)
        coordinate = try container.decode(Coordinate.self, forKey: .coordinate)
        savedAt = try container.decode(Date.self, forKey: .savedAt)
        folders = try container.decodeIfPresent([String].self, forKey: .folders) ?? [FavoriteFolder.defaultID]
        memo = try container.decodeIfPresent(String.self, forKey: .memo) ?? ""
        color = try? container.decodeIfPresent(FavoriteColor.self, forKey: .color)
        category = try container.decodeIfPresent(String.self, forKey: .category)
        phone = try container.decodeIfPresent(String.self, forKey: .phone)
        roadAddress = try container.decodeIfPresent(String.self, forKey: .roadAddress)
        url = try container.decodeIfPresent(String.self, forKey: .url)
    }
}
