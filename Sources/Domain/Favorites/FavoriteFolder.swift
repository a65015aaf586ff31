import Foundation
import Localization

/// `favorites/{uid}/folders/{folderID}`: a named, coloured group of favorites with its
/// kept order. Every user has the default folder (id `default`), which cannot be deleted.
public struct FavoriteFolder: Codable, Equatable, Sendable {
    public static let defaultID = "default"
    public static let defaultName = "Favorites"
    public static let nameMaxLength = 30

    public var id: String
    /// 1 to 30 characters, one line, unique per user ignoring case.
    public var name: String
    public var color: FavoriteColor
    public var visibility: FolderVisibility
    public var sort: FavoriteSort
    /// Place ids in the person's own order; places missing from it come first, newest first.
    public var manualOrder: [String]
    public var createdAt: Date
    /// How many people follow the folder (`FolderFollowService`); kept by the follows
    /// themselves, never by an edit of the folder.
    public var followers: Int = 0

    public init(
        id: String, name: String, color: FavoriteColor = .blue, visibility: FolderVisibility = .private,
        sort: FavoriteSort = .newest, manualOrder: [String] = [], createdAt: Date
    ) {
        self.id = id
        self.name = name
        self.color = color
        self.visibility = visibility
        self.sort = sort
        self.manualOrder = manualOrder
        self.createdAt = createdAt
    }

    public var isDefault: Bool { id == Self.defaultID }

    /// The name a person reads: the default folder is stored as `Favorites` (what exports carry)
    /// but reads in the run's language (`즐겨찾기`) until it is renamed.
    public var shownName: String {
        isDefault && name == Self.defaultName ? tr(.folderDefaultName) : name
    }

    /// The default folder as first created for a user.
    public static func makeDefault(createdAt: Date) -> FavoriteFolder {
        FavoriteFolder(id: defaultID, name: defaultName, createdAt: createdAt)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        color = (try? container.decode(FavoriteColor.self, forKey: .color)) ?? .blue
        visibility = (try? container.decode(FolderVisibility.self, forKey: .visibility)) ?? .private
        sort = (try? container.decode(FavoriteSort.self, forKey: .sort)) ?? .newest
        manualOrder = try container.decodeIfPresent([String].self, forKey: .manualOrder) ?? []
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        followers = (try? container.decode(Int.self, forKey: .followers)) ?? 0
    }
}
