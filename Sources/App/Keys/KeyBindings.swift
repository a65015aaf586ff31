import Localization
import TerminalUI

/// Every action's keys on every screen: the defaults, or the defaults with the config's
/// `bind` and `unbind` lines applied (`KeyBindings+Config`).
public struct KeyBindings: Sendable {
    public var actions: [ActionBinding]

    /// The keys of the running interface; set once at start-up and per test.
    @TaskLocal public static var current = KeyBindings.defaults

    /// Ctrl-C quits on every screen, even inside text fields, and cannot be rebound.
    static let quitAnywhere = ActionBinding("quit", .global, .quit, [.ctrl("c")], .keyQuitAnywhere, inFooter: false)

    public static let defaults = KeyBindings(actions: [
        ActionBinding("help", .global, .help, ["?"], .keyHelp),
        ActionBinding("quit", .global, .quit, ["q"], .keyQuit),
        ActionBinding("go-places", .global, .switchTab(.places), ["1"], .tabPlaces, inFooter: false),
        ActionBinding("go-favorites", .global, .switchTab(.favorites), ["2"], .tabFavorites, inFooter: false),
        ActionBinding("go-feed", .global, .switchTab(.feed), ["3"], .tabFeed, inFooter: false),
        ActionBinding("go-profile", .global, .switchTab(.profile), ["4"], .tabProfile, inFooter: false),
        ActionBinding("next-tab", .global, .nextTab, ["tab"], .keyNextTab, inFooter: false),
        ActionBinding("previous-tab", .global, .previousTab, ["shift-tab"], .keyPreviousTab, inFooter: false),
        // In the footer only while writes wait for the team server (`AppKeyMap.syncHint`).
        ActionBinding("sync", .global, .syncNow, ["ctrl-r"], .keySync, inFooter: false),

        ActionBinding("down", .list, .moveDown, ["j", "down"], .keyDown, label: "j/Down", inFooter: false),
        ActionBinding("up", .list, .moveUp, ["k", "up"], .keyUp, label: "k/Up", inFooter: false),
        ActionBinding("page-down", .list, .pageDown, ["pgdn"], .keyPageDown, inFooter: false),
        ActionBinding("page-up", .list, .pageUp, ["pgup"], .keyPageUp, inFooter: false),
        ActionBinding("top", .list, .top, ["g", "home"], .keyTop, label: "g/Home", inFooter: false),
        ActionBinding("bottom", .list, .bottom, ["G", "end"], .keyBottom, label: "G/End", inFooter: false),

        ActionBinding("search", .places, .focusSearch, ["/"], .keySearch),
        ActionBinding("save", .places, .toggleSave, ["s"], .keySave),
        ActionBinding("order", .places, .toggleOrder, ["o"], .keyOrder),
        ActionBinding("save-to-folder", .places, .saveToFolder, ["S"], .keySaveToFolder, inFooter: false),
        // In the footer only while an online provider is configured (`AppKeyMap.current`).
        ActionBinding("category", .places, .pickCategory, ["c"], .keyCategory),
        ActionBinding("clear", .places, .cancel, ["esc"], .keyClearPlaces, inFooter: false),
        ActionBinding("detail", .places, .openDetail, ["enter"], .keyPlaceDetail, label: "Enter", inFooter: false),
        ActionBinding("back", .detail, .closeDetail, ["esc", "enter"], .keyBack, label: "Esc"),
        ActionBinding("undo", .places, .undoRemove, ["u"], .keyUndoUnsave),

        ActionBinding("open", .favorites, .openFavorite, ["enter"], .keyOpenFavorite),
        ActionBinding("remove", .favorites, .removeFavorite, ["s", "x"], .keyRemoveFavorite, label: "s/x"),
        ActionBinding("undo", .favorites, .undoRemove, ["u"], .keyUndoRemove),
        ActionBinding("next-folder", .favorites, .nextFolder, ["]", "right"], .keyNextFolder, label: "]/["),
        ActionBinding(
            "previous-folder", .favorites, .previousFolder, ["[", "left"], .keyPreviousFolder, inFooter: false),
        ActionBinding("memo", .favorites, .editMemo, ["e"], .keyMemo),
        ActionBinding("move-to-folder", .favorites, .moveToFolder, ["m"], .keyMoveToFolder),
        ActionBinding("copy-to-folder", .favorites, .copyToFolder, ["c"], .keyCopyToFolder),
        ActionBinding("order", .favorites, .cycleFolderOrder, ["o"], .keyOrder),
        ActionBinding("move-up", .favorites, .moveItemUp, ["K"], .keyMoveUp, inFooter: false),
        ActionBinding("move-down", .favorites, .moveItemDown, ["J"], .keyMoveDown, inFooter: false),
        ActionBinding("new-folder", .favorites, .newFolder, ["n"], .keyNewFolder),
        ActionBinding("rename-folder", .favorites, .renameFolder, ["r"], .keyRenameFolder, inFooter: false),
        ActionBinding("delete-folder", .favorites, .deleteFolder, ["D"], .keyDeleteFolder, inFooter: false),

        ActionBinding("like", .feed, .toggleLike, ["l"], .keyLike),
        ActionBinding("view", .feed, .toggleFeedMode, ["v"], .keyFeedMode),
        ActionBinding("compose", .feed, .compose, ["n"], .keyCompose),
        ActionBinding("author", .feed, .openAuthor, ["enter"], .keyOpenAuthor, label: "Enter", inFooter: false),
        ActionBinding("edit-post", .feed, .editPost, ["e"], .keyEditPost),
        ActionBinding("delete-post", .feed, .deletePost, ["d"], .keyDeletePost),
        ActionBinding("undo", .feed, .undoRemove, ["u"], .keyUndoUnlike),

        ActionBinding("back", .author, .closeAuthor, ["esc"], .keyBack, label: "Esc"),
        ActionBinding("like", .author, .toggleLike, ["l"], .keyLike),
        ActionBinding("edit-post", .author, .editPost, ["e"], .keyEditPost),
        ActionBinding("delete-post", .author, .deletePost, ["d"], .keyDeletePost),

        ActionBinding("sign-in", .profile, .signIn, ["i"], .keySignIn),
        ActionBinding("register", .profile, .register, ["c"], .keyRegister),
        ActionBinding("edit", .profile, .editProfile, ["e"], .keyEditProfile),
        // `e` edits the profile here, so one's post is edited with `E`.
        ActionBinding("edit-post", .profile, .editPost, ["E"], .keyEditOwnPost),
        ActionBinding("delete-post", .profile, .deletePost, ["d"], .keyDeleteOwnPost),
        ActionBinding("sign-out", .profile, .signOut, ["L"], .keySignOut),

        ActionBinding("submit", .search, .submit, ["enter"], .keySearchKeep),
        ActionBinding("cancel", .search, .cancel, ["esc"], .keySearchClear),
        ActionBinding("history-previous", .search, .historyPrevious, ["up"], .keyHistoryPrevious),
        ActionBinding("history-next", .search, .historyNext, ["down"], .keyHistoryNext),
        ActionBinding("next-tab", .search, .nextTab, ["tab"], .keyNextTab, inFooter: false),
        ActionBinding("previous-tab", .search, .previousTab, ["shift-tab"], .keyPreviousTab, inFooter: false),

        ActionBinding("submit", .compose, .submit, ["enter"], .keyPost),
        ActionBinding("cancel", .compose, .cancel, ["esc"], .keyCancel),
        ActionBinding(
            "new-line", .compose, .newLine, ["alt-enter", "ctrl-j"], .typingNewLine, label: "Alt-Enter/Ctrl-J"),
        ActionBinding("up", .compose, .moveUp, ["up"], .keyLineUp, inFooter: false),
        ActionBinding("down", .compose, .moveDown, ["down"], .keyLineDown, inFooter: false),

        ActionBinding("submit", .form, .submit, ["enter"], .keySubmit),
        ActionBinding("next-field", .form, .nextField, ["tab", "down"], .keyNextField, label: "Tab"),
        ActionBinding(
            "previous-field", .form, .previousField, ["shift-tab", "up"], .keyPreviousField, label: "Shift-Tab"),
        ActionBinding("cancel", .form, .cancel, ["esc"], .keyCancel),

        ActionBinding("close-help", .help, .closeHelp, ["esc", "?", "q"], .keyCloseHelp, label: "Esc/q"),
        ActionBinding("down", .help, .moveDown, ["j", "down"], .keyScrollDown, label: "j/Down"),
        ActionBinding("up", .help, .moveUp, ["k", "up"], .keyScrollUp, label: "k/Up"),
        ActionBinding("page-down", .help, .pageDown, ["pgdn", "space"], .keyPageDown, label: "PgDn"),
        ActionBinding("page-up", .help, .pageUp, ["pgup"], .keyPageUp),
        ActionBinding("top", .help, .top, ["g", "home"], .keyTop, label: "g/Home"),
        ActionBinding("bottom", .help, .bottom, ["G", "end"], .keyBottom, label: "G/End"),

        // Enter gives the safe answer, as `[y/N]` does in a shell.
        ActionBinding("yes", .confirm, .submit, ["y"], .keyConfirmYes, label: "y"),
        ActionBinding("no", .confirm, .cancel, ["n", "esc", "enter"], .keyConfirmNo, label: "n/Esc"),
    ])

    /// The keymap of one screen, in table order, with `quitAnywhere` last on the screens it
    /// belongs to (global, and those that stand alone: text fields and help).
    func keyMap(_ screen: KeyScreen, help: [AppAction: TextKey] = [:], only: Set<AppAction>? = nil) -> KeyMap<AppAction>
    {
        let entries = actions.filter { $0.screen == screen && !$0.keys.isEmpty && (only?.contains($0.action) ?? true) }
        var bindings = entries.map { $0.binding(help: help[$0.action]) }
        if screen == .global || screen.isTextField || screen == .confirm || screen == .help,
            only?.contains(.quit) ?? true
        {
            bindings.append(Self.quitAnywhere.binding())
        }
        return KeyMap(bindings)
    }

    /// The screens each action name acts on, in table order, for `tern keys` and messages.
    public func screens(of name: String) -> [KeyScreen] {
        actions.filter { $0.name == name }.map(\.screen)
    }

    /// Action names in table order, once each.
    public var names: [String] {
        var seen = Set<String>()
        return actions.map(\.name).filter { seen.insert($0).inserted }
    }
}
