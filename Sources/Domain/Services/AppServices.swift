import DocStore
import Foundation
import Localization

/// The opening point of Tern's data: the document store at `AppPaths.databaseFile`, the
/// session file, and the services over them.
///
/// A new database is seeded with the sample community once, in one batch (unless
/// `seedSample` is false); a marker beside the documents records that the database was
/// set up, so seeding never runs twice, even when several processes open it at once.
public final class AppServices: @unchecked Sendable {
    // @unchecked: its fields never change after init and each is safe to share (see their types).
    public let paths: AppPaths
    public let store: DocumentStore
    public let sessionFile: SessionFile
    public let auth: AuthService
    public let users: UserService
    public let favorites: FavoritesService
    public let tweets: TweetService
    /// Follows (and, later, the rest of the conversations).
    public let follows: FollowService
    /// Follows of other people's shared folders.
    public let folderFollows: FolderFollowService
    // People: search, profiles, mentions; mutes.
    public let people: PeopleService
    public let mutes: MuteService
    /// The signed-in account's notifications (issue 28).
    public let notifications: NotificationService
    /// On a team server with someone signed in: the account's local replica and outbox
    /// (nil on the embedded store, and for a signed-out reader).
    public let replica: LocalReplica?
    /// Set when the server could not be reached at opening: `store` is then the replica,
    /// read as it was last copied, and writes can only be queued.
    public let unreachable: StoreError?
    /// The services over the replica, through which a queued write shows locally at once
    /// (these services themselves when opened offline).
    public var local: AppServices? { replica != nil && store === replica?.store ? self : replicaServices }
    private let replicaServices: AppServices?

    /// The protected record written by the first opening of a database.
    static let setupMarker = "meta/setup"

    /// Opens (creating when missing) the store. A file that is not a usable Tern database
    /// throws the store's one-line `StoreError`, naming the file; it is never replaced.
    ///
    /// `storeLocation` (resolved by the caller from `--store`, `TERN_STORE` and `store =` in
    /// the config) is a file, or a `postgres://` team server; nil means
    /// `defaultStoreLocation`: `TERN_STORE`, else the config's `store`, else
    /// `paths.databaseFile` (the command line exports `--store` as `TERN_STORE`).
    /// On a server the connection is the signed-in account's own role (or `tern_guest`,
    /// read-only, when signed out; see `ServerAccess`), and nothing is seeded: the server's
    /// rules refuse writing other people's documents.
    ///
    /// `offline`: with `.readReplica`, a server that cannot be reached (`StoreErrorCode.isUnreachable`)
    /// opens the signed-in account's replica instead (`unreachable` says why); with
    /// `.serverOnly` it throws, and no replica is opened (a sync worker's own connection);
    /// with `.replicaFirst` (the interface) it opens the replica without connecting when the
    /// replica already holds the account's profile, and signed out the server's guest copy.
    public static func open(
        paths: AppPaths, storeLocation: String? = nil, seedSample: Bool = true,
        executor: CallbackExecutor = .immediate,
        hasher: PasswordHasher = PasswordHasher(),
        environment: [String: String] = ProcessInfo.processInfo.environment,
        offline: OfflineReads = .readReplica,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) throws -> AppServices {
        let location = try storeLocation ?? defaultStoreLocation(paths: paths, environment: environment)
        let sessionFile = SessionFile(paths: paths)
        guard ServerConnection.isServerURL(location) else {
            if let server = try sessionFile.read()?.server {
                throw ServiceError.otherStore(signedInOn: server, here: nil)
            }
            let store = try DocumentStore.open(location: location, executor: executor)
            try setUpIfNew(
                store, seedSample: seedSample, now: clock(), community: { try SampleCommunity.load(paths: paths) })
            return AppServices(paths: paths, store: store, server: nil, hasher: hasher, clock: clock)
        }
        let server = ServerAccess(serverURL: location, sessionFile: sessionFile.path, environment: environment)
        let session = try sessionFile.read()
        if let session, session.server != server.server {
            throw ServiceError.otherStore(signedInOn: session.server, here: server.server)
        }
        let replica = try session.flatMap {
            offline != .serverOnly
                ? try LocalReplica.open(paths: paths, server: server.server, uid: $0.uid, executor: executor) : nil
        }
        if offline == .replicaFirst, session == nil {
            let copy = try LocalReplica.openGuestCopy(paths: paths, server: server.server, executor: executor)
            return AppServices(paths: paths, store: copy.store, server: server, hasher: hasher, clock: clock)
        }
        if offline == .replicaFirst, let replica, let session, try replica.holdsProfile(of: session.uid) {
            return AppServices(
                paths: paths, store: replica.store, server: server, replica: replica, unreachable: nil,
                hasher: hasher, clock: clock)
        }
        let store: DocumentStore
        do {
            store = try openServer(server, as: session, executor: executor)
        } catch let error as StoreError where error.code.isUnreachable && replica != nil {
            return AppServices(
                paths: paths, store: replica!.store, server: server, replica: replica, unreachable: error,
                hasher: hasher, clock: clock)
        }
        return AppServices(
            paths: paths, store: store, server: server, replica: replica, unreachable: nil, hasher: hasher, clock: clock
        )
    }

