import TerminalUI

extension KeyBindings {
    /// The Profile tab: signing in and out, the profile, and one's own posts.
    static let profileActions: [ActionBinding] = [
        ActionBinding("sign-in", .profile, ["i"], .keySignIn) { $0.app.profile.startSignIn() },
        ActionBinding("register", .profile, ["c"], .keyRegister) { $0.app.profile.startRegister() },
        ActionBinding("edit", .profile, ["e"], .keyEditProfile) { $0.app.profile.startEdit() },
        // `e` edits the profile here, so one's post is edited with `E`.
        ActionBinding("edit-post", .profile, ["E"], .keyEditOwnPost) { $0.app.currentFeed.startEditSelected() },
        ActionBinding("delete-post", .profile, ["d"], .keyDeleteOwnPost) { $0.app.currentFeed.askDeleteSelected() },
        ActionBinding("sign-out", .profile, ["L"], .keySignOut) { $0.app.profile.signOut() },
    ]
}
