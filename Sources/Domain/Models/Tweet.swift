import Foundation

/// `tweets/{tweetId}`: a post. `likes` changes only through like / unlike, and always
/// equals the number of `user-likes` documents naming this post.
public struct Tweet: Codable, Equatable, Sendable, Identifiable {
    public var id: String
    public var caption: String
    public var timestamp: Date
    /// The author.
    public var uid: String
    public var likes: Int
    /// The catalog place the post is about (a GeoNames id as text), if any.
    public var placeID: String?
    /// When the caption was last changed (`tern posts edit`, `E`), nil for a post never edited.
    public var editedAt: Date?

    public init(
        id: String, caption: String, timestamp: Date, uid: String, likes: Int = 0, placeID: String? = nil,
        editedAt: Date? = nil
    ) {
        self.id = id
        self.caption = caption
        self.timestamp = timestamp
        self.uid = uid
        self.likes = likes
        self.placeID = placeID
        self.editedAt = editedAt
    }
}

/// `users/{uid}/user-likes/{tweetId}`: that the user liked the post, and when.
public struct UserLike: Codable, Equatable, Sendable {
    public var likedAt: Date

    public init(likedAt: Date) {
        self.likedAt = likedAt
    }
}
