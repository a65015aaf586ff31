import Domain
import Foundation
import Localization

/// Replies and threads: `tern reply POST_ID TEXT`, `tern thread POST_ID`.
enum ReplyCommands {
    static let specs: [CommandSpec] = [
        CommandSpec(
            words: ["reply"], summary: .cmdReply,
            positionals: [Positional("POST_ID"), Positional("TEXT", .words, allowsEmpty: true)],
            options: [SyncCommands.queue.spec, PostPlaces.option.spec], run: reply),
        CommandSpec(words: ["thread"], summary: .cmdThread, positionals: [Positional("POST_ID")], run: thread),
    ]

    /// Writes the reply (the same limits as a post; the answered post must exist), then
    /// prints it as `post` does.
    static func reply(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .post)
        let parent = arguments.positionals[0]
        var text = ""
        for (index, word) in arguments.positionals.dropFirst().enumerated() {
            if index > 0 { text += " " }
            text += word
        }
        _ = try Validation.postText(text)
        let placeID = arguments[PostPlaces.option]
        let place = try placeID.map { try PostPlaces.attached($0, context, session: session) }
        let queued = {
            WriteIntent.reply(
                postID: try context.services().store.collection("tweets").document().documentID, text: text,
                replyTo: parent, placeID: placeID, place: place)
        }
        if try context.queuedBecauseUnreachable(queued, session: session, arguments) { return }
        let post = try context.services().tweets.reply(
            text, to: parent, placeID: placeID, place: place, session: session)
        try FeedCommands.show(post, context)
    }

    /// The parents, the post, its direct replies (oldest first).
    static func thread(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let thread = try context.services().tweets.thread(of: arguments.positionals[0], viewer: try context.session())
        if context.options.json {
            try context.printJSON(ThreadJSON(thread, places: PostPlaceReader(context)))
            return
        }
        let now = Date()
        for parent in thread.parents {
            if parent.isDeleted {
                context.printLine(tr(.threadDeletedPost))
            } else {
                TextOutput.lines(for: parent, now: now).forEach(context.printLine)
            }
            context.printLine("")
        }
        TextOutput.lines(for: thread.post, now: now).forEach(context.printLine)
        context.printLine("")
        if thread.replies.isEmpty {
            context.printLine(tr(.cliThreadNoReplies, ["id": thread.post.id]))
            return
        }
        context.printLine(tr(.cliThreadReplies, ["count": String(thread.replies.count)]))
        for reply in thread.replies {
            context.printLine("")
            TextOutput.lines(for: reply, now: now).map { "  " + $0 }.forEach(context.printLine)
        }
    }
}

/// `tern thread --json`: `{"parents": [...], "post": {...}, "replies": [...]}`, a deleted
/// parent as `{"id": ID, "deleted": true}`.
struct ThreadJSON: Encodable {
    let parents: [ThreadParentJSON]
    let post: FeedPostJSON
    let replies: [FeedPostJSON]

    init(_ thread: PostThread, places: PostPlaceReader) {
        parents = thread.parents.map { $0.isDeleted ? .deleted(id: $0.id) : .post(FeedPostJSON($0, places: places)) }
        post = FeedPostJSON(thread.post, places: places)
        replies = thread.replies.map { FeedPostJSON($0, places: places) }
    }
}

/// A parent in a thread: a post, or the id of one deleted.
enum ThreadParentJSON: Encodable {
    case post(FeedPostJSON)
    case deleted(id: String)

    private enum DeletedKeys: String, CodingKey {
        case id, deleted
    }

    func encode(to encoder: Encoder) throws {
        switch self {
        case .post(let post): try post.encode(to: encoder)
        case .deleted(let id):
            var container = encoder.container(keyedBy: DeletedKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(true, forKey: .deleted)
        }
    }
}
