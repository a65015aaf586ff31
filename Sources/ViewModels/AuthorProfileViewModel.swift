import Domain
import Foundation
import Localization

/// What an author's profile shows above their posts.
public struct AuthorProfileState: Equatable, Sendable {
    /// Whose profile this is.
    public var uid: String
    /// The author's profile, live; nil until read, or when the account no longer exists.
    public var user: User?
    public var isLoaded = false
    // Conversations
    /// Whether the viewer follows this author as the store says; nil signed out (or for
    /// one's own profile), or until read.
    public var isFollowed: Bool?
    /// A follow or unfollow sent and not yet shown by the store.
    public var followIntent: Bool?

    /// What the profile shows: the intent on its way, else the store's.
    public var shownFollowed: Bool? { followIntent ?? isFollowed }
    // people
    /// Whether the viewer mutes this author as the store says; nil signed out, for one's
    /// own profile, or until read.
    public var isMuted: Bool?
    /// A mute or unmute sent and not yet shown by the store.
    public var muteIntent: Bool?
    /// What the profile shows: the intent on its way, else the store's.
    public var shownMuted: Bool? { muteIntent ?? isMuted }
    // The person's shared folders
    /// Whether the profile lists the person's shared folders (`f`) instead of their posts.
    public var showsFolders = false

    /// The author's follower count, moved by a follow on its way.
    public var shownFollowers: Int {
        let stored = user?.followersCount ?? 0
        guard let intent = followIntent, let isFollowed, intent != isFollowed else { return stored }
        return max(0, stored + (intent ? 1 : -1))
    }

    public init(uid: String) {
        self.uid = uid
    }
}

/// An author's profile, opened with Enter on a post: their names, bio, join date and counts,
/// kept live, and their posts in a `FeedViewModel` fixed to them, so the feed's keys (like,
/// move, page, edit and delete one's own) work the same here.
public final class AuthorProfileViewModel {
    public private(set) var state: AuthorProfileState
    /// The author's posts, newest first.
    public let posts: FeedViewModel
    /// The author's shared folders, listed with `f` and opened read-only with Enter.
    public let folders: OthersFoldersViewModel
    public var onChange: (AuthorProfileState) -> Void = { _ in }
    public var onToast: (Toast) -> Void = { _ in }
    /// A mute or unmute of the author was confirmed: the feeds read their rows again.
    public var onMuteChanged: () -> Void = {}

    private let accounts: AccountsPort
    private let events: EventQueue
    private let writes: StoreWrites
    private lazy var userQuery = LiveQuery(
        name: "author.user", list: { tr(.tabProfile) }, events: events, reads: writes.reads,
        onToast: { [weak self] in self?.onToast($0) })
    private lazy var followQuery = LiveQuery(
        name: "author.following", list: { tr(.tabProfile) }, events: events, reads: writes.reads,
        onToast: { [weak self] in self?.onToast($0) })
    private lazy var muteQuery = LiveQuery(
        name: "author.muted", list: { tr(.tabProfile) }, events: events, reads: writes.reads,
        onToast: { [weak self] in self?.onToast($0) })
    private let feed: FeedPort
    private var viewer: String?
    private var followsInFlight = 0

    /// `writes` is where likes go, as in the Feed.
    public init(
        uid: String, accounts: AccountsPort, feed: FeedPort, events: EventQueue, writes: StoreWrites = .immediate(),
        favorites: FavoritesPort? = nil
    ) {
        state = AuthorProfileState(uid: uid)
        self.accounts = accounts
        self.events = events
        self.writes = writes
        self.feed = feed
        posts = FeedViewModel(feed: feed, events: events, writes: writes, profileOf: uid)
        folders = OthersFoldersViewModel(
            owner: uid, port: favorites, events: events, reads: writes.reads, writes: writes)
        folders.onChange = { [weak self] in
            guard let self else { return }
            self.onChange(self.state)
        }
        folders.onToast = { [weak self] in self?.onToast($0) }
    }

    /// The list the keys move: the folders (or the open folder's places), else the posts.
    public var listScreen: ScreenModel { state.showsFolders ? folders : posts }

    /// `f`: the profile lists the person's shared folders, or their posts again.
    public func toggleFolders() {
        state.showsFolders.toggle()
        if state.showsFolders { folders.start(viewer: viewer) } else { folders.stop() }
        onChange(state)
    }

