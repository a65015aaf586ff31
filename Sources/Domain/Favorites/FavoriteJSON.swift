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
    /// What an online place brought (`kakao:…`); absent for catalog places.
    public var category: String?
    public var roadAddress: String?
    public var phone: String?
    public var url: String?

    public init(_ favorite: FavoritePlace, folderNames: [String]) {
        placeID = favorite.placeID
        placeName = favorite.placeName
        address = favorite.address
        coordinate = favorite.coordinate
        savedAt = favorite.savedAt
        folders = folderNames
        memo = favorite.memo
        color = favorite.color?.rawValue
        category = favorite.category
        roadAddress = favorite.roadAddress
        phone = favorite.phone
        url = favorite.url
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
        try container.encodeIfPresent(category, forKey: .category)
        try container.encodeIfPresent(roadAddress, forKey: .roadAddress)
        try container.encodeIfPresent(phone, forKey: .phone)
        try container.encodeIfPresent(url, forKey: .url)
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
    /// The place ids in the person's own order (`sort` `manual`); absent when none is kept.
    public var manualOrder: [String]?
    // How many follow the folder; whether it is someone else's, followed here, and whose.
    public var followers: Int
    public var followed: Bool
    /// Only on a followed folder (one's own folders leave it out).
    public var owner: FolderOwner?

    public init(_ folder: FavoriteFolder, count: Int, owner: FolderOwner? = nil) {
        name = folder.name
        color = folder.color.rawValue
        visibility = folder.visibility.rawValue
        sort = folder.sort.rawValue
        self.count = count
        isDefault = folder.isDefault
        manualOrder = folder.manualOrder.isEmpty ? nil : folder.manualOrder
        followers = folder.followers
        followed = owner != nil
        self.owner = owner
    }
}
