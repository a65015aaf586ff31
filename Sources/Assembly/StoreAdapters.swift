import DocStore
import Domain
import Foundation
import PlaceCatalog
import PlaceProviders
import ViewModels

/// The view models' ports over Tern's services (`Domain.AppServices`): accounts, favorites
/// and the feed, with the session read from the session file.
///
/// On a team server with someone signed in, the writes stated as a `WriteIntent` (likes,
/// posts and their edits and deletions, saved and removed places, favorites edits, profile
/// edits, follows and marks) go to the outbox (`AppServices.queue`, a local commit) and
/// `outbox` sends them.
public final class StoreAdapters: AccountsPort, FavoritesPort, FeedPort {
    /// The services of this call (on a team server, the replica's until the server's connection is made).
    public var services: AppServices { current.services }
    private let current: CurrentServices
    /// The sync worker's port, when writes are queued.
    public let outbox: OutboxSync?

    public convenience init(services: AppServices, outbox: OutboxSync? = nil) {
        self.init(current: CurrentServices(services), outbox: outbox)
    }

    public init(current: CurrentServices, outbox: OutboxSync? = nil) {
        self.current = current
        self.outbox = outbox
    }

    /// Sends `intent` as `uid` through the one writer (`AppServices.write`): with this
    /// account's outbox it is queued on the replica and the sync worker woken; otherwise it
    /// is made on the store at once.
    public func write(_ intent: WriteIntent, uid: String) throws {
        let session = try writeSession(for: uid, to: intent.signInAction)
        guard let account = outbox?.account, account.uid == session.uid else {
            try services.write(intent, session: session)
            return
        }
        try account.services.write(intent, session: session)
        account.worker.didQueue()
    }

    /// Whether writes of `uid` are queued for a team server.
    func queues(for uid: String) -> Bool { outbox?.account?.uid == uid }

    /// The viewer for reads of `uid`'s views: the session file's when it names that user.
    func session(for uid: String) -> Session {
        if let session = try? services.session(), session.uid == uid { return session }
        return Session(uid: uid, email: "", signedInAt: Date())
    }

    /// The session a write acts as: always the session file's, and only when it is still
    /// `uid`'s (another process may have signed out or in as someone else meanwhile), so no
    /// view model can write for a user who is not signed in.
    func writeSession(for uid: String, to action: SignInRequired.Action) throws -> Session {
        guard let session = try services.session(), session.uid == uid else {
            throw SignInRequired(action)
        }
        return session
    }

    // MARK: AccountsPort

    public func currentUser() throws -> User? {
        try services.auth.currentUser()
    }

    public func signIn(email: String, password: String) throws -> User {
        let session = try services.auth.signIn(email: email, password: password)
        return try user(session)
    }

    public func register(email: String, password: String) throws -> User {
        try register(email: email, password: password, invitation: nil)
    }

    public func register(email: String, password: String, invitation: String?) throws -> User {
        let session = try services.auth.register(email: email, password: password, invitation: invitation)
        return try user(session)
    }

    public var invitationNeed: InvitationNeed? {
        services.auth.invitationNeed.map { InvitationNeed(server: $0.server, preset: $0.preset) }
    }

    /// The account just signed in (from a local copy of a team server: its own replica's).
    private func user(_ session: Session) throws -> User {
        try services.auth.user(of: session)
    }

    public func signOut() throws {
        try services.auth.signOut()
    }

    /// Made on the store, the edit returns the profile it wrote; queued, the replica's copy.
    /// A replica without the profile yet (an account's first edit) cannot show it: the
    /// edit is then made on the server too, as the queued one will be again when sent.
    public func updateProfile(_ edit: ProfileEdit) throws -> User {
        let session = try services.session()
        guard let session, queues(for: session.uid) else {
            return try services.users.updateProfile(edit, session: session)
        }
        try write(.editProfile(edit), uid: session.uid)
        if let user = try services.local?.users.user(id: session.uid) { return user }
        return try services.users.updateProfile(edit, session: session)
    }

    public func observeUser(
        uid: String, _ onChange: @escaping (User?) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        let registration = try services.users.observeUser(id: uid, onChange: onChange, onError: onError)
        return AnyCancellable { registration.remove() }
    }

    public func sessionStamp() -> String? {
        services.sessionFile.stamp()
    }

