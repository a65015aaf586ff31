import TerminalUI

extension KeyBindings {
    /// The Activity tab: Enter opens the thread of the post a notification is about (offered
    /// only when the selected one is about a post: not a follow, not signed out).
    static let activityActions: [ActionBinding] = [
        ActionBinding(
            "open", .activity, ["enter"], .keyOpenActivity,
            offered: { $0.activity.state.selectedGroup?.postID != nil }
        ) { $0.app.openActivity() }
    ]
}
