import Domain
import Foundation
import Localization

/// The `posts` subcommands: editing and deleting one's own posts.
enum PostsCommands {
    static let specs: [CommandSpec] = [
        CommandSpec(
            words: ["posts", "edit"], summary: .cmdPostsEdit,
            positionals: [Positional("POST_ID"), Positional("TEXT", .words, allowsEmpty: true)], run: edit),
        CommandSpec(
            words: ["posts", "delete"], summary: .cmdPostsDelete,
            positionals: [Positional("POST_ID")], run: delete),
    ]

    static func edit(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .editPosts)
        let text = arguments.positionals.dropFirst().joined(separator: " ")
        _ = try Validation.postText(text)
        let post = try context.services().tweets.edit(tweetID: arguments.positionals[0], text: text, session: session)
        if !context.options.json { context.printLine(tr(.cliPostEdited)) }
        try FeedCommands.show(post, context)
    }

    /// Prints the post as it was (`--json`: in the feed's shape) after deleting it.
    static func delete(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .editPosts)
        let post = try context.services().tweets.delete(tweetID: arguments.positionals[0], session: session)
        if context.options.json {
            try context.printJSON(FeedPostJSON(post))
        } else {
            context.printLine(tr(.cliPostDeleted, ["id": post.id]))
        }
    }
}
