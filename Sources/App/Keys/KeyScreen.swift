/// Where a key binding acts, as the config names it: `global` everywhere, `list` in every
/// list, a tab, an author's profile (`author`), a question (`confirm`), or a text field's own
/// keys (`search`, `compose`, `form`) and the help overlay.
public enum KeyScreen: String, CaseIterable, Sendable {
    case global, list, places, favorites, feed, profile, search, compose, form, help, author, confirm

    /// Screens whose keys also type text, where a printable key cannot be bound.
    public var isTextField: Bool { self == .search || self == .compose || self == .form }

    /// The groups of screens whose keys act together, where one key may mean one action.
    static let contexts: [[KeyScreen]] = [
        [.places, .list, .global], [.favorites, .list, .global], [.feed, .list, .global],
        [.profile, .list, .global], [.search], [.compose], [.form], [.help], [.author, .list, .global], [.confirm],
    ]
}
