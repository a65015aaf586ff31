import Domain

/// A feed (all posts, the Liked view, one author's posts) as a `PagedList` reads it.
public final class FeedPageSource: PageSource {
    public let kind: FeedKind
    private let port: FeedPort
    private let viewer: String?

    public init(_ kind: FeedKind, viewer: String?, port: FeedPort) {
        self.kind = kind
        self.viewer = viewer
        self.port = port
    }

    public func observeRows(
        after anchor: FeedPost?, limit: Int, _ onChange: @escaping (PageSlice<FeedPost>) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        try port.observeFeedWindow(
            kind, viewer: viewer, after: anchor?.position(in: kind), limit: limit,
            {
                onChange(PageSlice(rows: $0.posts, isEnd: $0.next == nil))
            }, onError: onError)
    }

    public func observeCount(_ onChange: @escaping (Int) -> Void, onError: @escaping (Error) -> Void) throws
        -> Cancellable
    {
        try port.observeFeedCount(kind, viewer: viewer, onChange, onError: onError)
    }

    public func count() throws -> Int {
        try port.feedCount(kind, viewer: viewer)
    }

    public func rows(before row: FeedPost?, limit: Int) throws -> [FeedPost] {
        try port.feedRows(kind, viewer: viewer, before: row?.position(in: kind), limit: limit)
    }

    public func count(before row: FeedPost) throws -> Int {
        try port.feedCount(kind, viewer: viewer, before: row.position(in: kind))
    }
}
