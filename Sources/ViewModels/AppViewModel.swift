import Domain
import Foundation
import Localization

/// The five tabs, in header order.
public enum AppTab: Int, CaseIterable, Equatable, Sendable {
    case places, favorites, feed, profile
    // notify: the account's notifications
    case activity

    public var title: String {
        switch self {
        case .places: return tr(.tabPlaces)
        case .favorites: return tr(.tabFavorites)
        case .feed: return tr(.tabFeed)
        case .profile: return tr(.tabProfile)
        case .activity: return tr(.tabActivity)
        }
    }
}

/// The app around the screens: the tab, the signed-in user, the toast, the help overlay.
public struct AppState: Equatable, Sendable {
    public var tab = AppTab.places
    public var user: User?
    public var toast: Toast?
    public var isHelpVisible = false
    /// The help overlay's first row on screen, when it does not fit.
    public var helpOffset = 0
    public var isQuitting = false
    /// How the store is reached and what is unsent, for the header.
    public var sync = SyncStatus.embedded
}

/// Owns the screen view models, routes the signed-in user to them, keeps toasts for
/// `toastDuration` seconds, and applies the events the loop takes from `events`.
public final class AppViewModel {
    public private(set) var state = AppState()
    /// Called after any change of this or a screen's state: the app draws a new frame.
    public var onChange: () -> Void = {}
    public var toastDuration: TimeInterval = 3

    public let places: PlaceSearchViewModel
    public let favorites: FavoritesViewModel
    public let feed: FeedViewModel
    public let profile: ProfileViewModel
    /// The Activity tab: notifications, their unread count on its label.
    public let activity: ActivityViewModel
    /// The author's profile opened from the Feed (Enter on a post); Esc closes it.
    public private(set) var author: AuthorProfileViewModel?
    /// The thread opened from the Feed or an author's profile (`o` on a post); Esc closes it.
    public private(set) var thread: FeedViewModel?
    /// A place's posts, opened from its detail in Places or from Favorites (`p`), over the
    /// tab it was opened on; Esc goes back to the place.
    public private(set) var placePosts: PlacePosts?
    /// The people search opened over the Feed (`/`); Enter opens a profile, Esc closes it.
    public private(set) var people: PeopleSearchViewModel?
    /// `m` on a post that mentions several accounts: whose profile to open.
    public private(set) var mentionChoice: MentionChoiceModel?
    /// `attach-place` while writing a post or a reply: the place picker over it.
    public private(set) var placePicker: PlacePickerModel?
    private let placeSearching: PlaceSearching
    private let onlinePlaces: OnlinePlaceSearching?
    private let accounts: AccountsPort
    private let feedPort: FeedPort
    private let favoritesPort: FavoritesPort
    /// Where the posts' place lines find their places.
    private let placeLines: PostPlaceLines
    /// Everything that reaches the app away from the keyboard.
    public let events: EventQueue
    /// Slow work off the loop's thread; its answers come back through `events`.
    public let work: BackgroundWork
    /// Where the screens' store writes go (off the loop's thread on a team server).
    public let writes: StoreWrites
    private let syncPort: SyncPort
    private var syncObservation: Cancellable?
    /// The sync port's last report (the header's `state.sync` adds the local copy's staleness).
    private var syncStatus = SyncStatus.embedded
    private let connecting: ServerConnecting?
    /// The wait before trying the server again after a failed connection (doubling up to a cap).
    private var connectRetry: TimeInterval = 1
    /// Why the last attempt to reach the server was refused, once a toast said it (not
    /// again on every retry); nil after a success or an unreachable server.
    private var connectRefusal: String?

