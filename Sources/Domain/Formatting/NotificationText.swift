import Foundation
import Localization

/// What a notification (or a group of them) says, the same on the Activity tab and in
/// `tern notifications`: `@mina and 3 others liked your post`.
public enum NotificationText {
    /// `@username`, or the display name when the account has no username yet.
    public static func name(_ actor: NotificationActor) -> String {
        actor.username.isEmpty ? DisplayName.shown(actor.displayName) : "@" + actor.username
    }

    public static func line(_ group: NotificationGroup) -> String {
        let first = group.actors.first.map(name) ?? ""
        let others = group.actors.count - 1
        var values = ["name": first, "count": Formats.number(others)]
        if group.kind == .follow, let folder = group.folder {
            values["folder"] = folder.name
            return tr(others > 0 ? .activityFollowedFolderMany : .activityFollowedFolder, values)
        }
        switch group.kind {
        case .like: return tr(others > 0 ? .activityLikedMany : .activityLiked, values)
        case .repost: return tr(others > 0 ? .activityRepostedMany : .activityReposted, values)
        case .follow: return tr(others > 0 ? .activityFollowedMany : .activityFollowed, values)
        case .reply: return tr(.activityReplied, values)
        case .mention: return tr(.activityMentioned, values)
        }
    }
}
