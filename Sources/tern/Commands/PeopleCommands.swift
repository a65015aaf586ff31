import Domain
import Foundation
import Localization

/// People: `people search`, `profile show`, and mutes (`mute`, `unmute`, `muted`).
enum PeopleCommands {
    static let searchLimit = Option<Int>.integer(
        "limit", value: "N", in: 1...1000,
        help: .optFeedLimit, helpValues: ["default": String(FeedCommands.defaultLimit)])

    static let specs: [CommandSpec] = [
        CommandSpec(
            words: ["people", "search"], summary: .cmdPeopleSearch, positionals: [Positional("QUERY")],
            options: [searchLimit.spec], run: search),
        CommandSpec(
            words: ["profile", "show"], summary: .cmdProfileShow, positionals: [ConversationCommands.person],
            run: show),
        CommandSpec(
            words: ["mute"], summary: .cmdMute, positionals: [ConversationCommands.person],
            options: [SyncCommands.queue.spec], run: { try setMuted(true, $0, $1) }),
        CommandSpec(
            words: ["unmute"], summary: .cmdUnmute, positionals: [ConversationCommands.person],
            options: [SyncCommands.queue.spec], run: { try setMuted(false, $0, $1) }),
        CommandSpec(words: ["muted"], summary: .cmdMuted, run: muted),
    ]

    static func search(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let query = arguments.positionals[0]
        let people = try context.services().people.search(
            query, limit: arguments[searchLimit] ?? FeedCommands.defaultLimit)
        if context.options.json {
            try context.printJSON(people.map { PersonJSON($0) })
            return
        }
        if people.isEmpty {
            context.printLine(tr(.cliNoPeopleFound, ["query": query]))
            return
        }
        for person in people { context.printLine(line(for: person)) }
    }

    /// `@username  Display Name  · N followers`.
    static func line(for user: User) -> String {
        "@" + user.username + "  " + DisplayName.shown(user.displayName) + "  " + TextOutput.dot + " "
            + tr(.cliPeopleFollowers, ["count": String(user.followersCount)])
    }

    static func show(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let services = try context.services()
        let profile = try services.people.profile(named: arguments.positionals[0], tweets: services.tweets)
        let user = profile.user
        if context.options.json {
            try context.printJSON(ProfileJSON(profile))
            return
        }
        context.printLine(DisplayName.shown(user.displayName) + " @" + user.username)
        if !user.bio.isEmpty { context.printLine(user.bio) }
        context.printLine(
            tr(
                .cliProfileShowCounts,
                [
                    "followers": String(user.followersCount), "following": String(user.followingCount),
                    "posts": String(profile.posts), "dot": TextOutput.dot,
                    "date": String(TernTime.iso8601(user.createdOn).prefix(10)),
                ]))
    }

    static func setMuted(_ muted: Bool, _ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .mute)
        let services = try context.services()
        let other = try services.users.person(named: arguments.positionals[0])
        guard other.id != session.uid else { throw ServiceError.cannotMuteSelf }
        let intent: WriteIntent = muted ? .mute(uid: other.id) : .unmute(uid: other.id)
        if try context.queuedBecauseUnreachable({ intent }, session: session, arguments) { return }
        try intent.apply(to: services, session: session)
        if context.options.json {
            try context.printJSON(MutedJSON(other, didMute: muted))
            return
        }
        context.printLine(tr(muted ? .cliMuted : .cliUnmuted, ["name": "@" + other.username]))
    }

    static func muted(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .mute)
        let people = try context.services().mutes.muted(by: session.uid)
        if context.options.json {
            try context.printJSON(people.map { PersonJSON($0) })
            return
        }
        if people.isEmpty {
            context.printLine(tr(.cliMutesNobody))
            return
        }
        for person in people { context.printLine(line(for: person)) }
    }
}

/// `profile show --json`: the public profile (no email) with its counts.
struct ProfileJSON: Encodable {
    let uid: String
    let username: String
    let displayName: String
    let bio: String
    let avatar: String?
    let followersCount: Int
    let followingCount: Int
    let posts: Int
    let createdOn: Date

    init(_ profile: PersonProfile) {
        let user = profile.user
        uid = user.id
        username = user.username
        displayName = user.displayName
        bio = user.bio
        avatar = user.avatar
        followersCount = user.followersCount
        followingCount = user.followingCount
        posts = profile.posts
        createdOn = user.createdOn
    }

    private enum CodingKeys: String, CodingKey {
        case uid, username, displayName, bio, avatar, followersCount, followingCount, posts, createdOn
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uid, forKey: .uid)
        try container.encode(username, forKey: .username)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(bio, forKey: .bio)
        try container.encode(avatar, forKey: .avatar)
        try container.encode(followersCount, forKey: .followersCount)
        try container.encode(followingCount, forKey: .followingCount)
        try container.encode(posts, forKey: .posts)
        try container.encode(createdOn, forKey: .createdOn)
    }
}

/// `mute --json` and `unmute --json`: who, and whether they are muted now.
struct MutedJSON: Encodable {
    let uid: String
    let username: String
    let displayName: String
    let didMute: Bool

    init(_ user: User, didMute: Bool) {
        uid = user.id
        username = user.username
        displayName = user.displayName
        self.didMute = didMute
    }
}
