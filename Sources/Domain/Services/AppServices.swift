import DocStore
import Foundation

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
    public static func open(paths: AppPaths, storeLocation: String? = nil, seedSample: Bool = true,
                            executor: CallbackExecutor = .immediate,
                            hasher: PasswordHasher = PasswordHasher(),
                            environment: [String: String] = ProcessInfo.processInfo.environment,
                            clock: @escaping @Sendable () -> Date = { Date() }) throws -> AppServices {
        let location = try storeLocation ?? defaultStoreLocation(paths: paths, environment: environment)
        let sessionFile = SessionFile(paths: paths)
        guard ServerConnection.isServerURL(location) else {
            if let server = try sessionFile.read()?.server {
                throw ServiceError.otherStore(signedInOn: server, here: nil)
            }
            let store = try DocumentStore.open(location: location, executor: executor)
            try setUpIfNew(store, seedSample: seedSample, now: clock(), community: { try SampleCommunity.load(paths: paths) })
            return AppServices(paths: paths, store: store, server: nil, hasher: hasher, clock: clock)
        }
        let server = ServerAccess(serverURL: location, sessionFile: sessionFile.path, environment: environment)
        let session = try sessionFile.read()
        if let session, session.server != server.server {
            throw ServiceError.otherStore(signedInOn: session.server, here: server.server)
        }
        let store: DocumentStore
        do {
            store = try DocumentStore.open(location: session.map { server.accountURL(role: $0.role ?? $0.uid) } ?? server.guestURL,
                                           executor: executor)
        } catch StoreError.cannotOpen(let file, let reason, let code) where session != nil && code.isAuthenticationFailure {
            // The password file lost the account's line (or the password changed elsewhere).
            throw StoreError.cannotOpen(file: file, reason: reason + "; sign in again: tern logout, then tern login", code: code)
        }
        if let session {
            try TernServer.checkSignedIn(store, as: session.uid, server: server.server)
        }
        return AppServices(paths: paths, store: store, server: server, hasher: hasher, clock: clock)
    }

    /// `TERN_STORE` when set and not empty, else `store =` in the config, else the
    /// database file in the data directory.
    public static func defaultStoreLocation(paths: AppPaths,
                                            environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let variable = environment["TERN_STORE"], !variable.isEmpty {
            return try StoreLocation.check(variable, source: "TERN_STORE")
        }
        return try Config.load(paths: paths).store ?? paths.databaseFile
    }

    init(paths: AppPaths, store: DocumentStore, server: ServerAccess? = nil, hasher: PasswordHasher,
         clock: @escaping @Sendable () -> Date) {
        self.paths = paths
        self.store = store
        self.sessionFile = SessionFile(paths: paths)
        self.auth = AuthService(store: store, sessionFile: sessionFile, server: server, hasher: hasher, clock: clock)
        self.users = UserService(store: store)
        self.favorites = FavoritesService(store: store)
        self.tweets = TweetService(store: store, onServer: server != nil)
    }

    /// The signed-in session, nil when signed out (a loose session file throws).
    public func session() throws -> Session? {
        try sessionFile.read()
    }

    /// Marks a new database as set up and seeds it, in one commit; does nothing for a
    /// database already set up. Returns whether this call set it up.
    @discardableResult
    static func setUpIfNew(_ store: DocumentStore, seedSample: Bool, now: Date,
                           community: () throws -> SampleCommunity) throws -> Bool {
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
                for like in sample.likes(now: now) {
                    try transaction.setData(["likedAt": .timestamp(like.like.likedAt)],
                                            forDocument: store.document("users/\(like.uid)/user-likes/\(like.tweetId)"))
                }
            }
            let marker = "{\"createdAt\":\"\(TernTime.iso8601(now))\",\"sample\":\(sample != nil)}"
            try transaction.setProtected(setupMarker, Data(marker.utf8))
            return true
        }
    }
}