    /// `work` defaults to worker threads posting to `events`.
    public init(
        services: ScreenServices, events: EventQueue = EventQueue(), work: BackgroundWork? = nil,
        now: @escaping () -> Date = Date.init
    ) {
        self.events = events
        self.work = work ?? BackgroundWork(queue: events)
        accounts = services.accounts
        placeSearching = services.places
        onlinePlaces = services.online
        feedPort = services.feed
        favoritesPort = services.favorites
        writes = StoreWrites(work: self.work, offLoop: services.isStoreRemote)
        syncPort = services.sync
        connecting = services.connecting
        places = PlaceSearchViewModel(
            places: services.places, favorites: services.favorites, events: events,
            online: services.online, work: self.work, writes: writes,
            history: services.searchHistory, now: now)
        favorites = FavoritesViewModel(favorites: services.favorites, events: events, writes: writes)
        feed = FeedViewModel(feed: services.feed, events: events, writes: writes)
        placeLines = PostPlaceLines(places: services.places, home: services.home)
        feed.placeLines = placeLines
        profile = ProfileViewModel(accounts: services.accounts, feed: services.feed, work: self.work, writes: writes)
        activity = ActivityViewModel(activity: services.activity, feed: services.feed, events: events, writes: writes)
        let toast: (Toast) -> Void = { [weak self] in self?.showToast($0) }
        places.onToast = toast
        favorites.onToast = toast
        feed.onToast = toast
        profile.onToast = toast
        activity.onToast = toast
        let changed: () -> Void = { [weak self] in self?.onChange() }
        places.onChange = { _ in changed() }
        favorites.onChange = { [weak self] _ in
            // The followed folders changed: an open folder's follow intent may be done.
            self?.author?.folders.followingChanged()
            changed()
        }
        feed.onChange = { _ in changed() }
        profile.onChange = { _ in changed() }
        activity.onChange = { _ in changed() }
        profile.onUserChanged = { [weak self] user in self?.userChanged(user) }
    }

    /// Reads the session and starts every subscription. Opens Profile when onboarding is due.
    public func start() {
        syncObservation = syncPort.observeSync(
            { [weak self] in self?.syncChanged($0) },
            onDropped: { [weak self] in self?.writeDropped($0) })
        // The first frame shows the local copy of a team server: its lists may be stale, and
        // a profile not onboarded there may be since: the form waits for the server's copy.
        let readsLocalCopy = connecting?.readsLocalCopy == true
        if readsLocalCopy { state.sync.isStale = true }
        let onboarding = profile.start(onboardingWaitsForServer: readsLocalCopy)
        if state.user == nil { userChanged(nil) }
        if onboarding { state.tab = .profile }
        connectToServer()
        onChange()
    }

    // MARK: Reaching the team server

    /// When the screens opened on the local copy of a team server: connects on a worker
    /// (the loop keeps drawing and answering keys from the copy), then reads the live lists
    /// from the server. A failure tries again after `connectRetry`, doubling, and at once when
    /// the sync worker finds the server answering.
    private func connectToServer() {
        guard let connecting, connecting.readsLocalCopy, !work.isBusy(.serverConnect) else { return }
        work.run(.serverConnect, { _ in try connecting.connect() }, then: { [weak self] in self?.serverConnected($0) })
    }

    private func serverConnected(_ result: Result<() -> Bool, Error>) {
        switch result {
        case .success(let use):
            // Made for the account signed in (or out) before this one: made again for this one.
            guard use() else { return connectToServer() }
            connectRetry = 1
            connectRefusal = nil
            events.cancelTimer(.connectRetry)
            resumeReads()
            showSync()
        case .failure(let error):
            // An unreachable server is the header's to say (`offline`, from the sync worker);
            // a refusal or an answer that is not the server's protocol is said once, here.
            if let failure = error as? ServerConnectFailure, !failure.isUnreachable, failure.reason != connectRefusal {
                connectRefusal = failure.reason
                showToast(Toast(tr(.toastServerRefused, ["reason": failure.reason]), kind: .error))
            }
            events.schedule(.connectRetry, after: connectRetry) { [weak self] in self?.connectToServer() }
            connectRetry = min(30, connectRetry * 2)
        }
    }

    /// Every screen reads its live lists again from the store the ports read now.
    private func resumeReads() {
        places.resumeReads()
        favorites.resumeReads()
        feed.resumeReads()
        profile.resumeReads()
        activity.resumeReads()
        author?.resumeReads()
        thread?.resumeReads()
        placePosts?.posts.resumeReads()
    }

