import DocStore
import Foundation
import PlaceCatalog

/// People: finding accounts by name (`search`), a profile with its counts (`profile`), the
/// accounts a post's text mentions (`mentionedAccounts`), and mutes (`MuteService`).
public final class PeopleService: @unchecked Sendable {
    // @unchecked: `store` and `users` never change; the store serialises every call.
    let store: DocumentStore
    let users: UserService

    public init(store: DocumentStore) {
        self.store = store
        self.users = UserService(store: store)
    }

    /// Accounts whose display name or username matches `query` as the place search matches
    /// a place's name (`PeopleSearch`), best first, at most `limit`. Accounts that have not
    /// chosen a username yet are left out. One query: a community's profiles, read whole.
    public func search(_ query: String, limit: Int = 50) throws -> [User] {
        let documents = try store.collection("users").getDocuments().documents
        let everyone = DecodedDocuments(documents) { try $0.data(as: User.self) }.values
        return PeopleSearch.ranked(everyone, matching: query, limit: limit)
    }

    /// The account named `name` (`@name` or `name`) with how many posts it wrote, or
    /// `ServiceError.userNotFound`.
    public func profile(named name: String, tweets: TweetService) throws -> PersonProfile {
        let user = try users.person(named: name)
        return PersonProfile(user: user, posts: try tweets.count(.author(uid: user.id), viewer: nil))
    }

    /// The existing accounts `text` mentions (`@name`), in the order of their first mention,
    /// each once, at most `Mentions.limit`: one query whatever their number. Names nobody
    /// has are left out. What a notification of mentions needs.
    public func mentionedAccounts(in text: String) throws -> [User] {
        try accounts(named: Mentions.names(in: text))
    }

    /// The accounts among `names` (lowercase usernames), in their order.
    public func accounts(named names: [String]) throws -> [User] {
        guard !names.isEmpty else { return [] }
        let found = try store.collection("users").whereField("username", in: names.map { .string($0) })
            .getDocuments().documents.compactMap { try? $0.data(as: User.self) }
        let byName = Dictionary(found.map { ($0.username, $0) }, uniquingKeysWith: { first, _ in first })
        return names.compactMap { byName[$0] }
    }
}

extension UserService {
    /// The account with `name` (`@name` or `name`, any case), or `ServiceError.userNotFound`.
    public func person(named name: String) throws -> User {
        let bare = name.hasPrefix("@") ? String(name.dropFirst()) : name
        guard !bare.isEmpty, let user = try user(username: bare) else {
            throw ServiceError.userNotFound(name.hasPrefix("@") ? name : "@" + name)
        }
        return user
    }
}

/// A profile as `tern profile show` prints it: the account and how many posts it wrote.
public struct PersonProfile: Equatable, Sendable {
    public var user: User
    public var posts: Int

    public init(user: User, posts: Int) {
        self.user = user
        self.posts = posts
    }
}

/// The people search's matching and order: the place search's own matcher (`TextQuery`,
/// PlaceCatalog) over a person's display name and username; exact before prefix before
/// word prefix before substring, then more followers first, then the username.
public enum PeopleSearch {
    /// How `query` matches `user` at best (the better of the display name and the username),
    /// nil when it does not. An empty query matches everyone (as a prefix).
    public static func match(_ query: TextQuery, _ user: User) -> MatchKind? {
        if query.isEmpty { return .prefix }
        let kinds = [user.displayName, user.username].compactMap { query.bestMatch(in: $0)?.kind }
        return kinds.min()
    }

    /// The accounts of `users` that match `query`, best first, at most `limit`; accounts
    /// without a username are left out.
    public static func ranked(_ users: [User], matching query: String, limit: Int) -> [User] {
        let prepared = TextQuery(query)
        let matched = users.compactMap { user -> (User, MatchKind)? in
            guard !user.username.isEmpty, let kind = match(prepared, user) else { return nil }
            return (user, kind)
        }
        let sorted = matched.sorted { left, right in
            if left.1 != right.1 { return left.1 < right.1 }
            if left.0.followersCount != right.0.followersCount {
                return left.0.followersCount > right.0.followersCount
            }
            return left.0.username < right.0.username
        }
        return sorted.prefix(max(0, limit)).map(\.0)
    }

    // search: what the interface emphasises in a person found.
    /// The parts of `user`'s display name and username that `query` matched (`Character`
    /// offsets), nil where it matched nothing or is empty.
    public static func highlight(_ query: String, in user: User) -> PersonHighlight {
        let prepared = TextQuery(query)
        guard !prepared.isEmpty else { return PersonHighlight() }
        return PersonHighlight(
            displayName: prepared.bestMatch(in: user.displayName)?.range,
            username: prepared.bestMatch(in: user.username)?.range)
    }
}

/// Where a people search matched one person: the parts of the display name and the username.
public struct PersonHighlight: Equatable, Sendable {
    public var displayName: Range<Int>?
    public var username: Range<Int>?

    public init(displayName: Range<Int>? = nil, username: Range<Int>? = nil) {
        self.displayName = displayName
        self.username = username
    }
}