    /// The server's store, connected as `session`'s account (the guest when nil) and checked
    /// to be that account: round trips, never made on the interface's thread.
    private static func openServer(_ server: ServerAccess, as session: Session?, executor: CallbackExecutor) throws
        -> DocumentStore
    {
        let store: DocumentStore
        let target = try server.connection(for: session)
        do {
            store = try DocumentStore.open(location: target.url, sessionToken: target.sessionToken, executor: executor)
        } catch StoreError.cannotOpen(let file, let reason, let code)
            where session != nil && code.isAuthenticationFailure
        {
            // The password file lost the account's line (or the password changed elsewhere).
            throw StoreError.cannotOpen(file: file, reason: tr(.storeSignInAgain, ["reason": reason]), code: code)
        } catch let error as StoreError where target.sessionToken != nil && error.code.isAuthenticationFailure {
            // The pooled session expired, was closed, or its account was removed.
            throw StoreError.cannotOpen(
                file: server.server, reason: tr(.storePooledSessionRefused, ["reason": error.code.description]),
                code: error.code)
        }
        if let session {
            try TernServer.checkSignedIn(store, as: session.uid, server: server.server)
        }
        return store
    }

    /// True on a team server, also while the screens read its replica.
    public var isTeamServer: Bool { auth.server != nil }

    /// True when these services read a local copy instead of their team server: the
    /// signed-in account's replica (opened `.replicaFirst`, or the server could not be
    /// reached) or, signed out, the server's guest copy: the screens show what was last
    /// copied until `connected()` reaches the server.
    public var readsReplica: Bool {
        isTeamServer && !store.isRemote
    }

    /// For services that read the replica (`readsReplica`): services over the server itself
    /// for the session the session file names now: the same account's with the same replica
    /// and outbox, or (signed out or in as someone else meanwhile) the guest's, or the other
    /// account's with its own replica. Connecting is several round trips: call it off the
    /// interface's thread. Throws when the server cannot be reached; returns these services
    /// when they read the server already.
    public func connected() throws -> AppServices {
        guard readsReplica, let server = auth.server else { return self }
        let session = try sessionFile.read()
        let store = try Self.openServer(server, as: session, executor: self.store.callbackExecutor)
        let replica = try session.map { session in
            try self.replica.flatMap { $0.uid == session.uid ? $0 : nil }
                ?? LocalReplica.open(
                    paths: paths, server: server.server, uid: session.uid, executor: self.store.callbackExecutor)
        }
        return AppServices(
            paths: paths, store: store, server: server, replica: replica, unreachable: nil,
            hasher: auth.hasher, clock: auth.clock)
    }

    /// For services that read a local copy (`readsReplica`): services over the local copy
    /// of `session`'s view, its replica (the guest copy when signed out), so that screens
    /// following another sign-in or a sign-out before the server is reached read that
    /// account's copy. Opening one is a local file. Themselves when they read it already,
    /// or when they read the server.
    public func localCopy(for session: Session?) throws -> AppServices {
        guard readsReplica, let server = auth.server else { return self }
        guard let session else {
            guard replica != nil else { return self }
            let copy = try LocalReplica.openGuestCopy(
                paths: paths, server: server.server, executor: store.callbackExecutor)
            return AppServices(
                paths: paths, store: copy.store, server: server, unreachable: unreachable,
                hasher: auth.hasher, clock: auth.clock)
        }
        guard replica?.uid != session.uid else { return self }
        let replica = try LocalReplica.open(
            paths: paths, server: server.server, uid: session.uid, executor: store.callbackExecutor)
        return AppServices(
            paths: paths, store: replica.store, server: server, replica: replica, unreachable: unreachable,
            hasher: auth.hasher, clock: auth.clock)
    }

