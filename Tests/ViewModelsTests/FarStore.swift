import Domain
import Foundation
import PlaceCatalog

@testable import ViewModels

/// A team server far away, faked: posts, likes, favorites and a profile in memory, whose
/// listeners hear about a change through the event queue (as the real store's executor
/// posts them). Writes run when the test releases them from `held`, so a test decides when
/// the "round trips" end; `refusal` makes the next writes fail.
final class FarStore: FeedPort, FavoritesPort, AccountsPort, InMemoryFolders {
    let clock = ManualClock(Date(timeIntervalSince1970: 2_000_000))
    lazy var events = EventQueue(now: clock.read)
    let held = HeldWorkExecutor()
    lazy var writes = StoreWrites(work: BackgroundWork(queue: events, executor: held), offLoop: true)

    var posts: [FeedPost] = []
    var likedBy: [String: Set<String>] = [:]
    var favorites: [FavoritePlace] = []
    var user: User
    /// The error the next writes throw, while set.
    var refusal: Error?
    /// While set, writes are taken but not made (queued for a server that is away).
    var queuesOnly = false
    /// Writes the server received, in order: `like P`, `unlike P`, `post TEXT`, `save PLACE`, …
    private(set) var received: [String] = []
    /// The intents the view models stated through `write`, in order, whatever became of them.
    private(set) var intents: [WriteIntent] = []
    private var feedObservers: [(String?, ([FeedPost]) -> Void)] = []
    private var countObservers: [(Int) -> Void] = []
    private var favoriteObservers: [(selection: FavoritesSelection, onChange: ([FavoritePlace]) -> Void)] = []

    init(uid: String = "u1") {
        user = User(
            id: uid, email: "ann@example.com", displayName: "Ann", username: "ann", bio: "hello",
            createdOn: Date(timeIntervalSince1970: 1_000_000), isUserOnboarded: true)
        for (index, caption) in ["third", "second", "first"].enumerated() {
            posts.append(
                FeedPost(
                    id: "p\(3 - index)", caption: caption,
                    timestamp: Date(timeIntervalSince1970: Double(1_500_000 - index)),
                    uid: "author", username: "author", displayName: "Author", likes: 1, didLike: false))
        }
    }

    /// Applies the listeners' callbacks and the writes' answers that arrived, as the loop does.
    func settle() {
        settleEvents(events)
    }

    /// The round trips of every write sent so far end, and their answers are applied.
    func answerAll() {
        held.runAll()
        settle()
    }

    private func write(_ description: String, _ change: () throws -> Void) throws {
        if let refusal { throw refusal }
        guard !queuesOnly else { return received.append("queued " + description) }
        received.append(description)
        try change()
        let snapshot = posts
        for (viewer, observer) in feedObservers {
            let shown = snapshot.map { post -> FeedPost in
                var copy = post
                copy.likes = post.likes + (likedBy[post.id]?.count ?? 0)
                copy.didLike = viewer.map { likedBy[post.id]?.contains($0) ?? false } ?? false
                return copy
            }
            events.post(.storeChanged { observer(shown) })
        }
        let count = posts.count
        for observer in countObservers { events.post(.storeChanged { observer(count) }) }
        let favorites = self.favorites
        for observer in favoriteObservers {
            let picked = Self.pick(observer.selection, from: favorites)
            events.post(.storeChanged { observer.onChange(picked) })
        }
    }

    // MARK: FeedPort

    func observeFeed(
        _ kind: FeedKind, viewer: String?, limit: Int, _ onChange: @escaping ([FeedPost]) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        feedObservers.append((viewer, onChange))
        onChange(posts)
        return AnyCancellable {}
    }

    /// The whole feed is one window here (three posts or so).
    func observeFeedWindow(
        _ kind: FeedKind, viewer: String?, after position: FeedPosition?, limit: Int,
        _ onChange: @escaping (FeedPage) -> Void, onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        try observeFeed(
            kind, viewer: viewer, limit: limit, { onChange(FeedPage(posts: $0, next: nil)) }, onError: onError)
    }

    func observeFeedCount(
        _ kind: FeedKind, viewer: String?, _ onChange: @escaping (Int) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        countObservers.append(onChange)
        onChange(posts.count)
        return AnyCancellable {}
    }

    func feedRows(_ kind: FeedKind, viewer: String?, before position: FeedPosition?, limit: Int) throws -> [FeedPost] {
        []
    }
    func feedCount(_ kind: FeedKind, viewer: String?) throws -> Int { posts.count }
    func feedCount(_ kind: FeedKind, viewer: String?, before position: FeedPosition) throws -> Int { 0 }

