import Domain
import Foundation

/// The four tabs, in header order.
public enum AppTab: Int, CaseIterable, Equatable, Sendable {
    case places, favorites, feed, profile

    public var title: String {
        switch self {
        case .places: return "Places"
        case .favorites: return "Favorites"
        case .feed: return "Feed"
        case .profile: return "Profile"
        }
    }
}

/// The app around the screens: the tab, the signed-in user, the toast, the help overlay.
public struct AppState: Equatable, Sendable {
    public var tab = AppTab.places
    public var user: User?
    public var toast: Toast?
    public var toastExpiry: Date?
    public var isHelpVisible = false
    public var isQuitting = false
}

/// Owns the screen view models, routes the signed-in user to them, and keeps toasts for
/// `toastDuration` seconds.
public final class AppViewModel {
    public private(set) var state = AppState()
    /// Called after any change of this or a screen's state: the app draws a new frame.
    public var onChange: () -> Void = {}
    public var toastDuration: TimeInterval = 3

    public let places: PlaceSearchViewModel
    public let favorites: FavoritesViewModel
    public let feed: FeedViewModel
    public let profile: ProfileViewModel
    public let scheduler: WorkScheduler
    private let now: () -> Date

    public init(services: ScreenServices, scheduler: WorkScheduler = WorkScheduler(), now: @escaping () -> Date = Date.init) {
        self.now = now
        self.scheduler = scheduler
        places = PlaceSearchViewModel(places: services.places, favorites: services.favorites, now: now)
        favorites = FavoritesViewModel(favorites: services.favorites)
        feed = FeedViewModel(feed: services.feed)
        profile = ProfileViewModel(accounts: services.accounts, feed: services.feed, scheduler: scheduler)
        let toast: (Toast) -> Void = { [weak self] in self?.showToast($0) }
        places.onToast = toast
        favorites.onToast = toast
        feed.onToast = toast
        profile.onToast = toast
        let changed: () -> Void = { [weak self] in self?.onChange() }
        places.onChange = { _ in changed() }
        favorites.onChange = { _ in changed() }
        feed.onChange = { _ in changed() }
        profile.onChange = { _ in changed() }
        profile.onUserChanged = { [weak self] user in self?.userChanged(user) }
    }

    /// Reads the session and starts every subscription. Opens Profile when onboarding is due.
    public func start() {
        let onboarding = profile.start()
        if state.user == nil { userChanged(nil) }
        if onboarding { state.tab = .profile }
        onChange()
    }

    public func stop() {
        places.stop()
        favorites.stop()
        feed.stop()
        profile.stop()
    }

    private func userChanged(_ user: User?) {
        state.user = user
        places.setUser(user?.id)
        favorites.setUser(user?.id)
        feed.setUser(user?.id)
        onChange()
    }

    // MARK: Intents

    public func select(_ tab: AppTab) {
        state.tab = tab
        state.isHelpVisible = false
        onChange()
    }

    public func nextTab() { select(AppTab(rawValue: (state.tab.rawValue + 1) % 4)!) }
    public func previousTab() { select(AppTab(rawValue: (state.tab.rawValue + 3) % 4)!) }

    public func toggleHelp() {
        state.isHelpVisible.toggle()
        onChange()
    }

    public func closeHelp() {
        guard state.isHelpVisible else { return }
        state.isHelpVisible = false
        onChange()
    }

    public func quit() {
        state.isQuitting = true
        onChange()
    }

    public func showToast(_ toast: Toast) {
        state.toast = toast
        state.toastExpiry = now().addingTimeInterval(toastDuration)
        onChange()
    }

    /// Favorites' Enter: the selected favorite in Places, detail pane on it.
    public func showSelectedFavoriteInPlaces() {
        guard let item = favorites.state.selectedItem else { return }
        places.show(placeID: item.placeID, fallback: item)
        select(.places)
    }

    /// Expires the toast when its time is up. Returns whether anything changed.
    @discardableResult
    public func tick() -> Bool {
        guard let expiry = state.toastExpiry, now() >= expiry else { return false }
        state.toast = nil
        state.toastExpiry = nil
        favorites.dropUndo()
        onChange()
        return true
    }

    /// Whether a text field has focus on the current tab (then `q` types rather than quits).
    public var isTextFieldFocused: Bool {
        switch state.tab {
        case .places: return places.state.isSearchFocused
        case .favorites: return false
        case .feed: return feed.state.compose != nil
        case .profile: return profile.state.form != nil
        }
    }
}
