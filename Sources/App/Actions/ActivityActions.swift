import TerminalUI

extension KeyBindings {
    /// The Activity tab: Enter opens the thread of the post a notification is about.
    static let activityActions: [ActionBinding] = [
        ActionBinding("open", .activity, ["enter"], .keyOpenActivity) { $0.app.openActivity() }
    ]
}