    public func stop() {
        syncObservation?.cancel()
        places.stop()
        favorites.stop()
        feed.stop()
        profile.stop()
        activity.stop()
        author?.stop()
        thread?.stop()
        placePosts?.posts.stop()
        people?.stop()
    }

    /// The connection or the unsent writes changed: the header and the rows' pending marks follow.
    private func syncChanged(_ status: SyncStatus) {
        syncStatus = status
        if status.connection == .online { connectToServer() }
        showSync()
    }

    /// The header and the rows' pending marks follow the sync status; lists read from the
    /// local copy are possibly stale until the server's connection is made.
    private func showSync() {
        let status = syncStatus
        state.sync = status
        state.sync.isStale = status.isStale || connecting?.readsLocalCopy == true
        feed.setPendingPaths(status.pendingPaths)
        author?.posts.setPendingPaths(status.pendingPaths)
        thread?.setPendingPaths(status.pendingPaths)
        placePosts?.posts.setPendingPaths(status.pendingPaths)
        places.setPendingPaths(status.pendingPaths)
        favorites.setPendingPaths(status.pendingPaths)
        profile.setPendingPaths(status.pendingPaths)
        onChange()
    }

    /// A write the server refused on replay: a toast names it and says why.
    private func writeDropped(_ dropped: DroppedWrite) {
        if let path = dropped.path {
            feed.writeDropped(path: path)
            author?.posts.writeDropped(path: path)
            thread?.writeDropped(path: path)
            placePosts?.posts.writeDropped(path: path)
        }
        showToast(
            Toast(tr(.toastDroppedWrite, ["write": dropped.description, "reason": dropped.reason]), kind: .error))
    }

    private func userChanged(_ user: User?) {
        // The picker searched as the account that was signed in.
        if placePicker != nil && user?.id != state.user?.id { closePlacePicker() }
        state.user = user
        // Before the server is reached, the screens read the new account's own copy (the
        // guest's when signed out), not the copy of the account shown before.
        let movedCopy = connecting?.readLocalCopy(of: user?.id) == true
        syncPort.follow(account: user?.id)
        feed.author = user
        author?.posts.author = user
        places.setUser(user?.id)
        favorites.setUser(user?.id)
        feed.setUser(user?.id)
        activity.setUser(user?.id)
        let finished = user.map(ProfileViewModel.isFinished) ?? true
        feed.isProfileFinished = finished
        author?.posts.isProfileFinished = finished
        author?.posts.setUser(user?.id)
        thread?.author = user
        thread?.isProfileFinished = finished
        thread?.setUser(user?.id)
        placePosts?.posts.author = user
        placePosts?.posts.isProfileFinished = finished
        placePosts?.posts.setUser(user?.id)
        if movedCopy { resumeReads() }
        onChange()
    }

    // MARK: Authors' profiles

    /// The feed the keys act on: the open author's posts on the Feed tab, one's own posts
    /// on the Profile tab, else the Feed's (a table in `AppTab` order, beside `screens`).
    public var currentFeed: FeedViewModel {
        [
            placePosts(on: .places) ?? feed, placePosts(on: .favorites) ?? feed, thread ?? author?.posts ?? feed,
            profile.posts ?? feed, feed,
        ][state.tab.rawValue]
    }

    /// The place's posts when they were opened on `tab`.
    public func placePosts(on tab: AppTab) -> FeedViewModel? {
        placePosts?.tab == tab ? placePosts?.posts : nil
    }

    /// Enter on a post: opens its author's profile over the Feed.
    public func openAuthor() {
        guard state.tab == .feed, author == nil, let uid = feed.state.selectedRow?.uid, !uid.isEmpty else { return }
        openProfile(uid: uid)
    }

    /// `m` on a post: opens the profile of the account its text mentions (in an author's
    /// profile or a thread too, over them); of several, the one chosen from a list of them.
    public func openMention() {
        guard state.tab == .feed, mentionChoice == nil, let row = currentFeed.state.selectedRow else { return }
        guard let mention = row.mentions.first else {
            showToast(Toast(tr(.toastNoMention), kind: .info))
            return
        }
        guard row.mentions.count > 1 else { return openMentioned(mention.uid) }
        mentionChoice = MentionChoiceModel(
            mentions: row.mentions, onChange: { [weak self] in self?.onChange() },
            onDone: { [weak self] uid in
                self?.mentionChoice = nil
                if let uid { self?.openMentioned(uid) } else { self?.onChange() }
            })
        onChange()
    }

