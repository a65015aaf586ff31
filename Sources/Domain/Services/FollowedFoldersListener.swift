import DocStore
import Foundation
import PlaceCatalog

/// Keeps `FolderFollowService.followedFolders(of:)` current for one account: one computed
/// listener over the account's follows and, for every owner followed, that owner's folders
/// and favorites (one query over all of them, replaced when the set of owners changes), so
/// a place an owner adds, a folder made private or deleted, and a follow or an unfollow each
/// deliver the folders again, from this process or another. A team server announces a
/// shared folder's changes to its followers (19-folder-follows.sql).
public final class FollowedFoldersListener: @unchecked Sendable {
    // @unchecked: `listened` is used on the thread the store's executor delivers callbacks
    // on (and the starting one, before any callback); `registration` and `generation` are
    // read and written under `lock`.
    private let service: FolderFollowService
    private let uid: String
    private let home: Coordinate
    private let onChange: (FollowedFolders) -> Void
    private let onError: (Error) -> Void
    private var listened: [String] = []
    private let lock = NSLock()
    private var registration: ListenerRegistration?
    private var generation = 0

    /// At most this many owners are listened to: their two collections each, within a query's 1000.
    static let maxOwners = 400

    init(
        service: FolderFollowService, uid: String, home: Coordinate,
        onChange: @escaping (FollowedFolders) -> Void, onError: @escaping (Error) -> Void
    ) {
        self.service = service
        self.uid = uid
        self.home = home
        self.onChange = onChange
        self.onError = onError
    }

    /// Reads the follows once for their owners and starts listening.
    func start() throws {
        let owners = try service.follows(of: uid).getDocuments().documents.compactMap {
            $0.get("ownerUid")?.stringValue
        }
        try listen(to: Self.owners(owners))
    }

    public func remove() {
        let stopped = lock.withLock { () -> ListenerRegistration? in
            generation += 1
            defer { registration = nil }
            return registration
        }
        stopped?.remove()
    }

    static func owners(_ uids: [String]) -> [String] {
        Array(Set(uids.filter(TweetService.isValidID)).sorted().prefix(maxOwners))
    }

    /// The owners of what `followed` names, followed or left.
    static func owners(of followed: FollowedFolders) -> [String] {
        owners(followed.folders.map(\.owner.uid) + followed.left.map { String($0.prefix { $0 != ":" }) })
    }

    private func listen(to owners: [String]) throws {
        remove()
        listened = owners
        let generation = lock.withLock { self.generation }
        let query = service.follows(of: uid).including(
            collections: owners.flatMap { ["favorites/\($0)/folders", "favorites/\($0)/favorites"] })
        let (service, uid, home) = (service, uid, home)
        let started = try query.addComputedListener(
            { try service.followedFolders(of: uid, home: home) },
            { [weak self] followed in self?.delivered(followed) }, onError: { [weak self] in self?.onError($0) })
        let kept = lock.withLock { () -> Bool in
            guard self.generation == generation else { return false }
            registration = started
            return true
        }
        if !kept { started.remove() }
    }

    private func delivered(_ followed: FollowedFolders) {
        let owners = Self.owners(of: followed)
        if owners != listened {
            do { try listen(to: owners) } catch { onError(error) }
        }
        onChange(followed)
    }
}

extension FolderFollowService {
    /// Calls `onChange` with the folders `uid` follows (`followedFolders(of:home:)`) now and
    /// after every change to them or to the follows; `onError` when a later read fails.
    public func observeFollowedFolders(
        of uid: String, home: Coordinate, onChange: @escaping (FollowedFolders) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> FollowedFoldersListener {
        let listener = FollowedFoldersListener(
            service: self, uid: uid, home: home, onChange: onChange, onError: onError)
        try listener.start()
        return listener
    }
}
