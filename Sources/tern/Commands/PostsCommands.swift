import Domain
import Foundation
import Localization

/// The `posts` subcommands: editing and deleting one's own posts.
enum PostsCommands {
    static let specs: [CommandSpec] = [
        CommandSpec(
            words: ["posts", "edit"], summary: .cmdPostsEdit,
            positionals: [Positional("POST_ID"), Positional("TEXT", .words, allowsEmpty: true)],
            options: [SyncCommands.queue.spec], run: edit),
        CommandSpec(
            words: ["posts", "delete"], summary: .cmdPostsDelete,
            positionals: [Positional("POST_ID")], options: [SyncCommands.queue.spec], run: delete),
    ]

    /// States the edit as a `WriteIntent` (queued with `--queue` when the server is out of
    /// reach), then prints the post as it now is.
    static func edit(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .editPosts)
        let id = arguments.positionals[0]
        let intent = WriteIntent.editPost(postID: id, text: arguments.positionals.dropFirst().joined(separator: " "))
        try intent.validate()
        if try context.queuedBecauseUnreachable({ intent }, session: session, arguments) { return }
        let services = try context.services()
        try intent.apply(to: services, session: session)
        guard let post = try services.tweets.post(id: id, viewer: session) else { throw ServiceError.postNotFound(id) }
        if !context.options.json { context.printLine(tr(.cliPostEdited)) }
        try FeedCommands.show(post, context)
    }

    /// Prints the post as it was (`--json`: in the feed's shape) after deleting it, which
    /// is stated as a `WriteIntent` like the edit.
    static func delete(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .editPosts)
        let id = arguments.positionals[0]
        let intent = WriteIntent.deletePost(postID: id)
        if try context.queuedBecauseUnreachable({ intent }, session: session, arguments) { return }
        let services = try context.services()
        guard let post = try services.tweets.post(id: id, viewer: session) else { throw ServiceError.postNotFound(id) }
        try intent.apply(to: services, session: session)
        if context.options.json {
            try context.printJSON(FeedPostJSON(post, places: PostPlaceReader(context)))
        } else {
            context.printLine(tr(.cliPostDeleted, ["id": post.id]))
        }
    }
}
