import Domain
import Foundation
import PlaceCatalog

/// Something that stops a subscription; `cancel()` may be called more than once.
public protocol Cancellable: AnyObject {
    func cancel()
}

/// A `Cancellable` that runs a closure once.
public final class AnyCancellable: Cancellable {
    private var action: (() -> Void)?

    public init(_ action: @escaping () -> Void) {
        self.action = action
    }

    public func cancel() {
        let action = self.action
        self.action = nil
        action?()
    }

    deinit { cancel() }
}

/// A catalog place as the screens show it.
public struct PlaceInfo: Equatable, Sendable {
    public var placeID: String
    public var name: String
    public var koreanName: String?
    public var region: String?
    public var country: String
    public var address: String
    public var latitude: Double
    public var longitude: Double
    public var population: Int
    public var timeZone: String
    /// What an online place adds (nil for catalog places): the provider's short mark (`K`,
    /// `OSM`), its category, phone, road address and page.
    public var sourceMark: String?
    public var category: String?
    public var phone: String?
    public var roadAddress: String?
    public var url: String?

    public init(
        placeID: String, name: String, koreanName: String? = nil, region: String? = nil, country: String = "",
        address: String = "", latitude: Double, longitude: Double, population: Int = 0, timeZone: String = "",
        sourceMark: String? = nil, category: String? = nil, phone: String? = nil, roadAddress: String? = nil,
        url: String? = nil
    ) {
        self.placeID = placeID
        self.name = name
        self.koreanName = koreanName
        self.region = region
        self.country = country
        self.address = address
        self.latitude = latitude
        self.longitude = longitude
        self.population = population
        self.timeZone = timeZone
        self.sourceMark = sourceMark
        self.category = category
        self.phone = phone
        self.roadAddress = roadAddress
        self.url = url
    }

    /// The favorite document saved for this place: an online place's details are copied so
    /// it shows without the network.
    public func favorite(savedAt: Date) -> FavoritePlace {
        FavoritePlace(
            placeName: name, placeID: placeID, address: address,
            coordinate: Coordinate(latitude: latitude, longitude: longitude), savedAt: savedAt,
            category: category, phone: phone, roadAddress: roadAddress, url: url)
    }
}

/// One search result: the place and which part of its names matched (character offsets).
public struct PlaceMatch: Equatable, Sendable {
    public var place: PlaceInfo
    public var nameRange: Range<Int>?
    public var koreanNameRange: Range<Int>?
    /// Metres from the home point when ordered by distance.
    public var distance: Double?

    public init(
        place: PlaceInfo, nameRange: Range<Int>? = nil, koreanNameRange: Range<Int>? = nil, distance: Double? = nil
    ) {
        self.place = place
        self.nameRange = nameRange
        self.koreanNameRange = koreanNameRange
        self.distance = distance
    }
}

/// How the Places list is ordered.
public enum PlaceOrder: Equatable, Sendable {
    case relevance
    case distance

    public var title: String { self == .relevance ? "relevance" : "distance" }
}

/// Every match of one search, in order, made into rows a range at a time.
public protocol RankedPlaces: AnyObject {
    var total: Int { get }
    /// The matches at `range` of the order (clamped to the matches).
    func matches(_ range: Range<Int>) -> [PlaceMatch]
}

/// The place catalog, as the Places screen needs it.
public protocol PlaceSearching: AnyObject {
    /// Up to `limit` matches of `query` and how many match in all.
    func search(_ query: String, order: PlaceOrder, limit: Int) -> (total: Int, matches: [PlaceMatch])
    /// Every match of `query`, ranked once, to be read a page at a time.
    func ranking(_ query: String, order: PlaceOrder) -> RankedPlaces
    func place(id: String) -> PlaceInfo?
    /// False while the catalog is still loading (searches are empty meanwhile).
    var isReady: Bool { get }
    /// Loads the catalog again, off the loop's thread, when its sources changed on disk
    /// (another process imported places); a `stat` when they did not.
    func followSources()
}

