import Foundation

/// `users/{uid}`: the profile of an account. Field names follow the data model in docs/files.md.
/// Credentials are not here: they live outside the documents.
public struct User: Codable, Equatable, Sendable, Identifiable {
    public var id: String
    /// Normalised (trimmed, lowercased) at registration.
    public var email: String
    public var displayName: String
    /// Lowercase `a-z 0-9 _`, 3 to 15 (empty until onboarding).
    public var username: String
    public var bio: String
    public var avatarPath: String
    /// The picture as a small PNG data URL (`Validation.avatar`), nil without one; older
    /// profiles have no such field.
    public var avatar: String?
    public var followersCount: Int
    public var followingCount: Int
    public var createdOn: Date
    /// False at registration; true once display name and username are both set.
    public var isUserOnboarded: Bool

    public init(
        id: String, email: String, displayName: String = "", username: String = "", bio: String = "",
        avatarPath: String = "", followersCount: Int = 0, followingCount: Int = 0,
        createdOn: Date, isUserOnboarded: Bool = false, avatar: String? = nil
    ) {
        self.id = id
        self.email = email
        self.displayName = displayName
        self.username = username
        self.bio = bio
        self.avatarPath = avatarPath
        self.followersCount = followersCount
        self.followingCount = followingCount
        self.createdOn = createdOn
        self.isUserOnboarded = isUserOnboarded
        self.avatar = avatar
    }

    /// The record created at registration: not onboarded, empty profile.
    public static func newRegistration(id: String, email: String, createdOn: Date) -> User {
        User(id: id, email: email, createdOn: createdOn)
    }
}
