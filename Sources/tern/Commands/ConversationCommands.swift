import Domain
import Foundation
import Localization

/// The conversations' subcommands: follow, unfollow, following and followers; bookmark,
/// unbookmark, repost and unrepost.
enum ConversationCommands {
    static let person = Positional("@NAME", completion: .usernames)
    static let optionalPerson = Positional("@NAME", .optional, completion: .usernames)
    static let listLimit = Option<Int>.integer(
        "limit", value: "N", in: 1...1000,
        help: .optFeedLimit, helpValues: ["default": String(FeedCommands.defaultLimit)])

    static let specs: [CommandSpec] = [
        CommandSpec(
            words: ["follow"], summary: .cmdFollow, positionals: [person],
            options: [SyncCommands.queue.spec], run: { try setFollowing(true, $0, $1) }),
        CommandSpec(
            words: ["unfollow"], summary: .cmdUnfollow, positionals: [person],
            options: [SyncCommands.queue.spec], run: { try setFollowing(false, $0, $1) }),
        CommandSpec(
            words: ["following"], summary: .cmdFollowing, positionals: [optionalPerson],
            options: [listLimit.spec], run: { try list(.following, $0, $1) }),
        CommandSpec(
            words: ["followers"], summary: .cmdFollowers, positionals: [optionalPerson],
            options: [listLimit.spec], run: { try list(.followers, $0, $1) }),
        CommandSpec(
            words: ["bookmark"], summary: .cmdBookmark, positionals: [Positional("POST_ID")],
            options: [SyncCommands.queue.spec], run: { try setMark(.bookmark, true, $0, $1) }),
        CommandSpec(
            words: ["unbookmark"], summary: .cmdUnbookmark, positionals: [Positional("POST_ID")],
            options: [SyncCommands.queue.spec], run: { try setMark(.bookmark, false, $0, $1) }),
        CommandSpec(
            words: ["repost"], summary: .cmdRepost, positionals: [Positional("POST_ID")],
            options: [SyncCommands.queue.spec], run: { try setMark(.repost, true, $0, $1) }),
        CommandSpec(
            words: ["unrepost"], summary: .cmdUnrepost, positionals: [Positional("POST_ID")],
            options: [SyncCommands.queue.spec], run: { try setMark(.repost, false, $0, $1) }),
    ]

    /// Bookmarks or reposts a post (or takes it back), then prints it as `like` does.
    static func setMark(_ mark: PostMark, _ marked: Bool, _ context: CommandContext, _ arguments: ParsedArguments)
        throws
    {
        let session = try SignInRequired.check(
            try context.session(), mark == .bookmark ? .bookmark : .repost)
        let id = arguments.positionals[0]
        let intent = WriteIntent.mark(mark, postID: id, marked: marked)
        if try context.queuedBecauseUnreachable({ intent }, session: session, arguments) { return }
        let services = try context.services()
        try intent.apply(to: services, session: session)
        guard let post = try services.tweets.post(id: id, viewer: session) else { throw ServiceError.postNotFound(id) }
        try FeedCommands.show(post, context)
    }

    static func setFollowing(_ followed: Bool, _ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .follow)
        let services = try context.services()
        let name = arguments.positionals[0]
        let other = try services.follows.person(named: name)
        guard other.id != session.uid else { throw ServiceError.cannotFollowSelf }
        let intent: WriteIntent = followed ? .follow(uid: other.id) : .unfollow(uid: other.id)
        if try context.queuedBecauseUnreachable({ intent }, session: session, arguments) { return }
        try intent.apply(to: services, session: session)
        let now = try services.users.user(id: other.id) ?? other
        if context.options.json {
            try context.printJSON(PersonJSON(now, didFollow: followed))
            return
        }
        let handle = "@" + now.username
        context.printLine(
            followed
                ? tr(.cliFollowed, ["name": handle, "followers": String(now.followersCount)])
                : tr(.cliUnfollowed, ["name": handle, "followers": String(now.followersCount)]))
    }

    static func list(_ list: FollowList, _ context: CommandContext, _ arguments: ParsedArguments) throws {
        let services = try context.services()
        let whose: User
        if let name = arguments.positionals.first {
            whose = try services.follows.person(named: name)
        } else {
            let session = try SignInRequired.check(try context.session(), .follow)
            guard let me = try services.users.user(id: session.uid) else {
                throw ServiceError.accountMissing(uid: session.uid)
            }
            whose = me
        }
        let people = try services.follows.people(
            list, of: whose.id, limit: arguments[listLimit] ?? FeedCommands.defaultLimit)
        if context.options.json {
            try context.printJSON(people.map(FollowedPersonJSON.init))
            return
        }
        let handle = whose.username.isEmpty ? DisplayName.shown(whose.displayName) : "@" + whose.username
        let count = list == .following ? whose.followingCount : whose.followersCount
        if people.isEmpty {
            context.printLine(tr(list == .following ? .cliFollowsNobody : .cliNoFollowers, ["name": handle]))
            return
        }
        context.printLine(
            tr(list == .following ? .cliFollowingTitle : .cliFollowersTitle, ["name": handle, "count": String(count)]))
        for person in people {
            let name = DisplayName.shown(person.displayName)
            context.printLine("  " + name + (person.username.isEmpty ? "" : " @" + person.username))
        }
    }
}

/// A person as `follow --json` and `unfollow --json` print them: public fields only (no
/// email), the counts, and whether the signed-in user follows them now; `people search
/// --json` and `muted --json` print the same without `didFollow`.
struct PersonJSON: Encodable {
    let uid: String
    let username: String
    let displayName: String
    let followersCount: Int
    let followingCount: Int
    let didFollow: Bool?

    init(_ user: User, didFollow: Bool? = nil) {
        uid = user.id
        username = user.username
        displayName = user.displayName
        followersCount = user.followersCount
        followingCount = user.followingCount
        self.didFollow = didFollow
    }
}

/// One row of `following --json` and `followers --json`.
struct FollowedPersonJSON: Encodable {
    let uid: String
    let username: String
    let displayName: String
    let followedAt: Date

    init(_ person: FollowedPerson) {
        uid = person.uid
        username = person.username
        displayName = person.displayName
        followedAt = person.followedAt
    }
}
