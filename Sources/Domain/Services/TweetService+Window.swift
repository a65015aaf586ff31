import DocStore
import Foundation

/// Where a row sits in its feed's order: its sort key (when it was posted, or liked in the
/// Liked view) and its id, the tie-break. A cursor kept as values, so it still places rows
/// after the row itself is deleted.
public struct FeedPosition: Hashable, Sendable {
    public var key: Date
    public var id: String

    public init(key: Date, id: String) {
        self.key = key
        self.id = id
    }
}

extension FeedPost {
    /// This row's place in `kind`'s order.
    public func position(in kind: FeedKind) -> FeedPosition {
        switch kind {
        case .liked: FeedPosition(key: likedAt ?? timestamp, id: id)
        case .bookmarks: FeedPosition(key: bookmarkedAt ?? timestamp, id: id)
        case .all, .author, .place: FeedPosition(key: timestamp, id: id)
        case .following: FeedPosition(key: timelineAt ?? timestamp, id: id)
        }
    }
}

/// Paging a feed in both directions with cursors on (sort key, id): a window of rows after
/// a position, the rows before one, and counts, each one indexed range read (never an
/// offset scan), on either backend.
extension TweetService {
    /// `kind`'s documents (posts, or the viewer's likes) newest first, or oldest first.
    func orderedQuery(_ kind: FeedKind, viewer: Session?, newestFirst: Bool) throws -> Query {
        switch kind {
        case .liked:
            let session = try SignInRequired.check(viewer, .viewLikedPosts)
            return likes(of: session.uid).order(by: "likedAt", descending: newestFirst)
        case .bookmarks:
            let session = try SignInRequired.check(viewer, .viewBookmarks)
            return marks(.bookmark, of: session.uid).order(by: "bookmarkedAt", descending: newestFirst)
        case .all, .following:
            return tweets.order(by: "timestamp", descending: newestFirst)
        case .author(let uid):
            return tweets.whereField("uid", isEqualTo: .string(uid)).order(by: "timestamp", descending: newestFirst)
        case .place(let id):
            return tweets.whereField("placeID", isEqualTo: .string(id)).order(by: "timestamp", descending: newestFirst)
        }
    }

    /// Rows from `query`'s documents (posts, or likes in the Liked view), in their order,
    /// without the posts of people the viewer mutes (`MuteFilter`).
    func rows(
        of documents: [DocumentSnapshot], _ kind: FeedKind, viewer: Session?,
        onSkipped: (Error) -> Void
    ) throws -> [FeedPost] {
        try unmuted(madeRows(of: documents, kind, viewer: viewer, onSkipped: onSkipped), kind, viewer)
    }

    func madeRows(
        of documents: [DocumentSnapshot], _ kind: FeedKind, viewer: Session?,
        onSkipped: (Error) -> Void
    ) throws -> [FeedPost] {
        if kind == .liked { return try likedRows(documents, viewer: viewer, onSkipped: onSkipped) }
        if kind == .bookmarks { return try bookmarkedRows(documents, viewer: viewer, onSkipped: onSkipped) }
        let posts = DecodedDocuments(documents) { try Tweet(snapshot: $0) }
        if let notice = posts.notice { onSkipped(notice) }
        return try rows(for: posts.values.map { ($0, nil) }, viewer: viewer)
    }

    /// Calls `onChange` with up to `limit` rows of `kind` strictly after `position` (nil:
    /// from the newest) now and whenever they change; `next` is nil when the window reaches
    /// the oldest row.
    public func observeWindow(
        _ kind: FeedKind, after position: FeedPosition?, limit: Int, viewer: Session?,
        onChange: @escaping (FeedPage) -> Void,
        onError: @escaping (Error) -> Void = { _ in }
    ) throws -> ListenerRegistration {
        let limit = max(1, limit)
        if kind == .following {
            return try observeFollowingWindow(
                after: position, limit: limit, viewer: viewer, onChange: onChange, onError: onError)
        }
        var query = try orderedQuery(kind, viewer: viewer, newestFirst: true)
        if let position { query = query.start(after: [.timestamp(position.key)], documentID: position.id) }
        // Read and written only where the rows are made (one delivery at a time, in order).
        var last: [FeedPost]?
        let making = rowMaking()
        return try query.limit(to: limit).addSnapshotListener(
            { [weak self] snapshot in
                making.deliver(
                    { notice in
                        guard let self else { return nil }
                        let rows =
                            try last.flatMap { try self.patched($0, by: snapshot, kind, viewer: viewer) }
                            ?? self.rows(of: snapshot.documents, kind, viewer: viewer, onSkipped: notice)
                        last = rows
                        return FeedPage(
                            posts: rows,
                            next: snapshot.count == limit ? snapshot.documents.last.map(FeedCursor.init) : nil)
                    }, onChange: onChange, onError: onError)
            }, onError: onError)
    }

