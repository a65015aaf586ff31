import DocStore
import Foundation

/// One row of the feed: the post, its author's names, and whether the viewer liked it.
/// The shape of `tern feed --json` (`placeID` and `likedAt` aside).
public struct FeedPost: Equatable, Sendable, Identifiable {
    public var id: String
    public var caption: String
    public var timestamp: Date
    /// The author's uid.
    public var uid: String
    /// The author's username and display name (empty when the author has not onboarded or
    /// no longer exists).
    public var username: String
    public var displayName: String
    public var likes: Int
    /// Whether the signed-in viewer likes the post (always false signed out).
    public var didLike: Bool
    public var placeID: String?
    /// When the viewer liked it, in the Liked view.
    public var likedAt: Date?
    /// The author's picture as stored (`User.avatar`), nil without one.
    public var avatar: String?
    /// When the caption was last changed; nil for a post never edited (shown `(edited)`).
    public var editedAt: Date?
    // Conversations
    /// How many people reposted it.
    public var reposts: Int = 0
    /// Whether the signed-in viewer reposted it (always false signed out).
    public var didRepost = false
    /// Whether the signed-in viewer bookmarked it (always false signed out).
    public var didBookmark = false
    /// When the viewer bookmarked it, in the Bookmarks view.
    public var bookmarkedAt: Date?
    // Replies
    /// The post this one answers, nil for a post that answers none.
    public var replyTo: String?
    /// The answered post's author's username ("" when unknown), for `↳ @name`.
    public var replyToUsername: String?
    /// How many posts answer this one.
    public var replies = 0
    /// A thread's stand-in for a parent that was deleted: only `id` is meaningful.
    public var isDeleted = false
    // people
    /// The accounts the caption mentions (`@name`), in order, each once: drawn as mentions,
    /// and what `m` opens.
    public var mentions: [PostMention] = []
    // timeline: the Following view
    /// Who of the people the viewer follows reposted it (the newest such repost), in the
    /// Following view; nil elsewhere.
    public var repostedBy: FeedPerson?
    /// Its place in the Following view's order: when it was posted, or reposted.
    public var timelineAt: Date?
    // post-places
    /// The copy of the place the post carries, nil when it has none (`Tweet.place`).
    public var place: PostPlace?

    public init(
        id: String, caption: String, timestamp: Date, uid: String, username: String, displayName: String,
        likes: Int, didLike: Bool, placeID: String? = nil, likedAt: Date? = nil
    ) {
        self.id = id
        self.caption = caption
        self.timestamp = timestamp
        self.uid = uid
        self.username = username
        self.displayName = displayName
        self.likes = likes
        self.didLike = didLike
        self.placeID = placeID
        self.likedAt = likedAt
    }

    /// The stored post without the viewer's state.
    public var tweet: Tweet {
        var tweet = Tweet(
            id: id, caption: caption, timestamp: timestamp, uid: uid, likes: likes, placeID: placeID,
            editedAt: editedAt)
        tweet.reposts = reposts
        tweet.replyTo = replyTo
        tweet.replies = replies
        tweet.place = place
        return tweet
    }
}

/// Where the next page starts: opaque, taken from the last row of a page.
public struct FeedCursor: @unchecked Sendable {
    // @unchecked: an immutable snapshot (see `DocumentSnapshot`).
    let snapshot: DocumentSnapshot
}

/// One page of rows, newest (or most recently liked) first; `next` is nil on the last page.
public struct FeedPage: Sendable {
    public var posts: [FeedPost]
    public var next: FeedCursor?
    /// What was left out because it could not be read (a post a broken or hostile client
    /// wrote), as one line to show; nil when nothing was.
    public var notice: String?
    /// Whether this page reaches the feed's last row: by default when there is no `next`.
    public var isEnd: Bool

    public init(posts: [FeedPost], next: FeedCursor?, notice: String? = nil, isEnd: Bool? = nil) {
        self.posts = posts
        self.next = next
        self.notice = notice
        self.isEnd = isEnd ?? (next == nil)
    }
}

/// Which posts a feed shows.
public enum FeedKind: Equatable, Sendable {
    /// Every post, newest first.
    case all
    /// The posts the viewer liked, most recently liked first (needs a signed-in viewer).
    case liked
    /// One user's posts, newest first.
    case author(uid: String)
    /// The posts the viewer bookmarked, most recently bookmarked first (needs a signed-in viewer).
    case bookmarks
    /// The home timeline: the posts of the people the viewer follows and the viewer's own,
    /// with their reposts, newest first (needs a signed-in viewer).
    case following
    /// The posts about one place (their `placeID`), newest first: a place's posts (`p` on its detail).
    case place(id: String)
}

extension Tweet {
    /// A post document decoded by hand: the id is the document's, not a field.
    init(snapshot: DocumentSnapshot) throws {
        guard let caption = snapshot.get("caption")?.stringValue,
            let timestamp = snapshot.get("timestamp")?.dateValue,
            let uid = snapshot.get("uid")?.stringValue
        else { throw StoreError.coding("\(snapshot.reference.path) is not a post") }
        self.init(
            id: snapshot.documentID, caption: caption, timestamp: timestamp, uid: uid,
            likes: Int(snapshot.get("likes")?.intValue ?? 0), placeID: snapshot.get("placeID")?.stringValue,
            editedAt: snapshot.get("editedAt")?.dateValue)
        reposts = Int(snapshot.get("reposts")?.intValue ?? 0)
        replyTo = snapshot.get("replyTo")?.stringValue
        replyToUid = snapshot.get("replyToUid")?.stringValue
        replies = Int(snapshot.get("replies")?.intValue ?? 0)
        place = PostPlace(field: snapshot.get("place"))
    }

    /// The fields stored at `tweets/{id}`.
    var fields: [String: WriteValue] {
        var fields: [String: WriteValue] = [
            "caption": .string(caption), "timestamp": .timestamp(timestamp), "uid": .string(uid), "likes": .int(likes),
        ]
        if let placeID { fields["placeID"] = .string(placeID) }
        if let editedAt { fields["editedAt"] = .timestamp(editedAt) }
        if reposts != 0 { fields["reposts"] = .int(reposts) }
        if let replyTo { fields["replyTo"] = .string(replyTo) }
        if let replyToUid { fields["replyToUid"] = .string(replyToUid) }
        if replies != 0 { fields["replies"] = .int(replies) }
        if let place { fields["place"] = place.field }
        return fields
    }
}
