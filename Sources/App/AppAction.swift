import ViewModels

/// What a key does, as its declaration (`ActionBinding`) states it: the action's name, its
/// handler, and when the footer offers it. Keymaps bind keys to these; `AppController`
/// performs them.
public struct AppAction: Sendable {
    /// The stable name the config and `tern keys` use, such as `like`.
    public let name: String
    /// Does what the key asks, through the controller (its view models and last layout).
    let perform: @Sendable (AppController) -> Void
    /// Whether the footer offers it now (the help overlay always lists it); nil: always.
    let isOffered: (@Sendable (AppViewModel) -> Bool)?
}
