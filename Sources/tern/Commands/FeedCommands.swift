import Domain
import Foundation
import Localization

/// The feed, post, like and unlike subcommands.
enum FeedCommands {
    static let defaultLimit = 50

    static let liked = Option<Bool>.flag("liked", help: .optFeedLiked)
    static let bookmarks = Option<Bool>.flag("bookmarks", help: .optFeedBookmarks)
    static let following = Option<Bool>.flag("following", help: .optFeedFollowing)
    static let limit = Option<Int>.integer(
        "limit", value: "N", in: 1...1000,
        help: .optFeedLimit, helpValues: ["default": String(defaultLimit)])

    static let specs: [CommandSpec] = [
        CommandSpec(
            words: ["feed"], summary: .cmdFeed, options: [liked.spec, bookmarks.spec, following.spec, limit.spec],
            run: feed),
        CommandSpec(
            words: ["post"], summary: .cmdPost, positionals: [Positional("TEXT", .words, allowsEmpty: true)],
            options: [SyncCommands.queue.spec, PostPlaces.option.spec], run: post),
        CommandSpec(
            words: ["like"], summary: .cmdLike, positionals: [Positional("POST_ID")],
            options: [SyncCommands.queue.spec], run: { try setLike(true, $0, $1) }),
        CommandSpec(
            words: ["unlike"], summary: .cmdUnlike, positionals: [Positional("POST_ID")],
            options: [SyncCommands.queue.spec], run: { try setLike(false, $0, $1) }),
    ]

    static func feed(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let limit = arguments[Self.limit] ?? defaultLimit
        let session = try context.session()
        let liked = arguments.has(Self.liked)
        let bookmarked = arguments.has(Self.bookmarks)
        let following = arguments.has(Self.following)
        if [liked, bookmarked, following].filter({ $0 }).count > 1 { throw arguments.usageError() }
        if liked { _ = try SignInRequired.check(session, .viewLikedPosts) }
        if bookmarked { _ = try SignInRequired.check(session, .viewBookmarks) }
        if following { _ = try SignInRequired.check(session, .viewFollowing) }
        let kind: FeedKind = liked ? .liked : bookmarked ? .bookmarks : following ? .following : .all
        let page = try context.services().tweets.page(kind, limit: limit, viewer: session)
        if let notice = page.notice { FileHandle.standardError.write(Data("tern: \(notice)\n".utf8)) }
        if context.options.json {
            let places = PostPlaceReader(context)
            try context.printJSON(page.posts.map { FeedPostJSON($0, places: places) })
            return
        }
        if page.posts.isEmpty {
            context.printLine(
                tr(
                    liked
                        ? .cliNoLikedPosts
                        : bookmarked ? .cliNoBookmarks : following ? .cliNoFollowingPosts : .cliNoPosts))
            return
        }
        let now = Date()
        context.printLine(
            tr(
                liked
                    ? .cliLikedTitle
                    : bookmarked ? .cliBookmarksTitle : following ? .cliFollowingFeedTitle : .cliAllPostsTitle))
        for post in page.posts {
            context.printLine("")
            TextOutput.lines(for: post, now: now).forEach(context.printLine)
        }
        if !page.isEnd {
            context.printLine("")
            context.printLine(tr(.cliMorePosts, ["count": String(page.posts.count)]))
        }
    }

    static func post(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .post)
        let text = arguments.text
        _ = try Validation.postText(text)
        let placeID = arguments[PostPlaces.option]
        let place = try placeID.map { try PostPlaces.attached($0, context, session: session) }
        let queued = {
            WriteIntent.post(
                postID: try context.services().store.collection("tweets").document().documentID, text: text,
                placeID: placeID, place: place)
        }
        if try context.queuedBecauseUnreachable(queued, session: session, arguments) { return }
        let post = try context.services().tweets.post(text, placeID: placeID, place: place, session: session)
        try show(post, context)
    }

    static func setLike(_ liked: Bool, _ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .likePosts)
        let id = arguments.positionals[0]
        if try context.queuedBecauseUnreachable(
            { liked ? .like(postID: id) : .unlike(postID: id) }, session: session, arguments)
        {
            return
        }
        let tweets = try context.services().tweets
        let post =
            liked
            ? try tweets.like(tweetID: arguments.positionals[0], session: session)
            : try tweets.unlike(tweetID: arguments.positionals[0], session: session)
        try show(post, context)
    }

    static func show(_ post: FeedPost, _ context: CommandContext) throws {
        if context.options.json {
            try context.printJSON(FeedPostJSON(post, places: PostPlaceReader(context)))
        } else {
            TextOutput.lines(for: post).forEach(context.printLine)
        }
    }
}
