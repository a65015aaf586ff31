import Domain
import Localization
import TerminalUI
import ViewModels

/// The keymaps in effect, made from `KeyBindings.current`: the controller looks keys up
/// here, and the footer and help overlay are generated from the same maps.
public enum AppKeyMap {
    static var bindings: KeyBindings { KeyBindings.current }

    /// The keys that act right now: the help overlay's, a question's, a Favorites prompt's,
    /// else the current tab's (`TabRoute.keys`), with what would do nothing left out of the
    /// footer (`AppAction.isOffered`).
    public static func current(for app: AppViewModel) -> KeyMap<AppAction> {
        var map = active(for: app)
        for index in map.bindings.indices where map.bindings[index].action.isOffered?(app) == false {
            map.bindings[index].inFooter = false
        }
        return map
    }

    private static func active(for app: AppViewModel) -> KeyMap<AppAction> {
        if app.state.isHelpVisible { return bindings.keyMap(.help) }
        if question(for: app) != nil { return bindings.keyMap(.confirm) }
        if let prompt = favoritesPrompt(for: app) { return prompt }
        return app.state.tab.route.keys(app)
    }

    /// What the help overlay lists for the current screen: its own keys, then each group it
    /// shares under a heading (lists, the text field it opens, everywhere), the keys that edit
    /// text, and the mouse. The overlay leaves out a row shown twice.
    public static func helpSections(for app: AppViewModel) -> [HelpSection] {
        app.state.tab.route.help(app) + [
            section(.helpEverywhere, .global),
            section(.helpQuestions, .confirm, only: ["yes", "no"]),
            HelpSection(
                tr(.helpMouse),
                [
                    KeyHint(keys: tr(.mouseClick), help: tr(.mouseClickHelp)),
                    KeyHint(keys: tr(.mouseWheel), help: tr(.mouseWheelHelp)),
                ]),
        ]
    }

    /// One screen's keys (those named in `only`) under `title` in the help overlay.
    static func section(_ title: TextKey?, _ screen: KeyScreen, only: Set<String>? = nil) -> HelpSection {
        HelpSection(title.map { tr($0) }, bindings.keyMap(screen, only: only).helpEntries)
    }

    /// The keys of a post being written, in the help overlay.
    static var composeSection: HelpSection {
        section(.helpCompose, .compose, only: ["submit", "cancel", "new-line", "up", "down"])
    }

    /// The sync key, which the footer offers while writes wait for the team server.
    static var syncHints: [KeyHint] {
        bindings.keyMap(.global, only: ["sync"]).helpEntries
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
        if case .memo = app.favorites.state.prompt {
            return bindings.keyMap(.form, help: ["submit": .keySave], only: ["submit", "cancel", "new-line"])
        }
        return bindings.keyMap(.form, help: ["submit": .keySave], only: ["submit", "cancel"])
    }

    /// A picker's keys: the form's Enter and Esc, and j/k.
    static var picker: KeyMap<AppAction> {
        bindings.keyMap(.form, help: ["submit": .keyPick], only: ["submit", "cancel"])
            .merged(with: bindings.keyMap(.list, only: ["down", "up"]))
    }

    /// The question the current tab waits on (`y` / `n`), drawn in place of the footer.
    public static func question(for app: AppViewModel) -> String? {
        app.state.tab.route.question(app)
    }

    /// The question a list of posts waits on: discard the post being written, or delete one.
    static func postQuestion(_ feed: FeedViewModel) -> String? {
        if feed.state.isConfirmingDiscard { return tr(.confirmDiscardPost) }
        return feed.state.deleting != nil ? tr(.feedDeleteQuestion) : nil
    }

    /// How to sign in for `action`, with the keys in effect: `Sign in on the Profile tab (4,
    /// then i) to like posts`.
    /// The first key bound to the action `name` (on any screen), as the footer writes it.
    static func firstKey(_ name: String) -> String {
        bindings.actions.first { $0.name == name && !$0.keys.isEmpty }?.keys[0].description ?? "?"
    }

    public static func signInMessage(_ action: SignInRequired.Action) -> String {
        let keys = tr(.signInKeys, ["tab": firstKey("go-profile"), "key": firstKey("sign-in")])
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
        case .follow: text = .signInHereToFollow
        case .bookmark: text = .signInHereToBookmark
        case .viewBookmarks: text = .signInHereToViewBookmarks
        case .repost: text = .signInHereToRepost
        case .mute: text = .signInHereToMute
        case .notifications: text = .signInHereToSeeNotifications
        case .viewFollowing: text = .signInHereToViewFollowing
        }
        return tr(text, ["tab": AppTab.profile.title, "keys": keys])
    }

    /// A tab's keys, then the list keys, then the global ones.
    public static func screen(_ screen: KeyScreen) -> KeyMap<AppAction> {
        bindings.keyMap(screen).merged(with: bindings.keyMap(.list)).merged(with: bindings.keyMap(.global))
    }

    /// A profile listing the person's shared folders: back, posts again, open one, follow, mute.
    static let othersFoldersKeys: Set<String> = ["back", "folders", "open-folder", "follow", "mute"]

    static var othersFolders: KeyMap<AppAction> {
        bindings.keyMap(.author, only: othersFoldersKeys).merged(with: bindings.keyMap(.list)).merged(
            with: bindings.keyMap(.global))
    }

    /// The Profile tab's own keys while signed in: the profile's, and one's posts'.
    static let signedInProfile: Set<String> = ["edit", "sign-out", "edit-post", "delete-post"]

    /// Signed out: sign in and create account; signed in: edit and sign out, the posts' keys
    /// and the posts list.
    static func profileOnly(signedIn: Bool) -> KeyMap<AppAction> {
        let map = bindings.keyMap(.profile, only: signedIn ? signedInProfile : ["sign-in", "register"])
        return signedIn ? map.merged(with: bindings.keyMap(.list)) : map
    }

    static func profile(signedIn: Bool) -> KeyMap<AppAction> {
        profileOnly(signedIn: signedIn).merged(with: bindings.keyMap(.global))
    }

    /// The profile forms' keys (a memo's line break is the memo form's only).
    static let profileFormKeys: Set<String> = ["submit", "next-field", "previous-field", "cancel"]

    /// The form's keys with the onboarding words: Enter saves, Esc is "later".
    static var onboardingForm: KeyMap<AppAction> {
        bindings.keyMap(.form, help: ["submit": .keySave, "cancel": .keyLater], only: profileFormKeys)
    }
}
