import Domain

/// A feed (all posts, the Liked view, one author's posts) as a `PagedList` reads it.
public final class FeedPageSource: PageSource {
    public let kind: FeedKind
    private let port: FeedPort
    private let viewer: String?
    /// The post whose thread this lists (its parents, itself, its replies), in one slice.
    public private(set) var thread: String?

    public init(_ kind: FeedKind, viewer: String?, port: FeedPort) {
        self.kind = kind
        self.viewer = viewer
        self.port = port
    }

    /// The thread of `postID`: short enough to be held whole, so never paged.
    public convenience init(thread postID: String, viewer: String?, port: FeedPort) {
        self.init(.all, viewer: viewer, port: port)
        thread = postID
    }

    public func observeRows(
        after anchor: FeedPost?, limit: Int, _ onChange: @escaping (PageSlice<FeedPost>) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        if let thread {
            return try port.observeThread(
                thread, viewer: viewer, { onChange(PageSlice(rows: $0, isEnd: true)) }, onError: onError)
        }
        return try port.observeFeedWindow(
            kind, viewer: viewer, after: anchor?.position(in: kind), limit: limit,
            {
                onChange(PageSlice(rows: $0.posts, isEnd: $0.next == nil))
            }, onError: onError)
    }

    public func observeCount(_ onChange: @escaping (Int) -> Void, onError: @escaping (Error) -> Void) throws
        -> Cancellable
    {
        if let thread {
            return try port.observeThread(thread, viewer: viewer, { onChange($0.count) }, onError: onError)
        }
        return try port.observeFeedCount(kind, viewer: viewer, onChange, onError: onError)
    }

    public func count() throws -> Int {
        if let thread { return try port.threadRows(thread, viewer: viewer).count }
        return try port.feedCount(kind, viewer: viewer)
    }

    public func rows(before row: FeedPost?, limit: Int) throws -> [FeedPost] {
        if let thread {
            let rows = try port.threadRows(thread, viewer: viewer)
            let end = row.flatMap { row in rows.firstIndex { $0.id == row.id } } ?? rows.count
            return Array(rows[..<end].reversed().prefix(limit))
        }
        return try port.feedRows(kind, viewer: viewer, before: row?.position(in: kind), limit: limit)
    }

    public func count(before row: FeedPost) throws -> Int {
        if let thread { return try port.threadRows(thread, viewer: viewer).firstIndex { $0.id == row.id } ?? 0 }
        return try port.feedCount(kind, viewer: viewer, before: row.position(in: kind))
    }
}