    public func followSession() throws -> User? {
        try services.auth.followSessionFile()
    }

    // MARK: FavoritesPort

    public func observeFavorites(
        _ selection: FavoritesSelection, uid: String, _ onChange: @escaping ([FavoritePlace]) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        let registration = try services.favorites.observe(
            selection, session: session(for: uid), onChange: onChange,
            onError: onError)
        return AnyCancellable { registration?.remove() }
    }

    public func savedOnlinePlaces(matching query: String, uid: String, limit: Int) throws -> [FavoritePlace] {
        Array(
            SavedPlaceSearch.matches(query, in: try services.favorites.list(session: session(for: uid))).prefix(limit))
    }

    public func savedPlaces(matching query: String, uid: String, limit: Int) throws -> [FavoritePlace] {
        Array(SavedPlaceSearch.saved(query, in: try services.favorites.list(session: session(for: uid))).prefix(limit))
    }

    public func sharedFolders(of owner: String, uid: String) throws -> [SharedFolder] {
        try services.favorites.sharedFolders(ofUID: owner, home: services.home, session: session(for: uid))
    }

    public func placeCounts(placeID: String, uid: String?) throws -> PlaceCounts? {
        try services.favorites.placeCounts(placeID: placeID, session: uid.map(session(for:)))
    }

    public func followedSaves(
        latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>, excluding placeID: String, uid: String
    ) throws -> [FollowedSave] {
        try services.favorites.followedSaves(
            latitudes: latitudes, longitudes: longitudes, excluding: placeID, session: session(for: uid))
    }

    // MARK: FeedPort

    public func observeFeed(
        _ kind: FeedKind, viewer: String?, limit: Int, _ onChange: @escaping ([FeedPost]) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        // Authors' names follow their profiles live, not only when the posts are read again.
        let authors = LiveAuthors(users: services.users, onChange: { onChange($0.posts) }, onError: onError)
        let registration = try services.tweets.observe(
            kind, limit: limit, viewer: viewer.map(session(for:)),
            onChange: authors.deliver, onError: onError)
        return AnyCancellable {
            registration.remove()
            authors.stop()
        }
    }

    public func observeFeedWindow(
        _ kind: FeedKind, viewer: String?, after position: FeedPosition?, limit: Int,
        _ onChange: @escaping (FeedPage) -> Void, onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        let authors = LiveAuthors(users: services.users, onChange: onChange, onError: onError)
        let registration = try services.tweets.observeWindow(
            kind, after: position, limit: limit, viewer: viewer.map(session(for:)),
            onChange: authors.deliver, onError: onError)
        return AnyCancellable {
            registration.remove()
            authors.stop()
        }
    }

    public func observeFeedCount(
        _ kind: FeedKind, viewer: String?, _ onChange: @escaping (Int) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        let registration = try services.tweets.observeCount(
            kind, viewer: viewer.map(session(for:)), onChange: onChange, onError: onError)
        return AnyCancellable { registration.remove() }
    }

    public func feedRows(_ kind: FeedKind, viewer: String?, before position: FeedPosition?, limit: Int) throws
        -> [FeedPost]
    {
        try services.tweets.rows(kind, before: position, limit: limit, viewer: viewer.map(session(for:)))
    }

    public func feedCount(_ kind: FeedKind, viewer: String?) throws -> Int {
        try services.tweets.count(kind, viewer: viewer.map(session(for:)))
    }

    public func feedCount(_ kind: FeedKind, viewer: String?, before position: FeedPosition) throws -> Int {
        try services.tweets.count(kind, before: position, viewer: viewer.map(session(for:)))
    }

    /// Queued for a team server, the like is a plain one: the server stamps it when it arrives.
    public func restoreLike(tweetID: String, likedAt: Date, uid: String) throws {
        guard queues(for: uid) else {
            let session = try writeSession(for: uid, to: .likePosts)
            return try services.tweets.restoreLike(tweetID: tweetID, likedAt: likedAt, session: session)
        }
        try write(.like(postID: tweetID), uid: uid)
    }