    private func openMentioned(_ uid: String) {
        closeThread()
        closeAuthor()
        openProfile(uid: uid)
    }

    /// Opens the profile of `uid` over the Feed, where follow and mute work.
    public func openProfile(uid: String) {
        let profile = AuthorProfileViewModel(
            uid: uid, accounts: accounts, feed: feedPort, events: events, writes: writes, favorites: favoritesPort)
        profile.posts.placeLines = placeLines
        profile.posts.author = state.user
        profile.posts.setPendingPaths(state.sync.pendingPaths)
        profile.onChange = { [weak self] _ in self?.onChange() }
        profile.onToast = { [weak self] in self?.showToast($0) }
        profile.posts.onChange = { [weak self] _ in self?.onChange() }
        profile.posts.onToast = { [weak self] in self?.showToast($0) }
        profile.posts.isProfileFinished = feed.isProfileFinished
        profile.onMuteChanged = { [weak self] in self?.feed.resumeReads() }
        profile.folders.isFollowing = { [weak self] folderID in
            self?.favorites.state.follows(ownerUID: uid, folderID: folderID) ?? false
        }
        author = profile
        profile.start(viewer: state.user?.id)
        onChange()
    }

    /// Esc on an author's profile: back to the Feed as it was.
    public func closeAuthor() {
        author?.stop()
        author = nil
        onChange()
    }

    // MARK: A post's place

    /// `attach-place` (Ctrl-P) while writing a post or a reply: the place picker over it,
    /// its first row the removal of the place already attached. An edit keeps its post's place.
    public func openPlacePicker() {
        let composing = currentFeed
        guard placePicker == nil, composing.state.compose != nil else { return }
        guard composing.canAttachPlace, let uid = state.user?.id else {
            showToast(Toast(tr(.toastPlaceOnlyNewPosts), kind: .info))
            return
        }
        let online = onlinePlaces.map { OnlinePlaceResults(port: $0, work: work, events: events, name: "picker") }
        let picker = PlacePickerModel(
            places: placeSearching, favorites: favoritesPort, reads: writes.reads, online: online, uid: uid,
            home: placeLines.home, attached: composing.state.attachedPlace)
        picker.onChange = { [weak self] in self?.onChange() }
        picker.onToast = { [weak self] in self?.showToast($0) }
        picker.onChoose = { [weak self, weak composing] place in
            self?.closePlacePicker()
            composing?.attachPlace(place)
        }
        picker.onRemove = { [weak self, weak composing] in
            self?.closePlacePicker()
            composing?.removeAttachedPlace()
        }
        picker.onClose = { [weak self] in self?.closePlacePicker() }
        placePicker = picker
        picker.start()
        onChange()
    }

    /// Esc in the place picker (or a choice made): back to the post being written.
    public func closePlacePicker() {
        placePicker?.stop()
        placePicker = nil
        onChange()
    }

    // MARK: The people search

    /// `/` on the Feed: the people search over it, listing the most followed until a query is typed.
    public func openPeopleSearch() {
        guard state.tab == .feed, people == nil else { return }
        let search = PeopleSearchViewModel(feed: feedPort, reads: writes.reads)
        search.onChange = { [weak self] _ in self?.onChange() }
        search.onToast = { [weak self] in self?.showToast($0) }
        search.onOpen = { [weak self] uid in
            self?.closePeopleSearch()
            self?.openProfile(uid: uid)
        }
        search.onClose = { [weak self] in self?.closePeopleSearch() }
        people = search
        search.start()
        onChange()
    }

    /// Esc in the people search: back to the Feed as it was.
    public func closePeopleSearch() {
        people?.stop()
        people = nil
        onChange()
    }

    // MARK: Threads

    /// `o` on a post of the Feed, an author's profile or a thread: opens its thread over them.
    public func openThread() {
        guard state.tab == .feed, let row = currentFeed.state.selectedRow, !row.isDeleted,
            !row.id.hasPrefix("sending-"), row.id != thread?.threadOf
        else { return }
        openThread(of: row.id)
    }

