import Foundation
import PlaceCatalog

/// A favorite in its JSON shape (`favorites list`, the JSON export): the saved place's
/// fields, plus the names of its folders, its memo and its colour.
public struct FavoriteJSON: Codable, Equatable, Sendable {
    public var placeID: String
    public var placeName: String
    public var address: String
    public var coordinate: Coordinate
    public var savedAt: Date
    public var folders: [String]
    public var memo: String
    /// nil (`null`) when the place uses its folder's colour.
    public var color: String?

    public init(_ favorite: FavoritePlace, folderNames: [String]) {
        placeID = favorite.placeID
        placeName = favorite.placeName
        address = favorite.address
        coordinate = favorite.coordinate
        savedAt = favorite.savedAt
        folders = folderNames
        memo = favorite.memo
        color = favorite.color?.rawValue
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(placeID, forKey: .placeID)
        try container.encode(placeName, forKey: .placeName)
        try container.encode(address, forKey: .address)
        try container.encode(coordinate, forKey: .coordinate)
        try container.encode(savedAt, forKey: .savedAt)
        try container.encode(folders, forKey: .folders)
        try container.encode(memo, forKey: .memo)
        try container.encode(color, forKey: .color)
    }
}

/// A folder in its JSON shape (`favorites folders`, the JSON export).
public struct FolderJSON: Codable, Equatable, Sendable {
    public var name: String
    public var color: String
    public var visibility: String
    public var sort: String
    public var count: Int
    public var isDefault: Bool

    public init(_ folder: FavoriteFolder, count: Int) {
        name = folder.name
        color = folder.color.rawValue
        visibility = folder.visibility.rawValue
        sort = folder.sort.rawValue
        self.count = count
        isDefault = folder.isDefault
    }
}
