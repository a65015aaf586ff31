import Foundation
import Localization
import PlaceCatalog

/// Why the shipped sample community cannot be used: one line naming the file.
public struct SampleCommunityError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    public let file: String
    public let reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { tr(.errorSampleCommunity, ["file": file, "reason": reason]) }
    public var errorDescription: String? { description }
}

/// The sample users, posts and likes a new data directory starts with
/// (`Resources/sample/community.json`, written by `scripts/make-sample-community.py`).
///
/// Times are stored as `ageMinutes` before "now", so seeding computes dates with
/// `users(now:)`, `tweets(now:)` and `likes(now:)` and the feed looks recent on any day.
/// Sample accounts have no credentials: the seeding code writes only their documents.
public struct SampleCommunity: Codable, Equatable, Sendable {
    public struct SampleUser: Codable, Equatable, Sendable {
        public var id: String
        public var email: String
        public var displayName: String
        public var username: String
        public var bio: String
        public var avatarPath: String
        public var followersCount: Int
        public var followingCount: Int
        /// Minutes before now the account was created.
        public var ageMinutes: Int
        public var isUserOnboarded: Bool
    }

    public struct SamplePost: Codable, Equatable, Sendable {
        public var id: String
        public var uid: String
        public var caption: String
        /// Minutes before now the post was written.
        public var ageMinutes: Int
        /// Equals the number of `likes` entries naming this post.
        public var likes: Int
        public var placeID: String?
    }

    public struct SampleLike: Codable, Equatable, Sendable {
        public var uid: String
        public var tweetId: String
        /// Minutes before now the like was given (never before the post).
        public var ageMinutes: Int
    }

    /// A like ready to write: `users/{uid}/user-likes/{tweetId}` with `like`.
    public struct LikeRecord: Equatable, Sendable {
        public var uid: String
        public var tweetId: String
        public var like: UserLike
    }

    public static let formatName = "tern-sample-community"
    public static let supportedVersion = 1

    public var format: String
    public var version: Int
    public var referenceDate: String?
    public var users: [SampleUser]
    public var posts: [SamplePost]
    public var likes: [SampleLike]

    /// `Resources/sample/community.json` under the resources directory.
    public static func file(in paths: AppPaths) -> String {
        paths.resourcesDirectory + "/sample/community.json"
    }

    /// The shipped community, checked against the resources' manifest first (it is read
    /// only to seed a new database).
    public static func load(paths: AppPaths) throws -> SampleCommunity {
        do {
            try ResourceManifest.verify(["sample/community.json"], resourcesDirectory: paths.resourcesDirectory)
        } catch let mismatch as ResourceManifest.Mismatch {
            throw SampleCommunityError(file: mismatch.file, reason: mismatch.reason)
        }
        return try load(file: file(in: paths))
    }

