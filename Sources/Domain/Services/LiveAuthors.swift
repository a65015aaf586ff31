import DocStore
import Foundation

/// Keeps the author names of a live list of posts current. A post stores only its author's
/// uid, so a rename changes no post: this listens to the `users` documents of the authors
/// in the list (one `in` query, replaced when the set of authors changes) and delivers the
/// posts again, renamed, when a name changes, in this process or another, on either store.
public final class LiveAuthors: @unchecked Sendable {
    // @unchecked: used on one thread, the one the store's executor delivers callbacks on.
    private let users: UserService
    private let onChange: (FeedPage) -> Void
    private let onError: (Error) -> Void
    private var page = FeedPage(posts: [], next: nil)
    /// The authors as their listener last read them.
    private var authors: [String: User] = [:]
    private var listened: Set<String> = []
    private var registration: ListenerRegistration?

    public init(users: UserService, onChange: @escaping (FeedPage) -> Void, onError: @escaping (Error) -> Void) {
        self.users = users
        self.onChange = onChange
        self.onError = onError
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
        registration?.remove()
        registration = nil
    }

    private func listen(to authors: Set<String>) {
        stop()
        listened = authors
        guard !authors.isEmpty else { return }
        do {
            let query = users.users.whereField(FieldPath.documentID, in: authors.sorted().map { FieldValue.string($0) })
            registration = try query.addSnapshotListener({ [weak self] snapshot in
                let found = DecodedDocuments(snapshot.documents) { try $0.data(as: User.self) }
                self?.authorsChanged(Dictionary(found.values.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }))
            }, onError: onError)
        } catch {
            onError(error)
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
                  author.username != post.username || author.displayName != post.displayName else { return post }
            changed = true
            var copy = post
            copy.username = author.username
            copy.displayName = author.displayName
            return copy
        }
        return changed ? renamed : nil
    }
}