/// `@name` in a post's text: a username (3 to 15 of `a-z 0-9 _`, any case in the text)
/// after an `@` that starts the text or follows a character that cannot be in a username
/// (so `mina@example.com` mentions nobody).
public enum Mentions {
    /// How many distinct names one text's mentions resolve at most.
    public static let limit = 20

    /// One `@name` in a text: the lowercase name and the `Character` offsets of `@name`.
    public struct Span: Equatable, Sendable {
        public var name: String
        public var range: Range<Int>
    }

    /// Every `@name` in `text`, in order (the same name as often as it is written).
    public static func spans(in text: String) -> [Span] {
        let characters = Array(text)
        var spans: [Span] = []
        var index = 0
        while index < characters.count {
            defer { index += 1 }
            guard characters[index] == "@", index == 0 || !isNameCharacter(characters[index - 1]) else { continue }
            var end = index + 1
            while end < characters.count, isNameCharacter(characters[end]) { end += 1 }
            let length = end - index - 1
            guard (3...15).contains(length) else { continue }
            spans.append(Span(name: String(characters[(index + 1)..<end]).lowercased(), range: index..<end))
            index = end - 1
        }
        return spans
    }

    /// The distinct names `text` mentions, in the order of their first mention, at most `limit`.
    public static func names(in text: String) -> [String] {
        var seen = Set<String>()
        return Array(spans(in: text).map(\.name).filter { seen.insert($0).inserted }.prefix(limit))
    }

    static func isNameCharacter(_ character: Character) -> Bool {
        guard character.isASCII, let scalar = character.unicodeScalars.first else { return false }
        return character.isLetter || character.isNumber || scalar == "_"
    }
}

extension TweetService {
    /// `rows` with the mentions of existing accounts filled in (`FeedPost.mentions`): one
    /// query for the page's names, none when no caption mentions anyone.
    func withMentions(_ rows: [FeedPost]) throws -> [FeedPost] {
        let named = rows.map { Mentions.names(in: $0.caption) }
        let names = Array(Set(named.joined()))
        guard !names.isEmpty else { return rows }
        countQuery()
        let existing = Dictionary(
            try PeopleService(store: store).accounts(named: names).map { ($0.username, $0.id) },
            uniquingKeysWith: { first, _ in first })
        var rows = rows
        for index in rows.indices {
            rows[index].mentions = named[index].compactMap { name in
                existing[name].map { PostMention(uid: $0, username: name) }
            }
        }
        return rows
    }
}

/// An account a post mentions: whose profile `m` opens.
public struct PostMention: Equatable, Sendable {
    public var uid: String
    public var username: String

    public init(uid: String, username: String) {
        self.uid = uid
        self.username = username
    }
}

extension TweetService {
    /// The uids of the existing accounts `caption` mentions, when this store records the
    /// notifications (a team server's `tern_notify` trigger records its own): one query, none
    /// for a caption without `@name`.
    func mentionedHere(in caption: String) throws -> [String] {
        guard !rowsOffThread, NotificationRecord.recordsHere else { return [] }
        return try PeopleService(store: store).mentionedAccounts(in: caption).map(\.id)
    }

    /// Notifies each of `mentioned` of the post `postID`, in the post's own transaction.
    func recordMentions(of mentioned: [String], postID: String, author: String, in transaction: Transaction) throws {
        for uid in mentioned {
            try NotificationRecord.record(
                .mention, recipient: uid, actor: author, postID: postID, in: transaction, store: store)
        }
    }

    /// An edit's mentions, in the edit's transaction, as the server's `tern_notify_edited`
    /// makes them: each account the new text names (`mentioned`) and the old one (`stored`'s)
    /// did not is notified once (not again while a mention of this post is in its list, read
    /// or not), and each the edit no longer names loses its mention while unread, as when
    /// the post is deleted. A reply's parent author hears of the reply only.
    func recordMentionEdits(
        of stored: DocumentSnapshot, now mentioned: [String], author: String, in transaction: Transaction
    ) throws {
        let postID = stored.documentID
        let answered = stored.get("replyTo")?.stringValue != nil ? stored.get("replyToUid")?.stringValue : nil
        let before = Set(
            try PeopleService(store: store).mentionedAccounts(in: stored.get("caption")?.stringValue ?? "").map(\.id)
        ).subtracting([answered].compactMap { $0 })
        let after = mentioned.filter { $0 != answered }
        for uid in after where !before.contains(uid) {
            let id = NotificationRecord.id(.mention, actor: author, postID: postID)
            guard try !transaction.get(NotificationRecord.reference(in: store, recipient: uid, id: id)).exists else {
                continue
            }
            try NotificationRecord.record(
                .mention, recipient: uid, actor: author, postID: postID, in: transaction, store: store)
        }
        for uid in before.subtracting(after) {
            try NotificationRecord.takeBack(
                .mention, recipient: uid, actor: author, postID: postID, in: transaction, store: store)
        }
    }
}
