import TerminalUI
import ViewModels

/// Everything a key can do in the app. Keymaps bind keys to these; `AppController` performs them.
public enum AppAction: Hashable, Sendable {
    case switchTab(AppTab)
    case nextTab, previousTab, help, closeHelp, quit
    case moveDown, moveUp, pageDown, pageUp, top, bottom
    case focusSearch, toggleSave, toggleOrder
    case removeFavorite, undoRemove, openFavorite
    case toggleLike, toggleFeedMode, compose
    case signIn, register, editProfile, signOut
    /// Inside text fields.
    case submit, cancel, nextField, previousField
}

/// The keymaps, as data: the controller looks keys up here, and the footer and help overlay
/// are generated from the same lists.
public enum AppKeyMap {
    public static let global = KeyMap<AppAction>([
        Binding(keys: ["?"], help: "help", action: .help),
        Binding(keys: ["q"], help: "quit", action: .quit),
        Binding(keys: ["1"], help: "Places", action: .switchTab(.places), inFooter: false),
        Binding(keys: ["2"], help: "Favorites", action: .switchTab(.favorites), inFooter: false),
        Binding(keys: ["3"], help: "Feed", action: .switchTab(.feed), inFooter: false),
        Binding(keys: ["4"], help: "Profile", action: .switchTab(.profile), inFooter: false),
        Binding(keys: ["tab"], help: "next tab", action: .nextTab, inFooter: false),
        Binding(keys: ["shift-tab"], help: "previous tab", action: .previousTab, inFooter: false),
        Binding(keys: ["ctrl-c"], help: "quit from anywhere", action: .quit, inFooter: false),
    ])

    public static let list = KeyMap<AppAction>([
        Binding(keys: ["j", "down"], label: "j/Down", help: "next", action: .moveDown, inFooter: false),
        Binding(keys: ["k", "up"], label: "k/Up", help: "previous", action: .moveUp, inFooter: false),
        Binding(keys: ["pgdn"], help: "page down", action: .pageDown, inFooter: false),
        Binding(keys: ["pgup"], help: "page up", action: .pageUp, inFooter: false),
        Binding(keys: ["g", "home"], label: "g/Home", help: "first", action: .top, inFooter: false),
        Binding(keys: ["G", "end"], label: "G/End", help: "last", action: .bottom, inFooter: false),
    ])

    public static let places = KeyMap<AppAction>([
        Binding(keys: ["/"], help: "search", action: .focusSearch),
        Binding(keys: ["s"], help: "save", action: .toggleSave),
        Binding(keys: ["o"], help: "order", action: .toggleOrder),
    ]).merged(with: list)

    public static let favorites = KeyMap<AppAction>([
        Binding(keys: ["enter"], help: "show in Places", action: .openFavorite),
        Binding(keys: ["s", "x"], label: "s/x", help: "remove", action: .removeFavorite),
        Binding(keys: ["u"], help: "undo remove", action: .undoRemove),
    ]).merged(with: list)

    public static let feed = KeyMap<AppAction>([
        Binding(keys: ["l"], help: "like", action: .toggleLike),
        Binding(keys: ["v"], help: "All/Liked", action: .toggleFeedMode),
        Binding(keys: ["n"], help: "new post", action: .compose),
    ]).merged(with: list)

    public static let profileSignedOut = KeyMap<AppAction>([
        Binding(keys: ["i"], help: "sign in", action: .signIn),
        Binding(keys: ["c"], help: "create account", action: .register),
    ])

    public static let profileSignedIn = KeyMap<AppAction>([
        Binding(keys: ["e"], help: "edit profile", action: .editProfile),
        Binding(keys: ["o"], help: "sign out", action: .signOut),
    ]).merged(with: list)

    public static let searchField = KeyMap<AppAction>([
        Binding(keys: ["enter"], help: "keep query", action: .submit),
        Binding(keys: ["esc"], help: "clear query", action: .cancel),
        Binding(keys: ["down"], help: "next", action: .moveDown, inFooter: false),
        Binding(keys: ["up"], help: "previous", action: .moveUp, inFooter: false),
        Binding(keys: ["tab"], help: "next tab", action: .nextTab, inFooter: false),
        Binding(keys: ["shift-tab"], help: "previous tab", action: .previousTab, inFooter: false),
        Binding(keys: ["ctrl-c"], help: "quit", action: .quit, inFooter: false),
    ])

    /// The search field's keys as the Places help lists them.
    static let searchFieldHelp = KeyMap<AppAction>([
        Binding(keys: ["enter"], help: "in search: keep query", action: .submit),
        Binding(keys: ["esc"], help: "in search: clear query", action: .cancel),
    ])

    public static let composeField = KeyMap<AppAction>([
        Binding(keys: ["enter"], help: "post", action: .submit),
        Binding(keys: ["esc"], help: "cancel", action: .cancel),
        Binding(keys: ["ctrl-c"], help: "quit", action: .quit, inFooter: false),
    ])

    public static let form = KeyMap<AppAction>([
        Binding(keys: ["enter"], help: "submit", action: .submit),
        Binding(keys: ["tab", "down"], label: "Tab", help: "next field", action: .nextField),
        Binding(keys: ["shift-tab", "up"], label: "Shift-Tab", help: "previous field", action: .previousField),
        Binding(keys: ["esc"], help: "cancel", action: .cancel),
        Binding(keys: ["ctrl-c"], help: "quit", action: .quit, inFooter: false),
    ])

    public static let onboardingForm = KeyMap<AppAction>([
        Binding(keys: ["enter"], help: "save", action: .submit),
        Binding(keys: ["tab", "down"], label: "Tab", help: "next field", action: .nextField),
        Binding(keys: ["shift-tab", "up"], label: "Shift-Tab", help: "previous field", action: .previousField),
        Binding(keys: ["esc"], help: "later", action: .cancel),
        Binding(keys: ["ctrl-c"], help: "quit", action: .quit, inFooter: false),
    ])

    public static let helpOverlay = KeyMap<AppAction>([
        Binding(keys: ["esc", "?"], label: "Esc", help: "close help", action: .closeHelp),
        Binding(keys: ["q", "ctrl-c"], label: "q", help: "quit", action: .quit),
    ])

    /// The keys that act right now: a focused field's own map, or the screen's map then
    /// the global one.
    public static func current(for app: AppViewModel) -> KeyMap<AppAction> {
        if app.state.isHelpVisible { return helpOverlay }
        switch app.state.tab {
        case .places:
            return app.places.state.isSearchFocused ? searchField : places.merged(with: global)
        case .favorites:
            return favorites.merged(with: global)
        case .feed:
            return app.feed.state.compose != nil ? composeField : feed.merged(with: global)
        case .profile:
            if let form = app.profile.state.form {
                return form.kind == .onboarding ? onboardingForm : self.form
            }
            return (app.profile.state.user == nil ? profileSignedOut : profileSignedIn).merged(with: global)
        }
    }

    /// What the help overlay lists for the current screen (its bindings, then the global ones).
    public static func helpMap(for app: AppViewModel) -> KeyMap<AppAction> {
        switch app.state.tab {
        case .places: return places.merged(with: searchFieldHelp).merged(with: global)
        case .favorites: return favorites.merged(with: global)
        case .feed: return feed.merged(with: global)
        case .profile:
            let screen = app.profile.state.user == nil ? profileSignedOut : profileSignedIn
            return screen.merged(with: form).merged(with: global)
        }
    }
}
