import Foundation

/// A change to a profile (`tern profile set`, the onboarding and edit forms): `nil` leaves
/// a field as it is. `apply(to:)` validates and normalises every given field and sets
/// `isUserOnboarded` once display name and username are both non-empty.
///
/// Username uniqueness needs the store: the services check it for `normalisedUsername`.
public struct ProfileEdit: Equatable, Sendable {
    public var displayName: String?
    public var username: String?
    public var bio: String?
    /// The picture as a PNG data URL (`Validation.avatar`); "" removes it.
    public var avatar: String?

    public init(displayName: String? = nil, username: String? = nil, bio: String? = nil, avatar: String? = nil) {
        self.displayName = displayName
        self.username = username
        self.bio = bio
        self.avatar = avatar
    }

    public var isEmpty: Bool { displayName == nil && username == nil && bio == nil && avatar == nil }

    /// The username as it will be stored (trimmed, lowercased), or nil when not changed.
    public func normalisedUsername() throws -> String? {
        try username.map(Validation.username)
    }

    /// `user` with this edit applied; throws the first `ValidationError` (display name,
    /// then username, then bio, then avatar) and changes nothing in that case.
    public func apply(to user: User) throws -> User {
        var updated = user
        if let displayName { updated.displayName = try Validation.displayName(displayName) }
        if let username { updated.username = try Validation.username(username) }
        if let bio { updated.bio = try Validation.bio(bio) }
        if let avatar { updated.avatar = avatar.isEmpty ? nil : try Validation.avatar(avatar) }
        updated.isUserOnboarded = !updated.displayName.isEmpty && !updated.username.isEmpty
        return updated
    }
}

extension SignInRequired {
    /// The session, or `SignInRequired(action)` when nobody is signed in.
    public static func check(_ session: Session?, _ action: Action) throws -> Session {
        guard let session else { throw SignInRequired(action) }
        return session
    }
}
