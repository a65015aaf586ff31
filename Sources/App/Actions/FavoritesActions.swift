import TerminalUI
import ViewModels

extension KeyBindings {
    /// Whether the selected folder is one's own, not one followed from someone else.
    static let ownFolder: @Sendable (AppViewModel) -> Bool = { $0.favorites.state.selectedOwner == nil }

    /// The Favorites tab: its places and folders.
    static let favoritesActions: [ActionBinding] = [
        ActionBinding("open", .favorites, ["enter"], .keyOpenFavorite) { $0.app.showSelectedFavoriteInPlaces() },
        // A followed folder is read-only: the footer leaves out the edit keys there (which
        // still answer, with a line saying whose the folder is).
        ActionBinding("remove", .favorites, ["s", "x"], .keyRemoveFavorite, label: "s/x", offered: ownFolder) {
            $0.app.favorites.removeSelected()
        },
        ActionBinding(
            "undo", .favorites, ["u"], .keyUndoRemove,
            offered: { $0.favorites.state.undoable != nil || $0.favorites.state.undoableFolder != nil }
        ) {
            $0.app.favorites.undo()
        },
        ActionBinding("next-folder", .favorites, ["]", "right"], .keyNextFolder) {
            $0.app.favorites.selectFolder(by: 1)
        },
        ActionBinding("previous-folder", .favorites, ["[", "left"], .keyPreviousFolder, inFooter: false) {
            $0.app.favorites.selectFolder(by: -1)
        },
        ActionBinding("memo", .favorites, ["e"], .keyMemo, offered: ownFolder) { $0.app.favorites.beginMemo() },
        ActionBinding("move-to-folder", .favorites, ["m"], .keyMoveToFolder, offered: ownFolder) {
            $0.app.favorites.beginMoveOrCopy(copying: false)
        },
        ActionBinding("copy-to-folder", .favorites, ["c"], .keyCopyToFolder, offered: ownFolder) {
            $0.app.favorites.beginMoveOrCopy(copying: true)
        },
        ActionBinding("order", .favorites, ["o"], .keyOrder, offered: ownFolder) { $0.app.favorites.cycleOrder() },
        ActionBinding("move-up", .favorites, ["K"], .keyMoveUp, inFooter: false) {
            $0.app.favorites.moveSelectedItem(by: -1)
        },
        ActionBinding("move-down", .favorites, ["J"], .keyMoveDown, inFooter: false) {
            $0.app.favorites.moveSelectedItem(by: 1)
        },
        ActionBinding("new-folder", .favorites, ["n"], .keyNewFolder) { $0.app.favorites.beginCreateFolder() },
        ActionBinding("rename-folder", .favorites, ["r"], .keyRenameFolder, inFooter: false) {
            $0.app.favorites.beginRenameFolder()
        },
        ActionBinding("delete-folder", .favorites, ["D"], .keyDeleteFolder, inFooter: false) {
            $0.app.favorites.beginDeleteFolder()
        },
        // The selected place's posts, over the folder (as from its detail in Places).
        ActionBinding("place-posts", .favorites, ["p"], .keyPlacePosts, inFooter: false, keysFrom: .places) {
            $0.app.openSelectedFavoritePosts()
        },
    ]
}