    func restoreLike(tweetID: String, likedAt: Date, uid: String) throws {
        try write("like \(tweetID)") { likedBy[tweetID, default: []].insert(uid) }
    }

    func post(_ text: String, place: PlaceInfo?, uid: String) throws -> Tweet {
        let id = "p\(posts.count + 1)"
        try write("post \(text)" + (place.map { " @" + $0.placeID } ?? "")) {
            var post = FeedPost(
                id: id, caption: text, timestamp: clock.now, uid: uid, username: user.username,
                displayName: user.displayName, likes: 0, didLike: false)
            post.placeID = place?.placeID
            post.place = place.map { PostPlace(placeName: $0.name, address: $0.address, coordinate: nil) }
            posts.insert(post, at: 0)
        }
        return Tweet(id: id, caption: text, timestamp: clock.now, uid: uid)
    }

    /// The intents a feed states: the server receives them as `like P`, `edit P`, `delete P`.
    func write(_ intent: WriteIntent, uid: String) throws {
        intents.append(intent)
        switch intent {
        case .like(let id):
            try write("like \(id)") {
                guard posts.contains(where: { $0.id == id }) else { throw ServiceError.postNotFound(id) }
                likedBy[id, default: []].insert(uid)
            }
        case .unlike(let id):
            try write("unlike \(id)") { likedBy[id, default: []].remove(uid) }
        case .editPost(let id, let text):
            try write("edit \(id)") {
                if let index = posts.firstIndex(where: { $0.id == id }) { posts[index].caption = text }
            }
        case .deletePost(let id):
            try write("delete \(id)") { posts.removeAll { $0.id == id } }
        case .saveFavorite(let place):
            try write("save \(place.placeID)") {
                favorites.append(
                    FavoritePlace(
                        placeName: place.placeName, placeID: place.placeID, address: place.address,
                        coordinate: Coordinate(latitude: place.latitude, longitude: place.longitude),
                        savedAt: clock.now, category: place.category, phone: place.phone,
                        roadAddress: place.roadAddress, url: place.url))
            }
        case .removeFavorite(let id):
            try write("remove \(id)") { favorites.removeAll { $0.placeID == id } }
        case .editFavorites(let edit):
            try self.edit(edit, uid: uid)
        case .post, .editProfile, .follow, .unfollow, .mark, .reply, .mute, .unmute, .readNotifications,
            .followFolder, .unfollowFolder:
            throw ServiceError.postNotFound("not a feed's intent")
        }
    }

    // MARK: FavoritesPort

    var home: Coordinate { Coordinate(latitude: 37.5665, longitude: 126.9780) }

    func observeFolders(
        uid: String, _ onChange: @escaping (FolderListing) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        AnyCancellable {}
    }

    var folderPlaces: [FavoritePlace] { favorites }

    func edit(_ edit: FavoritesEdit, uid: String) throws {
        try write("edit") {}
    }

    func observeFavorites(
        _ selection: FavoritesSelection, uid: String, _ onChange: @escaping ([FavoritePlace]) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        favoriteObservers.append((selection, onChange))
        onChange(Self.pick(selection, from: favorites))
        return AnyCancellable {}
    }

    /// The favorites `selection` names, as the store's query would return them.
    static func pick(_ selection: FavoritesSelection, from favorites: [FavoritePlace]) -> [FavoritePlace] {
        switch selection {
        case .places(let ids): return favorites.filter { ids.contains($0.placeID) }
        case .newest(let limit): return Array(favorites.sorted { $0.savedAt > $1.savedAt }.prefix(limit))
        }
    }

    // MARK: AccountsPort

    func currentUser() throws -> User? { user }
    func signIn(email: String, password: String) throws -> User { user }
    func register(email: String, password: String) throws -> User { user }
    func signOut() throws {}

    func updateProfile(_ edit: ProfileEdit) throws -> User {
        try write("profile") {
            user.displayName = edit.displayName ?? user.displayName
            user.username = edit.username ?? user.username
            user.bio = edit.bio ?? user.bio
        }
        return user
    }

    func observeUser(uid: String, _ onChange: @escaping (User?) -> Void, onError: @escaping (Error) -> Void) throws
        -> Cancellable
    {
        onChange(user)
        return AnyCancellable {}
    }

    func sessionStamp() -> String? { user.id }
    func followSession() throws -> User? { user }
}