    /// The post's id is drawn here, so a post queued and sent twice is one post.
    @discardableResult
    public func post(_ text: String, place: PlaceInfo?, uid: String) throws -> Tweet {
        let id = services.store.collection("tweets").document().documentID
        try write(.post(postID: id, text: text, placeID: place?.placeID, place: place.map(PostPlace.init)), uid: uid)
        var tweet = Tweet(id: id, caption: try Validation.postText(text), timestamp: Date(), uid: uid)
        tweet.placeID = place?.placeID
        return tweet
    }

    // Conversations

    public func setMark(_ mark: PostMark, _ marked: Bool, tweetID: String, uid: String) throws {
        try write(.mark(mark, postID: tweetID, marked: marked), uid: uid)
    }

    public func setFollowing(_ followed: Bool, other: String, uid: String) throws {
        try write(followed ? .follow(uid: other) : .unfollow(uid: other), uid: uid)
    }

    public func observeFollowing(
        _ other: String, uid: String, _ onChange: @escaping (Bool) -> Void, onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        let registration = try services.follows.observeFollowing(other, by: uid, onChange: onChange, onError: onError)
        return AnyCancellable { registration.remove() }
    }

    // people

    public func observeMuted(
        _ other: String, uid: String, _ onChange: @escaping (Bool) -> Void, onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        let registration = try services.mutes.observeMuted(other, by: uid, onChange: onChange, onError: onError)
        return AnyCancellable { registration.remove() }
    }

    public func searchPeople(_ query: String, limit: Int) throws -> [User] {
        try services.people.search(query, limit: limit)
    }

    // Replies

    /// The reply's id is drawn here, as a post's is, so a reply queued and sent twice is one reply.
    @discardableResult
    public func reply(_ text: String, to postID: String, place: PlaceInfo?, uid: String) throws -> Tweet {
        let id = services.store.collection("tweets").document().documentID
        try write(
            .reply(
                postID: id, text: text, replyTo: postID, placeID: place?.placeID, place: place.map(PostPlace.init)),
            uid: uid)
        var tweet = Tweet(id: id, caption: try Validation.postText(text), timestamp: Date(), uid: uid)
        tweet.replyTo = postID
        return tweet
    }

    public func observeThread(
        _ postID: String, viewer: String?, _ onChange: @escaping ([FeedPost]) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        let listeners = try services.tweets.observeThread(
            of: postID, viewer: viewer.map(session(for:)), onChange: { onChange($0.rows) }, onError: onError)
        return AnyCancellable { listeners.remove() }
    }

    public func threadRows(_ postID: String, viewer: String?) throws -> [FeedPost] {
        try services.tweets.thread(of: postID, viewer: viewer.map(session(for:))).rows
    }

}

extension ScreenServices {
    /// The view models' ports over Tern's services and a place catalog. On a team server
    /// with someone signed in, a sync worker starts (reporting through the store's callback
    /// executor, so on the loop's thread), and writes are queued for it; the port follows
    /// the account signed in later (`SyncPort.follow`).
    public init(services: AppServices, places: PlaceSearching) {
        self.init(current: CurrentServices(services), places: places)
    }

    /// The same over `current`, which moves from the replica to the server's connection
    /// when the screens opened on the replica (`connecting` reaches the server).
    public init(current: CurrentServices, places: PlaceSearching) {
        let services = current.services
        let outbox = OutboxSync(current: current, executor: services.store.callbackExecutor)
        let adapters = StoreAdapters(current: current, outbox: outbox)
        self.init(
            places: places, accounts: adapters, favorites: adapters, feed: adapters, sync: outbox ?? EmbeddedSync())
        // A team server, also while the screens read its replica: reads and writes go off
        // the loop's thread from the start, as they will once the server answers.
        isStoreRemote = services.isTeamServer
        connecting = services.readsReplica ? ServerConnector(current: current, outbox: outbox) : nil
        activity = adapters
        searchHistory = SearchHistoryFile(path: services.paths.searchHistoryFile)
    }
}

extension PostPlace {
    /// The copy of a place chosen in the interface's picker that a post carries (as
    /// `tern post --place` makes it): its names, address, point and an online place's details.
    init(_ place: PlaceInfo) {
        self.init(
            placeName: place.name, koreanName: place.koreanName, address: place.address,
            coordinate: Coordinate(latitude: place.latitude, longitude: place.longitude), category: place.category,
            phone: place.phone, roadAddress: place.roadAddress, url: place.url,
            source: PlaceSource.of(placeID: place.placeID).rawValue)
    }
}
