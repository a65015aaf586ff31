import TerminalUI

extension KeyBindings {
    /// The Feed tab, and an author's profile opened from it (`author`).
    static let feedActions: [ActionBinding] = [
        ActionBinding("like", .feed, ["l"], .keyLike) { $0.app.currentFeed.toggleLike() },
        ActionBinding("view", .feed, ["v"], .keyFeedMode) { $0.app.feed.toggleMode() },
        ActionBinding("compose", .feed, ["n"], .keyCompose) { $0.app.feed.startCompose() },
        ActionBinding("author", .feed, ["enter"], .keyOpenAuthor, label: "Enter", inFooter: false) {
            $0.app.openAuthor()
        },
        ActionBinding("edit-post", .feed, ["e"], .keyEditPost) { $0.app.currentFeed.startEditSelected() },
        ActionBinding("delete-post", .feed, ["d"], .keyDeletePost) { $0.app.currentFeed.askDeleteSelected() },
        ActionBinding("repost", .feed, ["t"], .keyRepost, inFooter: false) { $0.app.currentFeed.toggleMark(.repost) },
        ActionBinding("bookmark", .feed, ["b"], .keyBookmark, inFooter: false) {
            $0.app.currentFeed.toggleMark(.bookmark)
        },
        // Replies and threads
        ActionBinding("reply", .feed, ["r"], .keyReply, inFooter: false) { $0.app.currentFeed.startReply() },
        ActionBinding("thread", .feed, ["o"], .keyThread, inFooter: false) { $0.app.openThread() },
        // The place a post carries, in Places with its detail.
        ActionBinding("open-place", .feed, ["p"], .keyOpenPostPlace, inFooter: false) { $0.app.openPostPlace() },
        // people
        ActionBinding("mention", .feed, ["m"], .keyMention, inFooter: false) { $0.app.openMention() },
        ActionBinding("undo", .feed, ["u"], .keyUndoUnlike, offered: { $0.currentFeed.state.undoable != nil }) {
            $0.app.currentFeed.undoUnlike()
        },
        // search: people by name or username; letters type into its field, the arrows choose.
        // The footer gives its place to the pending mark's legend and the sync key, which do not
        // fit beside it at 80 columns; the key still acts.
        ActionBinding(
            "find-people", .feed, ["/"], .keyPeopleSearch,
            offered: { !$0.hasPendingMarks && $0.state.sync.pendingWrites == 0 }
        ) { $0.app.openPeopleSearch() },
        ActionBinding("open-profile", .people, ["enter"], .keyOpenProfile) { $0.activeScreen.submit() },
        ActionBinding("close", .people, ["esc"], .keyBack, label: "Esc") { $0.activeScreen.cancel() },
        ActionBinding("down", .people, ["down"], .keyDown, inFooter: false) { $0.activeScreen.moveSelection(by: 1) },
        ActionBinding("up", .people, ["up"], .keyUp, inFooter: false) { $0.activeScreen.moveSelection(by: -1) },

        ActionBinding("back", .author, ["esc"], .keyBack, label: "Esc") { $0.app.closeAuthor() },
        // The person's shared folders instead of their posts, and one opened.
        ActionBinding("folders", .author, ["f"], .keyOthersFolders) { $0.app.author?.toggleFolders() },
        ActionBinding(
            "open-folder", .author, ["enter"], .keyOpenOthersFolder, label: "Enter",
            offered: { $0.author?.state.showsFolders == true }
        ) {
            guard $0.app.author?.state.showsFolders == true else { return }
            $0.app.author?.folders.openSelected()
        },
        // Someone's folder, read-only: no edit key here.
        ActionBinding("back", .folder, ["esc"], .keyBack, label: "Esc") { $0.app.author?.folders.close() },
        ActionBinding("open", .folder, ["enter"], .keyOpenFavorite, keysFrom: .favorites) {
            $0.app.showOthersFolderPlaceInPlaces()
        },
        ActionBinding("save", .folder, ["s"], .keySaveToFolder) { $0.app.saveOthersFolderPlace() },
        ActionBinding("order", .folder, ["o"], .keyOrder, keysFrom: .favorites) {
            $0.app.author?.folders.cycleOrder()
        },
        // Follows the open folder into one's Favorites (read-only, live), or stops.
        ActionBinding("follow-folder", .folder, ["F"], .keyFollowFolder) { $0.app.author?.folders.toggleFollowOpen() },
        // The Feed's own actions on the author's posts: their keys follow the Feed's.
        ActionBinding("like", .author, ["l"], .keyLike, keysFrom: .feed) { $0.app.currentFeed.toggleLike() },
        ActionBinding("edit-post", .author, ["e"], .keyEditPost, keysFrom: .feed) {
            $0.app.currentFeed.startEditSelected()
        },
        ActionBinding("delete-post", .author, ["d"], .keyDeletePost, keysFrom: .feed) {
            $0.app.currentFeed.askDeleteSelected()
        },
        ActionBinding("follow", .author, ["F"], .keyFollow) { $0.app.author?.toggleFollow() },
        ActionBinding("mute", .author, ["M"], .keyMute) { $0.app.author?.toggleMute() },
        ActionBinding("mention", .author, ["m"], .keyMention, inFooter: false, keysFrom: .feed) {
            $0.app.openMention()
        },
        ActionBinding("repost", .author, ["t"], .keyRepost, inFooter: false, keysFrom: .feed) {
            $0.app.currentFeed.toggleMark(.repost)
        },
        ActionBinding("bookmark", .author, ["b"], .keyBookmark, inFooter: false, keysFrom: .feed) {
            $0.app.currentFeed.toggleMark(.bookmark)
        },
        ActionBinding("reply", .author, ["r"], .keyReply, inFooter: false, keysFrom: .feed) {
            $0.app.currentFeed.startReply()
        },
        ActionBinding("thread", .author, ["o"], .keyThread, inFooter: false, keysFrom: .feed) {
            $0.app.openThread()
        },
        ActionBinding("open-place", .author, ["p"], .keyOpenPostPlace, inFooter: false, keysFrom: .feed) {
            $0.app.openPostPlace()
        },

        // A thread: the Feed's own actions on its posts, their keys following the Feed's.
        ActionBinding("back", .thread, ["esc"], .keyBack, label: "Esc") { $0.app.closeThread() },
        ActionBinding("like", .thread, ["l"], .keyLike, keysFrom: .feed) { $0.app.currentFeed.toggleLike() },
        ActionBinding("reply", .thread, ["r"], .keyReply, keysFrom: .feed) { $0.app.currentFeed.startReply() },
        ActionBinding("thread", .thread, ["o"], .keyThread, keysFrom: .feed) { $0.app.openThread() },
        ActionBinding("open-place", .thread, ["p"], .keyOpenPostPlace, inFooter: false, keysFrom: .feed) {
            $0.app.openPostPlace()
        },
        ActionBinding("mention", .thread, ["m"], .keyMention, inFooter: false, keysFrom: .feed) {
            $0.app.openMention()
        },
        ActionBinding("repost", .thread, ["t"], .keyRepost, inFooter: false, keysFrom: .feed) {
            $0.app.currentFeed.toggleMark(.repost)
        },
        ActionBinding("bookmark", .thread, ["b"], .keyBookmark, inFooter: false, keysFrom: .feed) {
            $0.app.currentFeed.toggleMark(.bookmark)
        },
        ActionBinding("edit-post", .thread, ["e"], .keyEditPost, inFooter: false, keysFrom: .feed) {
            $0.app.currentFeed.startEditSelected()
        },
        ActionBinding("delete-post", .thread, ["d"], .keyDeletePost, inFooter: false, keysFrom: .feed) {
            $0.app.currentFeed.askDeleteSelected()
        },
    ]
}
