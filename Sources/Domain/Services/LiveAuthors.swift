import DocStore
import Foundation
import Workers

/// Keeps the author names of a live list of posts current. A post stores only its author's
/// uid, so a rename changes no post: this listens to the `users` documents of the authors
/// in the list (one `in` query, replaced when the set of authors changes) and delivers the
/// posts again, renamed, when a name changes, in this process or another, on either store.
///
/// Starting that listener reads the store; on a team server it starts on a background
/// queue, so a page delivered on the event loop's thread never waits for the network.
public final class LiveAuthors: @unchecked Sendable {
    // @unchecked: used on one thread, the one the store's executor delivers callbacks on,
    // except `registration` and `generation`, read and written under `lock` (a listener
    // started in the background is handed back under it).
    private let users: UserService
    private let onChange: (FeedPage) -> Void
    private let onError: (Error) -> Void
    private let startsInBackground: Bool
    private var page = FeedPage(posts: [], next: nil)
    /// The authors as their listener last read them.
    private var authors: [String: User] = [:]
    private var listened: Set<String> = []
    private let lock = NSLock()
    private var registration: ListenerRegistration?
    /// Counts listeners asked for: one that arrives after a newer one was asked for is removed.
    private var generation = 0

    public init(users: UserService, onChange: @escaping (FeedPage) -> Void, onError: @escaping (Error) -> Void) {
        self.users = users
        self.onChange = onChange
        self.onError = onError
        startsInBackground = users.store.isRemote
    }

    /// The page as just read: passed on with its authors' names as they are now (a page
    /// made again only where a post changed holds the others as first read), and its
    /// authors listened to.
    public func deliver(_ page: FeedPage) {
        self.page = page
        self.page.posts = renamed(page.posts) ?? page.posts
        onChange(self.page)
        let authors = Set(page.posts.map(\.uid).filter(TweetService.isValidID).prefix(1000))
        if authors != listened { listen(to: authors) }
    }

    public func stop() {
        let stopped = lock.withLock { () -> ListenerRegistration? in
            generation += 1
            defer { registration = nil }
            return registration
        }
        stopped?.remove()
    }

    private func listen(to authors: Set<String>) {
        stop()
        listened = authors
        guard !authors.isEmpty else { return }
        let query = users.users.whereField(FieldPath.documentID, in: authors.sorted().map { FieldValue.string($0) })
        let generation = lock.withLock { self.generation }
        let executor = users.store.callbackExecutor
        let start: @Sendable () -> Void = { [weak self] in
            do {
                let started = try query.addSnapshotListener(
                    { [weak self] snapshot in
                        let found = DecodedDocuments(snapshot.documents) { try $0.data(as: User.self) }
                        self?.authorsChanged(
                            Dictionary(found.values.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }))
                    }, onError: { [weak self] in self?.onError($0) })
                let kept =
                    self?.lock.withLock { () -> Bool in
                        guard self?.generation == generation else { return false }
                        self?.registration = started
                        return true
                    } ?? false
                if !kept { started.remove() }
            } catch {
                // Told where callbacks are, as a listener's own errors are.
                executor.execute { [weak self] in self?.onError(error) }
            }
        }
        if startsInBackground {
            Workers.shared.run(.reads, start)
        } else {
            start()
        }
    }

    private func authorsChanged(_ authors: [String: User]) {
        self.authors = authors
        guard let renamed = renamed(page.posts) else { return }
        page.posts = renamed
        page.notice = nil
        onChange(page)
    }

    /// `posts` with the names `authors` knows, nil when none differs.
    private func renamed(_ posts: [FeedPost]) -> [FeedPost]? {
        var changed = false
        let renamed = posts.map { post -> FeedPost in
            guard let author = authors[post.uid],
                author.username != post.username || author.displayName != post.displayName
            else { return post }
            changed = true
            var copy = post
            copy.username = author.username
            copy.displayName = author.displayName
            return copy
        }
        return changed ? renamed : nil
    }
}