    /// Starts both subscriptions, with `viewer` (nil: signed out) seeing its own hearts.
    public func start(viewer: String?) {
        userQuery.start { [accounts, uid = state.uid] live in
            try accounts.observeUser(
                uid: uid, live.deliver { [weak self] in self?.userChanged($0) }, onError: live.onError)
        }
        posts.setUser(viewer)
        self.viewer = viewer
        if let viewer, viewer != state.uid {
            followQuery.start { [feed, uid = state.uid] live in
                try feed.observeFollowing(
                    uid, uid: viewer, live.deliver { [weak self] in self?.followingChanged($0) }, onError: live.onError)
            }
            muteQuery.start { [feed, uid = state.uid] live in
                try feed.observeMuted(
                    uid, uid: viewer, live.deliver { [weak self] in self?.mutedChanged($0) }, onError: live.onError)
            }
        }
    }

    public func stop() {
        folders.stop()
        followQuery.cancel()
        muteQuery.cancel()
        userQuery.cancel()
        posts.stop()
    }

    /// The store moved to the team server's connection: read there again.
    public func resumeReads() {
        userQuery.restart()
        if viewer != nil && viewer != state.uid {
            followQuery.restart()
            muteQuery.restart()
        }
        posts.resumeReads()
        folders.refresh()
    }

    /// `F`: follows the author, or stops following, shown at once (with the follower count
    /// moved and the pending mark) and confirmed by the store.
    public func toggleFollow() {
        guard let viewer else {
            onToast(Toast.signIn(.follow))
            return
        }
        guard viewer != state.uid else {
            onToast(Toast(ServiceError.cannotFollowSelf.description, kind: .error))
            return
        }
        guard state.user != nil else { return }
        let follow = !(state.shownFollowed ?? false)
        state.followIntent = follow
        followsInFlight += 1
        onChange(state)
        let uid = state.uid
        writes.send(
            { [feed] in try feed.setFollowing(follow, other: uid, uid: viewer) },
            then: { [weak self] result in self?.followAnswered(follow, result) })
    }

    private func followAnswered(_ follow: Bool, _ result: Result<Void, Error>) {
        followsInFlight -= 1
        if case .failure(let error) = result {
            if followsInFlight == 0 { state.followIntent = nil }
            let text: TextKey = follow ? .toastCouldNotFollow : .toastCouldNotUnfollow
            onToast(Toast(tr(text, ["reason": WriteRefusal.reason(for: error)]), kind: .error))
        } else if followsInFlight == 0, state.isFollowed == state.followIntent {
            state.followIntent = nil
        }
        onChange(state)
    }

    private func followingChanged(_ followed: Bool) {
        state.isFollowed = followed
        if followsInFlight == 0, state.followIntent == followed { state.followIntent = nil }
        onChange(state)
    }

    /// `M`: mutes the author (their posts and reposts leave the viewer's feeds; they are not
    /// told), or unmutes them, shown at once with the pending mark and confirmed by the store.
    public func toggleMute() {
        guard let viewer else {
            onToast(Toast.signIn(.mute))
            return
        }
        guard viewer != state.uid else {
            onToast(Toast(ServiceError.cannotMuteSelf.description, kind: .error))
            return
        }
        guard let user = state.user else { return }
        let mute = !(state.shownMuted ?? false)
        state.muteIntent = mute
        onChange(state)
        let intent: WriteIntent = mute ? .mute(uid: state.uid) : .unmute(uid: state.uid)
        writes.send(
            { [feed] in try feed.write(intent, uid: viewer) },
            then: { [weak self] result in self?.muteAnswered(mute, name: "@" + user.username, result) })
    }

    private func muteAnswered(_ mute: Bool, name: String, _ result: Result<Void, Error>) {
        switch result {
        case .failure(let error):
            state.muteIntent = nil
            let text: TextKey = mute ? .toastCouldNotMute : .toastCouldNotUnmute
            onToast(Toast(tr(text, ["reason": WriteRefusal.reason(for: error)]), kind: .error))
        case .success:
            if state.isMuted == mute { state.muteIntent = nil }
            onToast(Toast(tr(mute ? .toastMuted : .toastUnmuted, ["name": name]), kind: .success))
            onMuteChanged()
        }
        onChange(state)
    }

    private func mutedChanged(_ muted: Bool) {
        state.isMuted = muted
        if state.muteIntent == muted { state.muteIntent = nil }
        onChange(state)
    }

    /// Whether a follow is on its way (the profile shows the pending mark).
    public var isFollowPending: Bool { state.followIntent != nil }

    private func userChanged(_ user: User?) {
        state.user = user
        state.isLoaded = true
        onChange(state)
    }
}
