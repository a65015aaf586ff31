import TerminalUI
import ViewModels

/// Everything a key can do in the app. Keymaps bind keys to these; `AppController` performs them.
public enum AppAction: Hashable, Sendable {
    case switchTab(AppTab)
    case nextTab, previousTab, help, closeHelp, quit
    case moveDown, moveUp, pageDown, pageUp, top, bottom
    case historyPrevious, historyNext
    case focusSearch, toggleSave, toggleOrder, openDetail, closeDetail, pickCategory
    case removeFavorite, undoRemove, openFavorite
    case nextFolder, previousFolder, newFolder, renameFolder, deleteFolder
    case editMemo, moveToFolder, copyToFolder, cycleFolderOrder, moveItemUp, moveItemDown, saveToFolder
    case toggleLike, toggleFeedMode, compose
    case openAuthor, closeAuthor, editPost, deletePost
    case signIn, register, editProfile, signOut
    /// Try the team server now and send the writes waiting for it.
    case syncNow
    /// Inside text fields.
    case submit, cancel, nextField, previousField
    /// A line break in a post being written.
    case newLine
}
