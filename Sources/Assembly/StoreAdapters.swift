import DocStore
import Domain
import Foundation
import ViewModels

/// The view models' ports over Tern's services (`Domain.AppServices`): accounts, favorites
/// and the feed, with the session read from the session file.
public final class StoreAdapters: AccountsPort, FavoritesPort, FeedPort {
    public let services: AppServices

    public init(services: AppServices) {
        self.services = services
    }

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
        let session = try services.auth.register(email: email, password: password)
        return try user(session)
    }

    private func user(_ session: Session) throws -> User {
        guard let user = try services.users.user(id: session.uid) else { throw ServiceError.accountMissing(uid: session.uid) }
        return user
    }

    public func signOut() throws {
        try services.auth.signOut()
    }

    public func updateProfile(_ edit: ProfileEdit) throws -> User {
        try services.users.updateProfile(edit, session: try services.session())
    }

    public func observeUser(uid: String, _ onChange: @escaping (User?) -> Void,
                            onError: @escaping (Error) -> Void) throws -> Cancellable {
        let registration = try services.users.observeUser(id: uid, onChange: onChange, onError: onError)
        return AnyCancellable { registration.remove() }
    }

    // MARK: FavoritesPort

    public func observeFavorites(uid: String, _ onChange: @escaping ([FavoritePlace]) -> Void,
                                 onError: @escaping (Error) -> Void) throws -> Cancellable {
        let registration = try services.favorites.observe(session: session(for: uid), onChange: onChange, onError: onError)
        return AnyCancellable { registration?.remove() }
    }

    public func saveFavorite(_ favorite: FavoritePlace, uid: String) throws {
        try services.favorites.add(FavoriteCandidate(placeID: favorite.placeID, placeName: favorite.placeName,
                                                     address: favorite.address, coordinate: favorite.coordinate,
                                                     category: favorite.category, phone: favorite.phone,
                                                     roadAddress: favorite.roadAddress, url: favorite.url),
                                   session: try writeSession(for: uid, to: .saveFavorites))
    }

    public func removeFavorite(placeID: String, uid: String) throws {
        try services.favorites.remove(placeID: placeID, session: try writeSession(for: uid, to: .removeFavorites))
    }

    // MARK: FeedPort

    public func observeFeed(_ kind: FeedKind, viewer: String?, limit: Int, _ onChange: @escaping ([FeedPost]) -> Void,
                            onError: @escaping (Error) -> Void) throws -> Cancellable {
        let registration = try services.tweets.observe(kind, limit: limit, viewer: viewer.map(session(for:)),
                                                       onChange: { onChange($0.posts) }, onError: onError)
        return AnyCancellable { registration.remove() }
    }

    public func observeFeedWindow(_ kind: FeedKind, viewer: String?, after position: FeedPosition?, limit: Int,
                                  _ onChange: @escaping (FeedPage) -> Void, onError: @escaping (Error) -> Void) throws -> Cancellable {
        let registration = try services.tweets.observeWindow(kind, after: position, limit: limit, viewer: viewer.map(session(for:)),
                                                             onChange: onChange, onError: onError)
        return AnyCancellable { registration.remove() }
    }

    public func observeFeedCount(_ kind: FeedKind, viewer: String?, _ onChange: @escaping (Int) -> Void,
                                 onError: @escaping (Error) -> Void) throws -> Cancellable {
        let registration = try services.tweets.observeCount(kind, viewer: viewer.map(session(for:)), onChange: onChange, onError: onError)
        return AnyCancellable { registration.remove() }
    }

    public func feedRows(_ kind: FeedKind, viewer: String?, before position: FeedPosition?, limit: Int) throws -> [FeedPost] {
        try services.tweets.rows(kind, before: position, limit: limit, viewer: viewer.map(session(for:)))
    }

    public func feedCount(_ kind: FeedKind, viewer: String?) throws -> Int {
        try services.tweets.count(kind, viewer: viewer.map(session(for:)))
    }

    public func feedCount(_ kind: FeedKind, viewer: String?, before position: FeedPosition) throws -> Int {
        try services.tweets.count(kind, before: position, viewer: viewer.map(session(for:)))
    }

    public func like(tweetID: String, uid: String) throws {
        try services.tweets.like(tweetID: tweetID, session: try writeSession(for: uid, to: .likePosts))
    }

    public func unlike(tweetID: String, uid: String) throws {
        try services.tweets.unlike(tweetID: tweetID, session: try writeSession(for: uid, to: .likePosts))
    }

    @discardableResult
    public func post(_ text: String, uid: String) throws -> Tweet {
        try services.tweets.post(text, session: try writeSession(for: uid, to: .post)).tweet
    }
}

extension ScreenServices {
    /// The view models' ports over Tern's services and a place catalog.
    public init(services: AppServices, places: PlaceSearching) {
        let adapters = StoreAdapters(services: services)
        self.init(places: places, accounts: adapters, favorites: adapters, feed: adapters)
        isStoreRemote = ServerConnection.isServerURL(services.store.location)
    }
}