extension PlaceSearching {
    public var isReady: Bool { true }
    public func followSources() {}
}

/// Accounts: the signed-in user, sign-in, registration, profile edits, sign-out.
public protocol AccountsPort: AnyObject {
    /// The signed-in user (read from the session and the store), or nil.
    func currentUser() throws -> User?
    func signIn(email: String, password: String) throws -> User
    func register(email: String, password: String) throws -> User
    func signOut() throws
    func updateProfile(_ edit: ProfileEdit) throws -> User
    /// Calls `onChange` with the user document now and whenever it changes, `onError` when
    /// a later read fails; throws when the subscription cannot start.
    func observeUser(uid: String, _ onChange: @escaping (User?) -> Void, onError: @escaping (Error) -> Void) throws
        -> Cancellable
    /// Identifies the session file's current version (nil when signed out), cheaply: when it
    /// changes, another process may have signed in or out.
    func sessionStamp() -> String?
    /// Follows the session file another process changed (on a server, the store's role
    /// too) and returns the signed-in user, nil when signed out.
    func followSession() throws -> User?
    /// On a team server, what signing up needs: the server's name and the invitation the
    /// environment gives (`TERN_INVITE`), if any; nil where no invitation is asked.
    var invitationNeed: InvitationNeed? { get }
    /// Registers with `invitation` (nil: the environment's, where one is needed).
    func register(email: String, password: String, invitation: String?) throws -> User
}

/// A team server's sign-up takes an invitation.
public struct InvitationNeed: Equatable, Sendable {
    /// The server, as the hint names it.
    public var server: String
    /// The invitation `TERN_INVITE` gives, put in the field.
    public var preset: String?

    public init(server: String, preset: String?) {
        self.server = server
        self.preset = preset
    }
}

extension AccountsPort {
    /// A store that asks no invitation (the embedded one, test stores).
    public var invitationNeed: InvitationNeed? { nil }

    public func register(email: String, password: String, invitation: String?) throws -> User {
        try register(email: email, password: password)
    }
}

