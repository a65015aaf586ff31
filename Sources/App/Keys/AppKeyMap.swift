import Localization
import TerminalUI
import ViewModels

/// The keymaps in effect, made from `KeyBindings.current`: the controller looks keys up
/// here, and the footer and help overlay are generated from the same maps.
public enum AppKeyMap {
    static var bindings: KeyBindings { KeyBindings.current }

    /// The keys that act right now: a focused field's own map, or the screen's map then the
    /// list keys and the global ones.
    public static func current(for app: AppViewModel) -> KeyMap<AppAction> {
        if app.state.isHelpVisible { return bindings.keyMap(.help).merged(with: bindings.keyMap(.global, only: [.quit])) }
        if question(for: app) != nil { return bindings.keyMap(.confirm) }
        if let prompt = favoritesPrompt(for: app) { return prompt }
        switch app.state.tab {
        case .places:
            if app.places.isPickingCategory { return picker }
            if app.places.state.isSearchFocused { return bindings.keyMap(.search) }
            // The category key is offered while a provider can answer it.
            let places = offering(.pickCategory, when: app.places.state.online.isConfigured, in: screen(.places))
            return offering(.undoRemove, when: app.places.state.undoable != nil, in: places)
        case .favorites:
            return offering(.undoRemove, when: app.favorites.state.undoable != nil, in: screen(.favorites))
        case .feed:
            let feed = app.currentFeed
            if feed.state.compose != nil { return bindings.keyMap(.compose) }
            return screen(app.author == nil ? .feed : .author)
        case .profile:
            if let form = app.profile.state.form {
                return form.kind == .onboarding ? onboardingForm : bindings.keyMap(.form)
            }
            return profile(signedIn: app.profile.state.user != nil)
        }
    }

    /// What the help overlay lists for the current screen (its bindings, then the global ones).
    public static func helpMap(for app: AppViewModel) -> KeyMap<AppAction> {
        let global = bindings.keyMap(.global)
        switch app.state.tab {
        case .places:
            let searchHelp = bindings.keyMap(.search, help: [.submit: .keySearchKeepHelp, .cancel: .keySearchClearHelp],
                                             only: [.submit, .cancel])
            return bindings.keyMap(.places).merged(with: bindings.keyMap(.list)).merged(with: searchHelp).merged(with: global)
        case .favorites: return screen(.favorites)
        case .feed: return screen(app.author == nil ? .feed : .author)
        case .profile:
            let signedIn = app.profile.state.user != nil
            let form = bindings.keyMap(.form, only: [.submit, .nextField, .previousField, .cancel])
            return profileOnly(signedIn: signedIn).merged(with: form).merged(with: global)
        }
    }

    /// While Favorites asks something (on its tab, or a folder picker over Places): the form's
    /// Enter and Esc, and j/k in a picker.
    static func favoritesPrompt(for app: AppViewModel) -> KeyMap<AppAction>? {
        guard app.favorites.state.prompt != nil else { return nil }
        if app.favorites.isPicking { return picker }
        return bindings.keyMap(.form, help: [.submit: .keySave], only: [.submit, .cancel])
    }

    /// A picker's keys: the form's Enter and Esc, and j/k.
    static var picker: KeyMap<AppAction> {
        bindings.keyMap(.form, help: [.submit: .keyPick], only: [.submit, .cancel])
            .merged(with: bindings.keyMap(.list, only: [.moveDown, .moveUp]))
    }

    /// `map` with `action` left out of the footer while it would do nothing (undo with nothing
    /// to undo), so that the footer offers exactly what works.
    static func offering(_ action: AppAction, when isAvailable: Bool, in map: KeyMap<AppAction>) -> KeyMap<AppAction> {
        guard !isAvailable else { return map }
        var map = map
        for index in map.bindings.indices where map.bindings[index].action == action { map.bindings[index].inFooter = false }
        return map
    }

    /// The question the current tab waits on (`y` / `n`), drawn in place of the footer.
    public static func question(for app: AppViewModel) -> String? {
        switch app.state.tab {
        case .profile where app.profile.state.isConfirmingSignOut:
            return tr(.confirmSignOut, ["username": app.profile.state.user?.username ?? ""])
        case .feed where app.currentFeed.state.isConfirmingDiscard:
            return tr(.confirmDiscardPost)
        case .feed where app.currentFeed.state.deleting != nil:
            return tr(.feedDeleteQuestion)
        default:
            return nil
        }
    }

    /// A tab's keys, then the list keys, then the global ones.
    public static func screen(_ screen: KeyScreen) -> KeyMap<AppAction> {
        bindings.keyMap(screen).merged(with: bindings.keyMap(.list)).merged(with: bindings.keyMap(.global))
    }

    /// Signed out: sign in and create account; signed in: edit and sign out, and the posts list.
    static func profileOnly(signedIn: Bool) -> KeyMap<AppAction> {
        let map = bindings.keyMap(.profile, only: signedIn ? [.editProfile, .signOut] : [.signIn, .register])
        return signedIn ? map.merged(with: bindings.keyMap(.list)) : map
    }

    static func profile(signedIn: Bool) -> KeyMap<AppAction> {
        profileOnly(signedIn: signedIn).merged(with: bindings.keyMap(.global))
    }

    /// The form's keys with the onboarding words: Enter saves, Esc is "later".
    static var onboardingForm: KeyMap<AppAction> {
        bindings.keyMap(.form, help: [.submit: .keySave, .cancel: .keyLater])
    }
}
