/// Where a key binding acts, as the config names it: `global` everywhere, `list` in every
/// list, a tab, a text field's own keys (`search`, `compose`, `form`), the help overlay, and
/// the answer to a question such as "Sign out?" (`confirm`), an author's profile (`author`), a
/// thread (`thread`), the people search over the Feed (`people`, a text field too) and a
/// place's posts (`posts`).
public enum KeyScreen: String, CaseIterable, Sendable {
    case global, list, places, favorites, feed, profile, search, compose, form, help, confirm, author, detail
    case thread
    // notify: the Activity tab
    case activity
    // search: the people search over the Feed
    case people
    // Someone's shared folder, open read-only from their profile
    case folder
    // The place picker over a post being written (a text field too)
    case placePicker = "place-picker"
    // A place's posts, opened from its detail (`p`)
    case posts

    /// Screens whose keys also type text, where a printable key cannot be bound.
    public var isTextField: Bool {
        self == .search || self == .compose || self == .form || self == .people || self == .placePicker
    }

    /// The groups of screens whose keys act together, where one key may mean one action.
    static let contexts: [[KeyScreen]] = [
        [.places, .list, .global], [.favorites, .list, .global], [.feed, .list, .global],
        [.profile, .list, .global], [.search], [.compose], [.form], [.help], [.confirm], [.author, .list, .global],
        [.detail, .list, .global], [.thread, .list, .global], [.activity, .list, .global],
        [.people], [.folder, .list, .global], [.placePicker], [.posts, .list, .global],
    ]
}