    /// `rows` with the posts `snapshot` reports changed in place (a like, an edit) made
    /// again, and only those: a heart costs one row's reads, not the window's. Nil when
    /// rows came, went or moved, or a changed post cannot be read: then the window is read.
    func patched(_ rows: [FeedPost], by snapshot: QuerySnapshot, _ kind: FeedKind, viewer: Session?) throws
        -> [FeedPost]?
    {
        let changes = snapshot.documentChanges
        guard kind != .liked, kind != .bookmarks, kind != .following, !changes.isEmpty,
            changes.allSatisfy({ $0.kind == .modified && $0.oldIndex == $0.newIndex })
        else { return nil }
        let remade = try self.rows(of: changes.map(\.document), kind, viewer: viewer, onSkipped: { _ in })
        let held = Set(rows.map(\.id))
        guard remade.count == changes.count, remade.allSatisfy({ held.contains($0.id) }) else { return nil }
        let byID = Dictionary(remade.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return rows.map { byID[$0.id] ?? $0 }
    }

    /// Calls `onChange` with how many rows `kind` has, now and whenever its newest row
    /// changes (a post added or taken away on top). Not on every write: counting 100,000
    /// posts takes tens of milliseconds, too much for every like; a list re-counts itself
    /// when rows it holds come or go (see `PagedList`).
    public func observeCount(
        _ kind: FeedKind, viewer: Session?, onChange: @escaping (Int) -> Void,
        onError: @escaping (Error) -> Void = { _ in }
    ) throws -> ListenerRegistration {
        if kind == .following { return try observeFollowingCount(viewer: viewer, onChange: onChange, onError: onError) }
        var newest: String??
        let making = rowMaking()
        return try orderedQuery(kind, viewer: viewer, newestFirst: true).limit(to: 1).addSnapshotListener(
            { [weak self] snapshot in
                making.deliver(
                    { _ in
                        guard let self else { return nil }
                        let id = snapshot.documents.first?.documentID
                        if newest == .some(id) { return nil }
                        newest = .some(id)
                        return try self.count(kind, viewer: viewer)
                    }, onChange: onChange, onError: onError)
            }, onError: onError)
    }

    /// How many rows `kind` has, counted by the database.
    public func count(_ kind: FeedKind, viewer: Session?) throws -> Int {
        if kind == .following { return try followingCount(viewer: viewer, newestFirst: true) }
        return try orderedQuery(kind, viewer: viewer, newestFirst: true).count()
    }

    /// Up to `limit` rows strictly before `position` in the feed's order (newer), nearest
    /// first; with no position, the oldest rows, oldest first.
    public func rows(_ kind: FeedKind, before position: FeedPosition?, limit: Int, viewer: Session?) throws
        -> [FeedPost]
    {
        if kind == .following {
            return try followingRows(viewer: viewer, after: position, limit: max(1, limit), newestFirst: false).rows
        }
        var query = try orderedQuery(kind, viewer: viewer, newestFirst: false)
        if let position { query = query.start(after: [.timestamp(position.key)], documentID: position.id) }
        return try rows(of: run(query.limit(to: max(1, limit))), kind, viewer: viewer, onSkipped: { _ in })
    }

    /// Up to `limit` rows strictly after `position` in the feed's order (older), read once:
    /// the page a window's listener reads, without the listener (the bench compares views).
    public func rows(_ kind: FeedKind, after position: FeedPosition?, limit: Int, viewer: Session?) throws
        -> [FeedPost]
    {
        if kind == .following {
            return try followingRows(viewer: viewer, after: position, limit: max(1, limit), newestFirst: true).rows
        }
        var query = try orderedQuery(kind, viewer: viewer, newestFirst: true)
        if let position { query = query.start(after: [.timestamp(position.key)], documentID: position.id) }
        return try rows(of: run(query.limit(to: max(1, limit))), kind, viewer: viewer, onSkipped: { _ in })
    }

    /// How many rows come before `position` in the feed's order (are newer), counted by the
    /// database.
    public func count(_ kind: FeedKind, before position: FeedPosition, viewer: Session?) throws -> Int {
        if kind == .following { return try followingCount(viewer: viewer, after: position, newestFirst: false) }
        return try orderedQuery(kind, viewer: viewer, newestFirst: false)
            .start(after: [.timestamp(position.key)], documentID: position.id).count()
    }
}
