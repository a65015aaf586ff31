import Domain
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
        if app.state.isHelpVisible { return bindings.keyMap(.help) }
        if question(for: app) != nil { return bindings.keyMap(.confirm) }
        if let prompt = favoritesPrompt(for: app) { return prompt }
        switch app.state.tab {
        case .places:
            if app.places.isPickingCategory { return picker }
            if app.places.state.isSearchFocused { return bindings.keyMap(.search) }
            if app.places.state.isDetailOpen { return screen(.detail) }
            // The category key is offered while a provider can answer it.
            let places = offering(.pickCategory, when: app.places.state.online.isConfigured, in: screen(.places))
            return offering(.undoRemove, when: app.places.state.undoable != nil, in: places)
        case .favorites:
            return offering(.undoRemove, when: app.favorites.state.undoable != nil, in: screen(.favorites))
        case .feed:
            let feed = app.currentFeed
            if feed.state.compose != nil { return bindings.keyMap(.compose) }
            guard app.author == nil else { return screen(.author) }
            return offering(.undoRemove, when: feed.state.undoable != nil, in: screen(.feed))
        case .profile:
            if let form = app.profile.state.form {
                return form.kind == .onboarding ? onboardingForm : bindings.keyMap(.form)
            }
            if app.profile.posts?.state.compose != nil { return bindings.keyMap(.compose) }
            return profile(signedIn: app.profile.state.user != nil)
        }
    }

    /// What the help overlay lists for the current screen: its own keys, then each group it
    /// shares under a heading (lists, the text field it opens, everywhere), the keys that edit
    /// text, and the mouse. The overlay leaves out a row shown twice.
    public static func helpSections(for app: AppViewModel) -> [HelpSection] {
        var sections: [HelpSection] = []
        func add(_ title: TextKey?, _ map: KeyMap<AppAction>) {
            sections.append(HelpSection(title.map { tr($0) }, map.helpEntries))
        }
        switch app.state.tab {
        case .places:
            add(nil, bindings.keyMap(.places))
            add(.helpLists, bindings.keyMap(.list))
            add(.helpSearchField, bindings.keyMap(.search, only: [.submit, .cancel, .historyPrevious, .historyNext]))
            sections.append(HelpSection(tr(.helpTyping), typingHints))
        case .favorites:
            add(nil, bindings.keyMap(.favorites))
            add(.helpLists, bindings.keyMap(.list))
        case .feed:
            add(nil, bindings.keyMap(app.author == nil ? .feed : .author))
            add(.helpLists, bindings.keyMap(.list))
            add(.helpCompose, bindings.keyMap(.compose, only: [.submit, .cancel, .newLine, .moveUp, .moveDown]))
            sections.append(HelpSection(tr(.helpTyping), typingHints))
        case .profile:
            let signedIn = app.profile.state.user != nil
            add(nil, bindings.keyMap(.profile, only: signedIn ? Self.signedInProfile : [.signIn, .register]))
            if signedIn {
                add(.helpLists, bindings.keyMap(.list))
                add(.helpCompose, bindings.keyMap(.compose, only: [.submit, .cancel, .newLine, .moveUp, .moveDown]))
            }
            add(.helpForms, bindings.keyMap(.form, only: [.submit, .nextField, .previousField, .cancel]))
            sections.append(HelpSection(tr(.helpTyping), typingHints))
        }
        add(.helpEverywhere, bindings.keyMap(.global))
        add(.helpQuestions, bindings.keyMap(.confirm, only: [.submit, .cancel]))
        sections.append(
            HelpSection(
                tr(.helpMouse),
                [
                    KeyHint(keys: tr(.mouseClick), help: tr(.mouseClickHelp)),
                    KeyHint(keys: tr(.mouseWheel), help: tr(.mouseWheelHelp)),
                ]))
        return sections
    }

    /// The sync key, which the footer offers while writes wait for the team server.
    static var syncHints: [KeyHint] {
        bindings.keyMap(.global, only: [.syncNow]).helpEntries
    }

    /// The keys every text field takes (`TextEditor.Edit(key:)`).
    static var typingHints: [KeyHint] {
        [
            KeyHint(keys: "Ctrl-W", help: tr(.typingDeleteWord)),
            KeyHint(keys: "Ctrl-U", help: tr(.typingClear)),
            KeyHint(keys: "Ctrl-A/Home", help: tr(.typingStart)),
            KeyHint(keys: "Ctrl-E/End", help: tr(.typingEnd)),
        ]
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
        for index in map.bindings.indices where map.bindings[index].action == action {
            map.bindings[index].inFooter = false
        }
        return map
    }

    /// The question the current tab waits on (`y` / `n`), drawn in place of the footer.
    public static func question(for app: AppViewModel) -> String? {
        switch app.state.tab {
        case .profile where app.profile.state.isConfirmingSignOut:
            return tr(.confirmSignOut, ["username": app.profile.state.user?.username ?? ""])
        case .feed where app.currentFeed.state.isConfirmingDiscard,
            .profile where app.currentFeed.state.isConfirmingDiscard:
            return tr(.confirmDiscardPost)
        case .feed where app.currentFeed.state.deleting != nil, .profile where app.currentFeed.state.deleting != nil:
            return tr(.feedDeleteQuestion)
        default:
            return nil
        }
    }

    /// How to sign in for `action`, with the keys in effect: `Sign in on the Profile tab (4,
    /// then i) to like posts`.
    public static func signInMessage(_ action: SignInRequired.Action) -> String {
        func firstKey(_ action: AppAction) -> String {
            bindings.actions.first { $0.action == action && !$0.keys.isEmpty }?.keys[0].description ?? "?"
        }
        let keys = tr(.signInKeys, ["tab": firstKey(.switchTab(.profile)), "key": firstKey(.signIn)])
        let text: TextKey
        switch action {
        case .saveFavorites: text = .signInHereToSave
        case .removeFavorites: text = .signInHereToRemove
        case .listFavorites: text = .signInHereToListFavorites
        case .likePosts: text = .signInHereToLike
        case .viewLikedPosts: text = .signInHereToViewLiked
        case .post: text = .signInHereToPost
        case .editProfile: text = .signInHereToEditProfile
        case .editPosts: text = .signInHereToEditPosts
        }
        return tr(text, ["tab": AppTab.profile.title, "keys": keys])
    }

    /// A tab's keys, then the list keys, then the global ones.
    public static func screen(_ screen: KeyScreen) -> KeyMap<AppAction> {
        bindings.keyMap(screen).merged(with: bindings.keyMap(.list)).merged(with: bindings.keyMap(.global))
    }

    /// The Profile tab's own keys while signed in: the profile's, and one's posts'.
    static let signedInProfile: Set<AppAction> = [.editProfile, .signOut, .editPost, .deletePost]

    /// Signed out: sign in and create account; signed in: edit and sign out, the posts' keys
    /// and the posts list.
    static func profileOnly(signedIn: Bool) -> KeyMap<AppAction> {
        let map = bindings.keyMap(.profile, only: signedIn ? signedInProfile : [.signIn, .register])
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