    /// Reads and validates the file; anything wrong is a `SampleCommunityError`.
    public static func load(file: String) throws -> SampleCommunity {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw SampleCommunityError(file: file, reason: tr(.sampleCannotRead))
        }
        return try decode(data, file: file)
    }

    public static func decode(_ data: Data, file: String) throws -> SampleCommunity {
        let community: SampleCommunity
        do {
            community = try JSONDecoder().decode(SampleCommunity.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw SampleCommunityError(file: file, reason: "missing \(key.stringValue) at \(Self.path(context))")
        } catch let DecodingError.typeMismatch(_, context) {
            throw SampleCommunityError(file: file, reason: "wrong type at \(Self.path(context))")
        } catch let DecodingError.valueNotFound(_, context) {
            throw SampleCommunityError(file: file, reason: "null at \(Self.path(context))")
        } catch {
            throw SampleCommunityError(file: file, reason: tr(.sampleNotJSON))
        }
        try community.validate(file: file)
        return community
    }

    /// Checks everything the seeding relies on: format and version, unique ids, valid and
    /// unique usernames (ignoring case) and emails, valid names, bios and captions, every
    /// post's author exists and the post is not older than the account, likes name existing
    /// users and posts, are not given twice, not by the author and not before the post,
    /// and each post's `likes` equals its number of likes.
    public func validate(file: String) throws {
        func fail(_ reason: String) -> SampleCommunityError { SampleCommunityError(file: file, reason: reason) }
        guard format == Self.formatName else { throw fail("format is not \(Self.formatName)") }
        guard version == Self.supportedVersion else { throw fail("unsupported version \(version)") }
        var usersByID: [String: SampleUser] = [:]
        var usernames = Set<String>()
        var emails = Set<String>()
        for user in users {
            guard !user.id.isEmpty, usersByID.updateValue(user, forKey: user.id) == nil else {
                throw fail("user id \"\(user.id)\" is empty or repeated")
            }
            do {
                guard try Validation.username(user.username) == user.username,
                    try Validation.displayName(user.displayName) == user.displayName,
                    try Validation.bio(user.bio) == user.bio,
                    try Validation.email(user.email) == user.email
                else { throw fail("user \(user.id) is not in normalised form") }
            } catch let error as ValidationError {
                throw fail("user \(user.id): \(error)")
            }
            guard usernames.insert(user.username).inserted else { throw fail("username \(user.username) is repeated") }
            guard emails.insert(user.email).inserted else { throw fail("email \(user.email) is repeated") }
            guard user.ageMinutes >= 0, user.followersCount >= 0, user.followingCount >= 0 else {
                throw fail("user \(user.id) has a negative number")
            }
        }
        var postsByID: [String: SamplePost] = [:]
        for post in posts {
            guard !post.id.isEmpty, postsByID.updateValue(post, forKey: post.id) == nil else {
                throw fail("post id \"\(post.id)\" is empty or repeated")
            }
            guard let author = usersByID[post.uid] else { throw fail("post \(post.id) names unknown user \(post.uid)") }
            do {
                guard try Validation.postText(post.caption) == post.caption else {
                    throw fail("post \(post.id) caption is not trimmed")
                }
            } catch let error as ValidationError {
                throw fail("post \(post.id): \(error)")
            }
            guard post.ageMinutes >= 0, post.ageMinutes <= author.ageMinutes else {
                throw fail("post \(post.id) is older than its author's account")
            }
            if let placeID = post.placeID, placeID.isEmpty || !placeID.allSatisfy(\.isNumber) {
                throw fail("post \(post.id) has placeID \"\(placeID)\", not a GeoNames id")
            }
        }
        var counts: [String: Int] = [:]
        var pairs = Set<String>()
        for like in likes {
            guard usersByID[like.uid] != nil else { throw fail("a like names unknown user \(like.uid)") }
            guard let post = postsByID[like.tweetId] else { throw fail("a like names unknown post \(like.tweetId)") }
            guard pairs.insert(like.uid + "\u{0}" + like.tweetId).inserted else {
                throw fail("\(like.uid) likes \(like.tweetId) twice")
            }
            guard like.ageMinutes >= 0, like.ageMinutes <= post.ageMinutes else {
                throw fail("\(like.uid) likes \(like.tweetId) before it was posted")
            }
            counts[like.tweetId, default: 0] += 1
        }
        for post in posts where post.likes != counts[post.id, default: 0] {
            throw fail("post \(post.id) says \(post.likes) likes but has \(counts[post.id, default: 0])")
        }
    }

    // MARK: Documents, dated from `now`

    /// The profiles. Their follow counters are those of `follows` (not the file's numbers,
    /// which no follow documents back), so that they equal the documents, as every
    /// counter does.
    public func users(now: Date) -> [User] {
        let follows = follows()
        let followers = Dictionary(grouping: follows, by: \.followed).mapValues(\.count)
        let following = Dictionary(grouping: follows, by: \.follower).mapValues(\.count)
        return users.map {
            User(
                id: $0.id, email: $0.email, displayName: $0.displayName, username: $0.username, bio: $0.bio,
                avatarPath: $0.avatarPath, followersCount: followers[$0.id, default: 0],
                followingCount: following[$0.id, default: 0],
                createdOn: Self.date($0.ageMinutes, before: now), isUserOnboarded: $0.isUserOnboarded)
        }
    }

    /// Who follows whom among the sample accounts: each follows the next two in the file's
    /// order, and everyone the second (the community's best known).
    public func follows() -> [(follower: String, followed: String)] {
        let ids = users.map(\.id)
        guard ids.count > 2 else { return [] }
        var pairs: [(follower: String, followed: String)] = []
        for (index, id) in ids.enumerated() {
            var followed = [ids[(index + 1) % ids.count], ids[(index + 2) % ids.count]]
            if !followed.contains(ids[1]) { followed.append(ids[1]) }
            for other in followed where other != id { pairs.append((id, other)) }
        }
        return pairs
    }

    public func tweets(now: Date) -> [Tweet] {
        posts.map {
            Tweet(
                id: $0.id, caption: $0.caption, timestamp: Self.date($0.ageMinutes, before: now),
                uid: $0.uid, likes: $0.likes, placeID: $0.placeID)
        }
    }

    public func likes(now: Date) -> [LikeRecord] {
        likes.map {
            LikeRecord(uid: $0.uid, tweetId: $0.tweetId, like: UserLike(likedAt: Self.date($0.ageMinutes, before: now)))
        }
    }

    static func date(_ minutes: Int, before now: Date) -> Date {
        // Whole seconds, so stored and re-read times compare equal.
        Date(timeIntervalSince1970: (now.timeIntervalSince1970 - Double(minutes) * 60).rounded(.down))
    }

    static func path(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "top level" : path
    }
}
