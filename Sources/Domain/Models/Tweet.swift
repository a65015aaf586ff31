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
    /// How many people reposted it: changes only through repost / unrepost, and equals the
    /// number of `user-reposts` documents naming this post (0 when the field is absent).
    public var reposts: Int = 0
    /// The catalog place the post is about (a GeoNames id as text), if any.
    public var placeID: String?
    /// When the caption was last changed (`tern posts edit`, `E`), nil for a post never edited.
    public var editedAt: Date?
    // Replies (issue 28)
    /// The post this one answers, nil for a post that answers none.
    public var replyTo: String?
    /// The answered post's author, stored with the reply (the server sets it from the parent).
    public var replyToUid: String?
    /// How many posts answer this one: changes only with a reply written or deleted, and equals
    /// the number of posts whose `replyTo` names it (0 when the field is absent).
    public var replies: Int = 0
    // post-places (issue 29)
    /// The copy of the place made when the post was written (`PostPlace`); nil for a post
    /// without one (a sample post names only its catalog `placeID`).
    public var place: PostPlace?

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

    private enum CodingKeys: String, CodingKey {
        case id, caption, timestamp, uid, likes, reposts, placeID, replyTo, replyToUid, replies, place
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            caption: try container.decode(String.self, forKey: .caption),
            timestamp: try container.decode(Date.self, forKey: .timestamp),
            uid: try container.decode(String.self, forKey: .uid),
            likes: try container.decode(Int.self, forKey: .likes),
            placeID: try container.decodeIfPresent(String.self, forKey: .placeID))
        reposts = try container.decodeIfPresent(Int.self, forKey: .reposts) ?? 0
        replyTo = try container.decodeIfPresent(String.self, forKey: .replyTo)
        replyToUid = try container.decodeIfPresent(String.self, forKey: .replyToUid)
        replies = try container.decodeIfPresent(Int.self, forKey: .replies) ?? 0
        place = try container.decodeIfPresent(PostPlace.self, forKey: .place)
    }
}

/// `users/{uid}/user-likes/{tweetId}`: that the user liked the post, and when.
public struct UserLike: Codable, Equatable, Sendable {
    public var likedAt: Date

    public init(likedAt: Date) {
        self.likedAt = likedAt
    }
}
