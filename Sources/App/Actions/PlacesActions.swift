import TerminalUI

extension KeyBindings {
    /// The Places tab, and its full-screen detail (`detail`).
    static let placesActions: [ActionBinding] = [
        ActionBinding("search", .places, ["/"], .keySearch) { $0.app.places.focusSearch() },
        ActionBinding("save", .places, ["s"], .keySave) { $0.app.places.toggleSave() },
        ActionBinding("order", .places, ["o"], .keyOrder) { $0.app.places.toggleOrder() },
        ActionBinding("save-to-folder", .places, ["S"], .keySaveToFolder, inFooter: false) {
            $0.saveSelectedPlaceToFolder()
        },
        // Offered while a provider can answer it.
        ActionBinding("category", .places, ["c"], .keyCategory, offered: { $0.places.state.online.isConfigured }) {
            $0.app.places.beginCategoryPick()
        },
        ActionBinding("clear", .places, ["esc"], .keyClearPlaces, inFooter: false) { $0.app.places.cancel() },
        // With the detail already beside the list (100 columns or more), Enter does nothing.
        ActionBinding("detail", .places, ["enter"], .keyPlaceDetail, label: "Enter", inFooter: false) {
            guard !$0.layout.showsDetailPane else { return }
            $0.app.places.openDetail()
        },
        ActionBinding("back", .detail, ["esc", "enter"], .keyBack, label: "Esc") { $0.app.places.closeDetail() },
        // The full-screen detail saves as the list does, with the list's keys.
        ActionBinding("save", .detail, ["s"], .keySave, keysFrom: .places) { $0.app.places.toggleSave() },
        ActionBinding("save-to-folder", .detail, ["S"], .keySaveToFolder, inFooter: false, keysFrom: .places) {
            $0.saveSelectedPlaceToFolder()
        },
        ActionBinding("undo", .places, ["u"], .keyUndoUnsave, offered: { $0.places.state.undoable != nil }) {
            $0.app.places.undoUnsave()
        },
        ActionBinding("open-elsewhere", .places, ["b"], .keyOpenElsewhere, inFooter: false) {
            $0.openSelectedPlaceElsewhere()
        },
        ActionBinding("open-elsewhere", .detail, ["b"], .keyOpenElsewhere, keysFrom: .places) {
            $0.openSelectedPlaceElsewhere()
        },
        // The place's posts, from its detail: the pane beside the list, or the whole screen.
        ActionBinding("place-posts", .places, ["p"], .keyPlacePosts, inFooter: false) {
            guard $0.layout.showsDetailPane else { return }
            $0.app.openSelectedPlacePosts()
        },
        ActionBinding("place-posts", .detail, ["p"], .keyPlacePosts, keysFrom: .places) {
            $0.app.openSelectedPlacePosts()
        },

        // A place's posts: the Feed's own actions on them, their keys following the Feed's.
        ActionBinding("back", .posts, ["esc"], .keyBack, label: "Esc") { $0.app.closePlacePosts() },
        ActionBinding("like", .posts, ["l"], .keyLike, keysFrom: .feed) { $0.app.currentFeed.toggleLike() },
        ActionBinding("reply", .posts, ["r"], .keyReply, keysFrom: .feed) { $0.app.currentFeed.startReply() },
        ActionBinding("thread", .posts, ["o"], .keyThread, keysFrom: .feed) { $0.app.openPlacePostThread() },
        ActionBinding("repost", .posts, ["t"], .keyRepost, inFooter: false, keysFrom: .feed) {
            $0.app.currentFeed.toggleMark(.repost)
        },
        ActionBinding("bookmark", .posts, ["b"], .keyBookmark, inFooter: false, keysFrom: .feed) {
            $0.app.currentFeed.toggleMark(.bookmark)
        },
        ActionBinding("edit-post", .posts, ["e"], .keyEditPost, inFooter: false, keysFrom: .feed) {
            $0.app.currentFeed.startEditSelected()
        },
        ActionBinding("delete-post", .posts, ["d"], .keyDeletePost, inFooter: false, keysFrom: .feed) {
            $0.app.currentFeed.askDeleteSelected()
        },
    ]
}