    /// Enter on the Activity tab: the thread of the post the selected notification is about,
    /// on the Feed tab (a follow is about no post).
    public func openActivity() {
        guard state.tab == .activity, let postID = activity.state.selectedGroup?.postID else { return }
        select(.feed)
        guard postID != thread?.threadOf else { return }
        openThread(of: postID)
    }

    private func openThread(of id: String) {
        thread?.stop()
        let posts = fixedFeed(threadOf: id)
        thread = posts
        posts.setUser(state.user?.id)
        onChange()
    }

    /// A feed fixed to a thread or a place, with the Feed's lines, viewer and outputs.
    private func fixedFeed(threadOf: String? = nil, placeOf: String? = nil) -> FeedViewModel {
        let posts = FeedViewModel(feed: feedPort, events: events, writes: writes, threadOf: threadOf, placeOf: placeOf)
        posts.placeLines = placeLines
        posts.author = state.user
        posts.isProfileFinished = feed.isProfileFinished
        posts.setPendingPaths(state.sync.pendingPaths)
        posts.onChange = { [weak self] _ in self?.onChange() }
        posts.onToast = { [weak self] in self?.showToast($0) }
        return posts
    }

    /// Esc on a thread: back to the list it was opened from, as it was.
    public func closeThread() {
        thread?.stop()
        thread = nil
        onChange()
    }

    // MARK: A place's posts

    /// `p` on a place's detail in Places: its posts, newest first, over the detail.
    public func openSelectedPlacePosts() {
        guard state.tab == .places, let place = places.state.selectedRow?.place else { return }
        openPlacePosts(placeID: place.placeID, name: place.shownName, on: .places)
    }

    /// `p` on a place in Favorites: its posts, over the folder.
    public func openSelectedFavoritePosts() {
        guard state.tab == .favorites, let item = favorites.state.selectedItem else { return }
        openPlacePosts(placeID: item.placeID, name: item.placeName, on: .favorites)
    }

    private func openPlacePosts(placeID: String, name: String, on tab: AppTab) {
        placePosts?.posts.stop()
        let posts = fixedFeed(placeOf: placeID)
        placePosts = PlacePosts(placeID: placeID, name: name, tab: tab, posts: posts)
        posts.setUser(state.user?.id)
        onChange()
    }

    /// Esc on a place's posts: back to the place, as it was.
    public func closePlacePosts() {
        placePosts?.posts.stop()
        placePosts = nil
        onChange()
    }

    /// `o` on a place's posts: the post's thread, on the Feed tab.
    public func openPlacePostThread() {
        guard let row = currentFeed.state.selectedRow, placePosts?.tab == state.tab, !row.isDeleted,
            !row.id.hasPrefix("sending-")
        else { return }
        select(.feed)
        closeAuthor()
        openThread(of: row.id)
    }

    // MARK: Intents

    public func select(_ tab: AppTab) {
        state.tab = tab
        state.isHelpVisible = false
        activity.setShown(tab == .activity)
        onChange()
    }

    public func nextTab() { select(AppTab(rawValue: (state.tab.rawValue + 1) % AppTab.allCases.count)!) }
    public func previousTab() {
        select(AppTab(rawValue: (state.tab.rawValue + AppTab.allCases.count - 1) % AppTab.allCases.count)!)
    }

    public func toggleHelp() {
        state.isHelpVisible.toggle()
        state.helpOffset = 0
        onChange()
    }

    /// Scrolls the help overlay by `delta` rows, within `0...limit` (what the last frame
    /// could not show).
    public func scrollHelp(by delta: Int, limit: Int) {
        let offset = min(max(0, state.helpOffset + delta), max(0, limit))
        guard offset != state.helpOffset else { return }
        state.helpOffset = offset
        onChange()
    }

    public func closeHelp() {
        guard state.isHelpVisible else { return }
        state.isHelpVisible = false
        onChange()
    }