/// A user's favorites.
public protocol FavoritesPort: FavoriteFoldersPort {
    /// Calls `onChange` with the favorites `selection` names (any order) now and whenever
    /// they change, `onError` when a later read fails; throws when the subscription cannot
    /// start.
    func observeFavorites(
        _ selection: FavoritesSelection, uid: String, _ onChange: @escaping ([FavoritePlace]) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable
    /// Sends the intent the view model stated (a place saved or removed, a favorites edit)
    /// as `uid` through the one writer (`AppServices.write`), as `FeedPort.write` does.
    func write(_ intent: WriteIntent, uid: String) throws
    /// The user's saved online places (Kakao's, OpenStreetMap's) whose name holds `query`, at
    /// most `limit`: what the command line finds offline too (`SavedPlaceSearch.matches`).
    func savedOnlinePlaces(matching query: String, uid: String, limit: Int) throws -> [FavoritePlace]
    /// The user's saved places, online or not, whose name holds `query` (every one for an
    /// empty query), newest saved first, at most `limit`: the place picker's favorites.
    func savedPlaces(matching query: String, uid: String, limit: Int) throws -> [FavoritePlace]
    /// The shared folders of the account `owner` with their places, as `uid` may read them
    /// (`tern favorites list --user`'s read): what another person's profile lists.
    func sharedFolders(of owner: String, uid: String) throws -> [SharedFolder]
    /// How many posts name `placeID` and which of the people `uid` follows saved it (nil
    /// signed out); nil when the store counts nothing. Read on a lane, off the loop's thread.
    func placeCounts(placeID: String, uid: String?) throws -> PlaceCounts?
    /// Where the people `uid` follows saved places in their shared folders within the
    /// window, `placeID` left out: the `◇`s of a place's map. Read on a lane, off the loop's thread.
    func followedSaves(
        latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>, excluding placeID: String, uid: String
    ) throws -> [FollowedSave]
}

extension FavoritesPort {
    /// A store that keeps no online places finds none.
    public func savedOnlinePlaces(matching query: String, uid: String, limit: Int) throws -> [FavoritePlace] { [] }
    public func savedPlaces(matching query: String, uid: String, limit: Int) throws -> [FavoritePlace] { [] }
    /// A store without other people's folders shares none.
    public func sharedFolders(of owner: String, uid: String) throws -> [SharedFolder] { [] }
    /// A store that keeps no posts counts none.
    public func placeCounts(placeID: String, uid: String?) throws -> PlaceCounts? { nil }
    /// A store without other people's folders has no followed saves.
    public func followedSaves(
        latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>, excluding placeID: String, uid: String
    ) throws -> [FollowedSave] { [] }
}

/// Posts and likes.
public protocol FeedPort: AnyObject {
    /// Calls `onChange` with the posts of `kind` as `viewer` sees them, now and whenever
    /// posts, likes or authors change, `onError` when a later read fails (or a post cannot
    /// be read); throws when the subscription cannot start.
    func observeFeed(
        _ kind: FeedKind, viewer: String?, limit: Int, _ onChange: @escaping ([FeedPost]) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable
    /// Calls `onChange` with up to `limit` rows of `kind` strictly after `position` (nil:
    /// the newest first) now and whenever they change; `next` is nil at the oldest row.
    func observeFeedWindow(
        _ kind: FeedKind, viewer: String?, after position: FeedPosition?, limit: Int,
        _ onChange: @escaping (FeedPage) -> Void, onError: @escaping (Error) -> Void
    ) throws -> Cancellable
    /// Calls `onChange` with how many rows `kind` has, now and whenever its newest row changes.
    func observeFeedCount(
        _ kind: FeedKind, viewer: String?, _ onChange: @escaping (Int) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable
    /// Up to `limit` rows newer than `position`, nearest first; with none, the oldest, oldest first.
    func feedRows(_ kind: FeedKind, viewer: String?, before position: FeedPosition?, limit: Int) throws -> [FeedPost]
    /// How many rows `kind` has.
    func feedCount(_ kind: FeedKind, viewer: String?) throws -> Int
    /// How many rows of `kind` are newer than `position`.
    func feedCount(_ kind: FeedKind, viewer: String?, before position: FeedPosition) throws -> Int
    /// Sends the intent the view model stated, as `uid`, through the one writer
    /// (`AppServices.write`): a like, an unlike, an edit or a deletion of one's own post
    /// (another's is refused, `ServiceError.notYourPost`). On a team server it is queued
    /// for sending; `SignInRequired` when `uid` is no longer signed in.
    func write(_ intent: WriteIntent, uid: String) throws
    /// Likes `tweetID` again as liked at `likedAt` (an unlike undone).
    func restoreLike(tweetID: String, likedAt: Date, uid: String) throws
    /// Writes `text` as `uid`'s post through the one writer (`WriteIntent.post`), with the
    /// place attached to it copied into the post (nil: none).
    @discardableResult
    func post(_ text: String, place: PlaceInfo?, uid: String) throws -> Tweet
    // Conversations
    /// Bookmarks or reposts `tweetID` as `uid` (`marked`), or takes it back.
    func setMark(_ mark: PostMark, _ marked: Bool, tweetID: String, uid: String) throws
    /// Makes `uid` follow `other`, or stop following.
    func setFollowing(_ followed: Bool, other: String, uid: String) throws
    /// Calls `onChange` with whether `uid` follows `other`, now and whenever it changes.
    func observeFollowing(
        _ other: String, uid: String, _ onChange: @escaping (Bool) -> Void, onError: @escaping (Error) -> Void
    ) throws -> Cancellable
    // Replies
    /// Writes `text` as `uid`'s reply to `postID` through the one writer (`WriteIntent.reply`),
    /// with the place attached to it copied into the reply (nil: none).
    @discardableResult
    func reply(_ text: String, to postID: String, place: PlaceInfo?, uid: String) throws -> Tweet
    /// Calls `onChange` with the thread of `postID` in reading order (parents, the post, its
    /// replies), now and whenever it changes.
    func observeThread(
        _ postID: String, viewer: String?, _ onChange: @escaping ([FeedPost]) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable
    /// The thread of `postID` in reading order, read once.
    func threadRows(_ postID: String, viewer: String?) throws -> [FeedPost]
    // people
    /// Calls `onChange` with whether `uid` mutes `other`, now and whenever it changes.
    func observeMuted(
        _ other: String, uid: String, _ onChange: @escaping (Bool) -> Void, onError: @escaping (Error) -> Void
    ) throws -> Cancellable
    // search: people by name or username (`PeopleSearch`), best first, at most `limit`.
    func searchPeople(_ query: String, limit: Int) throws -> [User]
}

extension FeedPort {
    // Ports that hold no conversations (the tests' far stores) refuse their writes and follow nobody.
    public func setMark(_ mark: PostMark, _ marked: Bool, tweetID: String, uid: String) throws {
        throw ServiceError.postNotFound(tweetID)
    }

    public func setFollowing(_ followed: Bool, other: String, uid: String) throws {
        throw ServiceError.userNotFound(other)
    }

    public func observeFollowing(
        _ other: String, uid: String, _ onChange: @escaping (Bool) -> Void, onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        onChange(false)
        return AnyCancellable {}
    }

    /// A post without a place.
    @discardableResult
    public func post(_ text: String, uid: String) throws -> Tweet { try post(text, place: nil, uid: uid) }

    // Replies: ports without threads refuse replies and show a thread as nothing.
    @discardableResult
    public func reply(_ text: String, to postID: String, place: PlaceInfo?, uid: String) throws -> Tweet {
        throw ServiceError.replyToMissing(postID)
    }

    /// A reply without a place.
    @discardableResult
    public func reply(_ text: String, to postID: String, uid: String) throws -> Tweet {
        try reply(text, to: postID, place: nil, uid: uid)
    }

    public func observeThread(
        _ postID: String, viewer: String?, _ onChange: @escaping ([FeedPost]) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        onChange([])
        return AnyCancellable {}
    }

    public func threadRows(_ postID: String, viewer: String?) throws -> [FeedPost] { [] }

    // people: ports without mutes mute nobody.
    public func observeMuted(
        _ other: String, uid: String, _ onChange: @escaping (Bool) -> Void, onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        onChange(false)
        return AnyCancellable {}
    }

    // search: ports without people find nobody.
    public func searchPeople(_ query: String, limit: Int) throws -> [User] { [] }
}

/// Everything the view models talk to.
public struct ScreenServices {
    public var places: PlaceSearching
    public var accounts: AccountsPort
    public var favorites: FavoritesPort
    public var feed: FeedPort
    /// The store's connection and unsent writes (`EmbeddedSync` on the embedded store).
    public var sync: SyncPort
    /// Whether the store is far away (a team server): writes then run off the loop's thread.
    public var isStoreRemote = false
    /// The online place providers; nil where none are wired (tests of other screens), an
    /// `OnlinePlaceSearching` without providers when the config turns none on.
    public var online: OnlinePlaceSearching?
    /// Where the Places search history is kept between runs; nil keeps it for this run only.
    public var searchHistory: SearchHistoryStoring?
    /// On a team server opened on the local replica: reaches the server in the background.
    public var connecting: ServerConnecting?
    /// The account's notifications (the Activity tab); nil where none are wired.
    public var activity: ActivityPort?
    /// The config's home point, nil when it sets none (a post's place line then
    /// shows no distance).
    public var home: Coordinate?

    public init(
        places: PlaceSearching, accounts: AccountsPort, favorites: FavoritesPort, feed: FeedPort,
        sync: SyncPort = EmbeddedSync(), online: OnlinePlaceSearching? = nil
    ) {
        self.places = places
        self.accounts = accounts
        self.favorites = favorites
        self.feed = feed
        self.sync = sync
        self.online = online
    }
}