    /// For signed-out services on the server itself: copies the public feed into the
    /// server's guest copy, which the next signed-out start shows before it connects.
    /// Round trips: never on the interface's thread.
    public func copyPublicFeed() throws {
        guard let server = auth.server, replica == nil, !readsReplica, try session() == nil else { return }
        let copy = try LocalReplica.openGuestCopy(paths: paths, server: server.server)
        defer { copy.store.close() }
        try ReplicaRefresh.refreshGuestCopy(copy, from: store)
    }

    /// What opening a team server does about the network.
    public enum OfflineReads: Sendable {
        /// Connects; a server that cannot be reached opens the signed-in account's replica instead.
        case readReplica
        /// Connects, and throws when the server cannot be reached (a sync worker's own connection).
        case serverOnly
        /// Does not connect when the signed-in account's replica holds its profile (copied
        /// by an earlier run): opens the replica (`readsReplica`), so the interface's first
        /// frame waits on no round trip, and `connected()` reaches the server later. Signed
        /// out, opens the server's guest copy (the public feed last seen, or nothing) the same
        /// way. Signed in without a copy of the profile, as `.readReplica`.
        case replicaFirst
    }

    /// `TERN_STORE` when set and not empty, else `store =` in the config, else the
    /// database file in the data directory.
    public static func defaultStoreLocation(
        paths: AppPaths,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> String {
        if let variable = environment["TERN_STORE"], !variable.isEmpty {
            return try StoreLocation.check(variable, source: "TERN_STORE")
        }
        return try Config.load(paths: paths).store ?? paths.databaseFile
    }

    init(
        paths: AppPaths, store: DocumentStore, server: ServerAccess? = nil, replica: LocalReplica? = nil,
        unreachable: StoreError? = nil, hasher: PasswordHasher, clock: @escaping @Sendable () -> Date
    ) {
        self.paths = paths
        self.store = store
        self.sessionFile = SessionFile(paths: paths)
        self.auth = AuthService(
            store: store, sessionFile: sessionFile, server: server, hasher: hasher, clock: clock,
            replicas: paths)
        self.users = UserService(store: store)
        self.favorites = FavoritesService(store: store)
        // On the replica a like is a local transaction, as on the embedded store; the server's
        // `tern_like` runs when it is sent.
        self.tweets = TweetService(
            store: store, onServer: server != nil && store.isRemote)
        self.follows = FollowService(store: store, onServer: server != nil && store.isRemote)
        self.folderFollows = FolderFollowService(store: store, onServer: server != nil && store.isRemote)
        self.people = PeopleService(store: store)
        self.mutes = MuteService(store: store, onServer: server != nil && store.isRemote)
        self.notifications = NotificationService(store: store, onServer: server != nil && store.isRemote)
        self.replica = replica
        self.unreachable = unreachable
        self.replicaServices = replica.flatMap { replica in
            store === replica.store
                ? nil
                : AppServices(paths: paths, store: replica.store, replica: replica, hasher: hasher, clock: clock)
        }
    }

    /// The signed-in session, nil when signed out (a loose session file throws).
    public func session() throws -> Session? {
        try sessionFile.read()
    }

    /// Marks a new database as set up and seeds it, in one commit; does nothing for a
    /// database already set up. Returns whether this call set it up.
    @discardableResult
    static func setUpIfNew(
        _ store: DocumentStore, seedSample: Bool, now: Date,
        community: () throws -> SampleCommunity
    ) throws -> Bool {
        if try store.protectedRecord(setupMarker) != nil { return false }
        let sample = seedSample ? try community() : nil
        return try store.runTransaction { transaction in
            guard try transaction.protectedRecord(setupMarker) == nil else { return false }
            if let sample {
                for user in sample.users(now: now) {
                    try transaction.setData(from: user, forDocument: store.collection("users").document(user.id))
                }
                for tweet in sample.tweets(now: now) {
                    try transaction.setData(tweet.fields, forDocument: store.collection("tweets").document(tweet.id))
                }
                for follow in sample.follows() {
                    let stamp: [String: WriteValue] = ["followedAt": .timestamp(now)]
                    try transaction.setData(
                        stamp, forDocument: store.document("users/\(follow.follower)/following/\(follow.followed)"))
                    try transaction.setData(
                        stamp, forDocument: store.document("users/\(follow.followed)/followers/\(follow.follower)"))
                }
                for like in sample.likes(now: now) {
                    try transaction.setData(
                        ["likedAt": .timestamp(like.like.likedAt)],
                        forDocument: store.document("users/\(like.uid)/user-likes/\(like.tweetId)"))
                }
            }
            let marker = "{\"createdAt\":\"\(TernTime.iso8601(now))\",\"sample\":\(sample != nil)}"
            try transaction.setProtected(setupMarker, Data(marker.utf8))
            return true
        }
    }
}
