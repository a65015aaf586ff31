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
    public var onChange: (AuthorProfileState) -> Void = { _ in }
    public var onToast: (Toast) -> Void = { _ in }

    private let accounts: AccountsPort
    private let events: EventQueue
    private let writes: StoreWrites
    private lazy var userQuery = LiveQuery(
        name: "author.user", list: { tr(.tabProfile) }, events: events, reads: writes.reads,
        onToast: { [weak self] in self?.onToast($0) })

    /// `writes` is where likes go, as in the Feed.
    public init(
        uid: String, accounts: AccountsPort, feed: FeedPort, events: EventQueue, writes: StoreWrites = .immediate()
    ) {
        state = AuthorProfileState(uid: uid)
        self.accounts = accounts
        self.events = events
        self.writes = writes
        posts = FeedViewModel(feed: feed, events: events, writes: writes, profileOf: uid)
    }

    /// Starts both subscriptions, with `viewer` (nil: signed out) seeing its own hearts.
    public func start(viewer: String?) {
        userQuery.start { [accounts, uid = state.uid] live in
            try accounts.observeUser(
                uid: uid, live.deliver { [weak self] in self?.userChanged($0) }, onError: live.onError)
        }
        posts.setUser(viewer)
    }

    public func stop() {
        userQuery.cancel()
        posts.stop()
    }

    /// The store moved to the team server's connection: read there again.
    public func resumeReads() {
        userQuery.restart()
        posts.resumeReads()
    }

    private func userChanged(_ user: User?) {
        state.user = user
        state.isLoaded = true
        onChange(state)
    }
}