    /// The sync key: try the team server now and send what waits, rather than at the next retry.
    public func syncNow() {
        guard state.sync.connection != .embedded else {
            showToast(Toast(tr(.toastSyncEmbedded)))
            return
        }
        syncPort.syncNow()
        showToast(Toast(tr(.toastSyncing)))
    }

    public func quit() {
        state.isQuitting = true
        onChange()
    }

    public func showToast(_ toast: Toast) {
        state.toast = toast
        events.schedule(.toastExpiry, after: toastDuration) { [weak self] in self?.expireToast() }
        onChange()
    }

    private func expireToast() {
        guard state.toast != nil else { return }
        state.toast = nil
        onChange()
    }

    // MARK: Events

    /// Applies one event taken from `events`, on the loop's thread.
    public func handle(_ event: AppEvent) {
        switch event {
        case .storeChanged(let callback): callback()
        case .catalogLoaded(.success):
            places.refresh()
            for posts in [feed, thread, author?.posts, placePosts?.posts] { posts?.placesLoaded() }
        case .catalogLoaded(.failure(let error)):
            showToast(Toast(tr(.placesUnavailable, ["reason": ErrorText.describe(error)]), kind: .error))
        case .workFinished(let completion): completion.deliver()
        case .timerFired(_, let action): action()
        }
    }

    /// Applies every event waiting in `events` (and those they post); returns how many.
    @discardableResult
    public func handlePendingEvents() -> Int {
        var handled = 0
        while let event = events.next() {
            handle(event)
            handled += 1
        }
        return handled
    }

    /// `p` on a post: its place in Places, selected, with its detail (the pane
    /// from 100 columns, the whole screen below); a toast when the post carries none.
    public func openPostPlace() {
        guard let row = currentFeed.state.selectedRow else { return }
        guard let line = row.place else { return showToast(Toast(tr(.toastPostHasNoPlace))) }
        places.show(placeID: line.placeID, copy: line.info)
        guard places.state.selectedRow?.place.placeID == line.placeID else {
            return showToast(Toast(tr(.toastPostPlaceUnknown, ["name": line.name]), kind: .error))
        }
        places.openDetail()
        select(.places)
    }

    /// Enter on a place of someone's open folder: shows it in Places, selected, with its detail.
    public func showOthersFolderPlaceInPlaces() {
        guard let item = author?.folders.selectedPlace else { return }
        places.show(placeID: item.placeID, fallback: item)
        select(.places)
    }

    /// `s` on a place of someone's open folder: picks one's own folder to save it into.
    public func saveOthersFolderPlace() {
        guard let item = author?.folders.selectedPlace else { return }
        favorites.beginSave(item.favoriteCandidate)
    }

    /// Favorites' Enter: the selected favorite in Places, detail pane on it.
    public func showSelectedFavoriteInPlaces() {
        guard let item = favorites.state.selectedItem else { return }
        places.show(placeID: item.placeID, fallback: item)
        select(.places)
    }

    /// The tabs' view models, in `AppTab` order: the view models' half of the table the keys
    /// are routed through (the screens' half is App's `TabRoute`).
    public var screens: [ScreenModel] {
        [
            placePosts(on: .places) ?? places, placePosts(on: .favorites) ?? favorites,
            placePicker ?? mentionChoice ?? people ?? thread ?? author?.listScreen ?? feed,
            placePicker ?? profile, activity,
        ]
    }

    /// Whether any screen shows a change the store has not confirmed (the footer then
    /// explains the pending mark).
    public var hasPendingMarks: Bool {
        writes.isBusy || feed.state.rows.contains(where: \.isPending) || places.state.rows.contains(where: \.isPending)
            || profile.state.isUserPending || !favorites.state.pendingPlaceIDs.isEmpty
    }

    /// The current tab's view model.
    public var screen: ScreenModel { screens[state.tab.rawValue] }

    /// Whether a text field has focus on the current tab (then `q` types rather than quits).
    public var isTextFieldFocused: Bool { screen.isEditingText }
}

/// A place's posts as the screen opened them: which place, its name for the title, the
/// tab they are over, and the feed fixed to the place.
public struct PlacePosts {
    public let placeID: String
    public let name: String
    public let tab: AppTab
    public let posts: FeedViewModel
}
