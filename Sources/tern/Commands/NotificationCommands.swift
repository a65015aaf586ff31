import Domain
import Foundation
import Localization

/// Notifications: `tern notifications [--unread] [--limit N]`, `tern notifications read`.
enum NotificationCommands {
    static let unread = Option<Bool>.flag("unread", help: .optNotificationsUnread)
    static let limit = Option<Int>.integer(
        "limit", value: "N", in: 1...1000,
        help: .optNotificationsLimit, helpValues: ["default": String(NotificationService.defaultLimit)])

    static let specs: [CommandSpec] = [
        CommandSpec(
            words: ["notifications"], summary: .cmdNotifications, options: [unread.spec, limit.spec], run: list),
        CommandSpec(
            words: ["notifications", "read"], summary: .cmdNotificationsRead, options: [SyncCommands.queue.spec],
            run: markRead),
    ]

    /// The signed-in account's notifications, newest first, one line each.
    static func list(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .notifications)
        let notifications = try context.services().notifications.notifications(
            session: session, unreadOnly: arguments[unread] ?? false,
            limit: arguments[limit] ?? NotificationService.defaultLimit)
        if context.options.json {
            try context.printJSON(notifications.map(NotificationJSON.init))
            return
        }
        if notifications.isEmpty {
            context.printLine(tr(.cliNoNotifications))
            return
        }
        let unreadCount = notifications.filter { !$0.read }.count
        context.printLine(tr(.cliNotificationsTitle, ["unread": String(unreadCount)]))
        let now = Date()
        for notification in notifications {
            let group = NotificationGroup.grouped([notification])[0]
            let mark = notification.read ? "  " : "• "
            let post = notification.postID.map { " · \($0)" } ?? ""
            let when = RelativeTime.describe(notification.createdAt, now: now)
            context.printLine(mark + NotificationText.line(group) + post + " · " + when)
        }
    }

    /// Marks every notification read (queued with `--queue`, or when the server is unreachable).
    static func markRead(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .notifications)
        let intent = WriteIntent.readNotifications
        if try context.queuedBecauseUnreachable({ intent }, session: session, arguments) { return }
        try intent.apply(to: try context.services(), session: session)
        context.printLine(tr(.cliNotificationsMarkedRead))
    }
}

/// One notification as `tern notifications --json` prints it.
struct NotificationJSON: Encodable {
    let id: String
    let kind: String
    let actor: NotificationActor
    let postID: String?
    /// The recipient's folder a folder's follow is about, and its name then.
    let folderID: String?
    let folderName: String?
    let createdAt: Date
    let read: Bool

    init(_ notification: ActivityNotification) {
        id = notification.id
        kind = notification.kind.rawValue
        actor = notification.actor
        postID = notification.postID
        folderID = notification.folder?.id
        folderName = notification.folder?.name
        createdAt = notification.createdAt
        read = notification.read
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, actor, postID, folderID, folderName, createdAt, read
    }

    /// `postID` is written as null for a follow (and `folderID`, `folderName` for all but a
    /// folder's follow), so every notification has the same fields.
    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(kind, forKey: .kind)
        try container.encode(actor, forKey: .actor)
        try container.encode(postID, forKey: .postID)
        try container.encode(folderID, forKey: .folderID)
        try container.encode(folderName, forKey: .folderName)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(read, forKey: .read)
    }
}
