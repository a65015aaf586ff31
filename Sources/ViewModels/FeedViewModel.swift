import Domain
import Foundation
import Localization
import PlainText
import TerminalUI

/// One post as a feed row shows it.
public struct FeedRowModel: Equatable, Sendable, Identifiable {
    public var id: String
    public var displayName: String
    public var username: String
    public var caption: String
    public var timestamp: Date
    public var likes: Int
    public var didLike: Bool
    /// Shown before the store confirmed it: a like or a post on its way, marked as pending.
    public var isPending: Bool
    /// The author's uid: whose profile Enter opens, and whether the viewer may edit the post.
    public var uid: String
    /// The author's picture as stored (a PNG data URL), nil without one: drawn as a face.
    public var avatar: String?
    /// Whether the caption was changed after posting: shown `(edited)`.
    public var isEdited = false
    // Conversations
    public var reposts = 0
    public var didRepost = false
    public var didBookmark = false
    // Replies
    /// The post this one answers, and its author's username ("" when unknown): `↳ @name`.
    public var replyTo: String?
    public var replyToUsername: String?
    public var replies = 0
    /// A thread's stand-in for a deleted parent: drawn `(deleted post)`, no key acts on it.
    public var isDeleted = false
    // people
    /// The accounts the caption mentions, by username, in order (`FeedPost.mentions`).
    public var mentions: [PostMention] = []
    // timeline:
    /// The followed person whose repost brought it into the Following view: `↻ NAME reposted`.
    public var repostedBy: FeedPerson?
    // The place the post carries, from its copy; nil without one.
    public var place: PostPlaceLine?

    /// Whether the viewer marked the post with `mark`.
    public func has(_ mark: PostMark) -> Bool { mark == .bookmark ? didBookmark : didRepost }

    public init(
        id: String, displayName: String, username: String, caption: String, timestamp: Date,
        likes: Int, didLike: Bool, isPending: Bool = false, uid: String = "", avatar: String? = nil
    ) {
        self.id = id
        self.avatar = avatar
        self.uid = uid
        self.displayName = displayName
        self.username = username
        self.caption = caption
        self.timestamp = timestamp
        self.likes = likes
        self.didLike = didLike
        self.isPending = isPending
    }

    public init(_ post: FeedPost) {
        self.init(
            id: post.id, displayName: post.displayName, username: post.username,
            caption: post.caption, timestamp: post.timestamp, likes: post.likes, didLike: post.didLike, uid: post.uid,
            avatar: post.avatar)
        isEdited = post.editedAt != nil
        reposts = post.reposts
        didRepost = post.didRepost
        didBookmark = post.didBookmark
        replyTo = post.replyTo
        replyToUsername = post.replyToUsername
        replies = post.replies
        isDeleted = post.isDeleted
        mentions = post.mentions
        repostedBy = post.repostedBy
        place = PostPlaceLine(post, places: nil)
    }

    /// The row with its place line made from the catalog when the post carries
    /// only a catalog id (the sample community's posts), with the distance from home.
    public init(_ post: FeedPost, places: PostPlaceLines?) {
        self.init(post)
        place = PostPlaceLine(post, places: places)
    }
}

/// The Feed's views, in the order `v` moves through them: all posts, the home timeline
/// (the people one follows and oneself, with reposts), the liked posts, the bookmarks.
public enum FeedMode: Equatable, Sendable, CaseIterable {
    case all, following, liked, bookmarks

    public var title: String {
        switch self {
        case .all: tr(.feedModeAll)
        case .following: tr(.feedModeFollowing)
        case .liked: tr(.feedModeLiked)
        case .bookmarks: tr(.feedModeBookmarks)
        }
    }

    /// The view after this one (`v`).
    public var next: FeedMode { Self.allCases[(Self.allCases.firstIndex(of: self)! + 1) % Self.allCases.count] }

    /// The posts this view lists.
    public var kind: FeedKind {
        switch self {
        case .all: .all
        case .following: .following
        case .liked: .liked
        case .bookmarks: .bookmarks
        }
    }

    /// What a signed-out viewer is told when this view needs an account, nil for All.
    var signIn: SignInRequired.Action? {
        switch self {
        case .all: nil
        case .following: .viewFollowing
        case .liked: .viewLikedPosts
        case .bookmarks: .viewBookmarks
        }
    }
}

/// What the Feed screen shows.
public struct FeedState: Equatable, Sendable {
    public var isSignedIn = false
    public var mode = FeedMode.all
    public var rows: [FeedRowModel] = []
    /// Posts written here that the store does not list yet, newest first, shown above the list.
    public var sending: [FeedRowModel] = []
    /// The selected post and the first one on screen.
    public var list = ListState()
    /// The post being written, when composing.
    public var compose: TextEditor?
    /// True while "Discard this post?" waits for an answer (Esc on a compose with text).
    public var isConfirmingDiscard = false
    public var composeError: String?
    /// The post whose text `compose` replaces, when editing rather than writing a new one.
    public var editingPostID: String?
    /// The post waiting for `y` to be deleted.
    public var deleting: FeedRowModel?
    /// False until the first snapshot arrived.
    public var isLoaded = false
    /// The selection's place in the whole feed (`rows` is a window of it).
    public var position = ListPosition(index: 0, total: 0)
    /// The post an unlike in the Liked view removed: the footer offers `u` to like it
    /// again while there is one (until it is undone, another post is unliked, the view or
    /// the user changes).
    public var undoable: FeedRowModel?
    /// True while rows past the window are read (on a team server): a `loading…` row shows it.
    public var isLoadingPage = false
    /// The post the compose field answers, when writing a reply (`r`).
    public var replyingTo: FeedRowModel?
    // timeline:
    /// Posts that arrived above the selected one since the reader left the top: the
    /// `↑ N new posts` line; `g` (the top) clears it.
    public var newAbove = 0
    /// The signed-in account follows nobody: All says how to follow.
    public var followsNobody = false
    /// The place attached to the post or reply being written (`attach-place`), shown under
    /// its field and sent with it; nil without one.
    public var attachedPlace: PostPlaceLine?

    public var selected: Int { list.selected }
    public var selectedRow: FeedRowModel? { rows.indices.contains(selected) ? rows[selected] : nil }
    public var charactersLeft: Int { Validation.postCharactersLeft(compose?.text ?? "") }
}

/// The feed: live posts and hearts, All / Liked, compose, editing and deleting one's own
/// posts. An author's profile shows its posts through a second one fixed to that author.
public final class FeedViewModel {
    public private(set) var state = FeedState()
    public var onChange: (FeedState) -> Void = { _ in }
    public var onToast: (Toast) -> Void = { _ in }
    /// Posts are about four rows tall: a page is a quarter of the rows in view.
    public var rowsInView = 20
    /// Where a post's catalog id finds its place line (nil: from its copy only).
    public var placeLines: PostPlaceLines?

    /// The signed-in user, whose name a post shows while it is on its way.
    public var author: User? {
        didSet { state.followsNobody = author.map { $0.followingCount == 0 } ?? false }
    }
    /// Whether `v` chose the view since the account signed in (else it opens on Following
    /// when the account follows someone, on All when nobody).
    private var modeChosen = false
    /// Document paths with writes the server has not confirmed (`SyncStatus.pendingPaths`).
    public private(set) var pendingPaths: Set<String> = []

    private let port: FeedPort
    private var uid: String?
    private let writes: StoreWrites
    /// The window of the feed held (a few pages of it), read on as the selection nears an edge.
    public let paged: PagedList<FeedPageSource>
    /// Whether the signed-in user's profile has a display name and a username: posting
    /// needs both.
    public var isProfileFinished = true
    /// The user whose posts this feed shows (an author's profile), nil for the Feed tab.
    public let profileUID: String?
    /// The post whose thread this feed shows (`o`), nil for any other feed.
    public let threadOf: String?
    /// The place whose posts this feed shows (`p` on a place's detail), nil for any other feed.
    public let placeOf: String?
    private var stored: [FeedRowModel] = []
    /// Likes shown before the store shows them: post id → the intent.
    private var likes: [String: LikeIntent] = [:]
    /// Posts shown before the store lists them, newest first.
    private var posts: [PostIntent] = []
    /// Edits of one's own posts shown before the store shows them: post id → the intent.
    private var edits: [String: EditIntent] = [:]
    /// One's own posts being deleted: shown as pending until the store lists them no more.
    private var deletions: Set<String> = []
    /// Bookmarks and reposts shown before the store shows them, as likes are.
    private var marks: [MarkKey: LikeIntent] = [:]

    private struct MarkKey: Hashable {
        var mark: PostMark
        var id: String
    }
    private var nextPostNumber = 0
    /// The undoable post as the Liked view held it (when it was liked), so that undo puts
    /// it back in its place.
    private var undoPost: FeedPost?

    /// A like or unlike the screen shows ahead of the store.
    private struct LikeIntent {
        var liked: Bool
        /// Writes for this post sent and not yet answered.
        var inFlight: Int
    }

    /// An edit the screen shows ahead of the store.
    private struct EditIntent {
        var text: String
        /// Writes for this post sent and not yet answered.
        var inFlight: Int
    }

    /// A post the screen shows ahead of the store: `row.id` is local until the store answers.
    private struct PostIntent {
        var row: FeedRowModel
        var storedID: String?
    }

    /// `events` carries the retries of a subscription that could not start; `writes` is
    /// where likes and posts go (at once by default, as on the embedded store).
    public init(
        feed: FeedPort, events: EventQueue = EventQueue(), writes: StoreWrites = .immediate(), pageSize: Int = 100,
        profileOf profileUID: String? = nil, threadOf: String? = nil, placeOf: String? = nil
    ) {
        self.port = feed
        self.writes = writes
        self.profileUID = profileUID
        self.threadOf = threadOf
        self.placeOf = placeOf
        var toast: (Toast) -> Void = { _ in }
        let name =
            threadOf != nil ? "thread" : placeOf != nil ? "place.posts" : profileUID == nil ? "feed" : "author.posts"
        paged = PagedList(
            name: name, title: { tr(.tabFeed) },
            events: events, reads: writes.reads, pageSize: pageSize, maxRows: 3 * pageSize, onToast: { toast($0) })
        toast = { [weak self] in self?.onToast($0) }
        paged.onChange = { [weak self] in self?.changed() }
    }

    /// Starts (or restarts) the subscription for `uid` (nil: signed out).
    public func setUser(_ uid: String?) {
        guard uid != self.uid || !paged.isSubscribed else { return }
        if uid != self.uid { modeChosen = false }
        self.uid = uid
        if !modeChosen && isTheFeed {
            state.mode = uid != nil && author.map({ $0.followingCount > 0 }) == true ? .following : .all
        }
        state.newAbove = 0
        state.isSignedIn = uid != nil
        if uid == nil {
            state.compose = nil
            state.editingPostID = nil
            state.deleting = nil
            state.replyingTo = nil
            state.attachedPlace = nil
        }
        // All posts (or an author's) are the same list for the new viewer: keep them on
        // screen until they are read again; the Liked view is another list.
        subscribe(keepingRows: state.mode == .all || !isTheFeed)
    }

    /// Whether this is the Feed tab's own feed (its views, its compose), not one fixed to an
    /// author, a thread or a place.
    private var isTheFeed: Bool { profileUID == nil && threadOf == nil && placeOf == nil }

    public func stop() {
        paged.stop()
    }

    /// The store moved to the team server's connection: the list is read there again, its
    /// rows and the intents on their way kept until the new rows arrive.
    public func resumeReads() {
        paged.restart()
    }

    private func subscribe(keepingRows: Bool = false) {
        likes = [:]
        edits = [:]
        deletions = []
        marks = [:]
        state.undoable = nil
        undoPost = nil
        stored = []
        state.rows = []
        let signedOutLiked = state.mode != .all && uid == nil && profileUID == nil
        let kind =
            profileUID.map { FeedKind.author(uid: $0) } ?? placeOf.map { FeedKind.place(id: $0) } ?? state.mode.kind
        state.newAbove = 0
        if let threadOf {
            paged.start(FeedPageSource(thread: threadOf, viewer: uid, port: port), keepingRows: keepingRows)
            // The thread opens on the post it is about, below its parents.
            paged.select(id: threadOf)
            return changed()
        }
        paged.start(signedOutLiked ? nil : FeedPageSource(kind, viewer: uid, port: port), keepingRows: keepingRows)
        changed()
    }

    /// The catalog finished loading: the rows of posts that name a place are made
    /// again, now with their place lines.
    public func placesLoaded() {
        guard paged.rows.contains(where: { $0.placeID != nil }) else { return }
        changed()
    }

    /// The window, its counts or the selection changed.
    private func changed() {
        countNewAbove()
        stored = paged.rows.map { FeedRowModel($0, places: placeLines) }
        let storedLikes = Dictionary(stored.map { ($0.id, $0.didLike) }, uniquingKeysWith: { a, _ in a })
        // The store has spoken: keep the likes still on their way and those it does not show yet.
        likes = likes.filter { id, intent in
            guard let liked = storedLikes[id] else { return false }
            return intent.inFlight > 0 || liked != intent.liked
        }
        let captions = Dictionary(stored.map { ($0.id, $0.caption) }, uniquingKeysWith: { a, _ in a })
        edits = edits.filter { id, intent in
            guard let caption = captions[id] else { return false }
            return intent.inFlight > 0 || caption != intent.text
        }
        let storedRows = Dictionary(stored.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        marks = marks.filter { key, intent in
            guard let row = storedRows[key.id] else { return false }
            return intent.inFlight > 0 || row.has(key.mark) != intent.liked
        }
        let listed = Set(storedLikes.keys)
        deletions.formIntersection(listed)
        posts.removeAll { $0.storedID.map(listed.contains) ?? false }
        state.isLoaded = paged.isLoaded
        state.isLoadingPage = paged.isLoadingPage
        rebuildRows()
        publish()
    }

    private func rebuildRows() {
        // A reply written on a place's posts carries no place: it is not one of them.
        state.sending =
            (state.mode == .all || state.mode == .following) && placeOf == nil
            ? posts.map { post in
                var row = post.row
                if let id = post.storedID, pendingPaths.contains(SyncPaths.post(id)) { row.isPending = true }
                return row
            } : []
        state.rows = stored.map { row in
            var copy = row
            if let intent = likes[row.id] {
                if intent.liked != row.didLike {
                    copy.didLike = intent.liked
                    copy.likes = max(0, row.likes + (intent.liked ? 1 : -1))
                }
                copy.isPending = intent.inFlight > 0
            }
            if let edit = edits[row.id] {
                copy.caption = edit.text
                copy.isPending = copy.isPending || edit.inFlight > 0
            }
            if deletions.contains(row.id) { copy.isPending = true }
            for mark in PostMark.allCases {
                guard let intent = marks[MarkKey(mark: mark, id: row.id)] else { continue }
                if intent.liked != row.has(mark) {
                    if mark == .bookmark {
                        copy.didBookmark = intent.liked
                    } else {
                        copy.didRepost = intent.liked
                        copy.reposts = max(0, row.reposts + (intent.liked ? 1 : -1))
                    }
                }
                copy.isPending = copy.isPending || intent.inFlight > 0
            }
            if let uid,
                PostMark.allCases.contains(where: {
                    pendingPaths.contains(SyncPaths.mark($0, postID: row.id, uid: uid))
                })
            {
                copy.isPending = true
            }
            if let uid,
                pendingPaths.contains(SyncPaths.like(postID: row.id, uid: uid))
                    || pendingPaths.contains(SyncPaths.post(row.id))
            {
                copy.isPending = true
            }
            return copy
        }
    }

    /// A write the server refused on replay (`DroppedWrite.path`): the row it touched shows
    /// the store's state again instead of the intent.
    public func writeDropped(path: String) {
        guard let uid else { return }
        for id in likes.keys where SyncPaths.like(postID: id, uid: uid) == path { likes[id] = nil }
        for id in edits.keys where SyncPaths.post(id) == path { edits[id] = nil }
        deletions = deletions.filter { SyncPaths.post($0) != path }
        rebuildRows()
        publish()
    }

    /// The paths the sync status lists as unconfirmed: their rows show the pending mark.
    public func setPendingPaths(_ paths: Set<String>) {
        guard paths != pendingPaths else { return }
        pendingPaths = paths
        rebuildRows()
        publish()
    }

    // MARK: List

    /// `v`: All → Following → Liked → Bookmarks → All.
    public func toggleMode() {
        guard isTheFeed else { return }
        state.mode = state.mode.next
        modeChosen = true
        if let action = state.mode.signIn, uid == nil {
            onToast(Toast.signIn(action))
        }
        subscribe()
    }

    /// Rows that came above the selected one in place (not a page read, not at the top of
    /// the list): counted for the `↑ N new posts` line, which the top clears.
    private func countNewAbove() {
        let rows = paged.rows
        guard paged.before > 0 || paged.list.selected > 0 else {
            state.newAbove = 0
            return
        }
        guard paged.before == 0, !stored.isEmpty, let selected = paged.selectedRow?.id,
            stored.contains(where: { $0.id == selected }), let index = rows.firstIndex(where: { $0.id == selected })
        else { return }
        let held = Set(stored.map(\.id))
        state.newAbove += rows[..<index].filter { !held.contains($0.id) }.count
    }

    /// `l`: hearts or un-hearts the selected post, shown at once and confirmed by the store.
    public func toggleLike() {
        guard let row = state.selectedRow, !row.isDeleted else { return }
        guard let uid else {
            onToast(Toast.signIn(.likePosts))
            return
        }
        let like = !row.didLike
        let id = row.id
        if !like && state.mode == .liked && profileUID == nil {
            // The row leaves the Liked view: offer to put it back where it was.
            state.undoable = row
            undoPost = paged.rows.first { $0.id == id }
            onToast(Toast(tr(.toastUnlikedUndo, ["author": "@" + row.username]), kind: .info))
        }
        likes[id] = LikeIntent(liked: like, inFlight: (likes[id]?.inFlight ?? 0) + 1)
        rebuildRows()
        publish()
        let intent: WriteIntent = like ? .like(postID: id) : .unlike(postID: id)
        writes.send(
            { [port] in try port.write(intent, uid: uid) },
            then: { [weak self] result in self?.likeAnswered(id, like: like, result) })
    }

    // MARK: Conversations

    /// `b` / `t`: bookmarks or reposts the selected post, or takes it back, shown at once
    /// (with the pending mark) and confirmed by the store, as a heart is.
    public func toggleMark(_ mark: PostMark) {
        guard let row = state.selectedRow, !row.isDeleted else { return }
        guard let uid else {
            onToast(Toast.signIn(mark == .bookmark ? .bookmark : .repost))
            return
        }
        let key = MarkKey(mark: mark, id: row.id)
        let marked = !row.has(mark)
        marks[key] = LikeIntent(liked: marked, inFlight: (marks[key]?.inFlight ?? 0) + 1)
        rebuildRows()
        publish()
        let id = row.id
        writes.send(
            { [port] in try port.setMark(mark, marked, tweetID: id, uid: uid) },
            then: { [weak self] result in self?.markAnswered(key, marked: marked, result) })
    }

    private func markAnswered(_ key: MarkKey, marked: Bool, _ result: Result<Void, Error>) {
        guard var intent = marks[key] else { return }
        intent.inFlight -= 1
        marks[key] = intent
        if case .failure(let error) = result {
            if intent.inFlight == 0 { marks[key] = nil }
            let text: TextKey =
                key.mark == .bookmark
                ? (marked ? .toastCouldNotBookmark : .toastCouldNotUnbookmark)
                : (marked ? .toastCouldNotRepost : .toastCouldNotUnrepost)
            onToast(Toast(tr(text, ["reason": WriteRefusal.reason(for: error)]), kind: .error))
        } else if intent.inFlight == 0, stored.first(where: { $0.id == key.id })?.has(key.mark) == intent.liked {
            marks[key] = nil
        }
        rebuildRows()
        publish()
    }

    /// `u` in the Liked view: likes the last unliked post again with its old time, so it
    /// comes back where it was, selected.
    public func undoUnlike() {
        guard let row = state.undoable, let post = undoPost, let uid else { return }
        let id = row.id
        let likedAt = post.likedAt ?? Date()
        state.undoable = nil
        undoPost = nil
        likes[id] = LikeIntent(liked: true, inFlight: (likes[id]?.inFlight ?? 0) + 1)
        publish()
        // The toast offering `u` goes with the undo it offered.
        onToast(Toast(tr(.toastUnlikeUndone, ["author": "@" + row.username]), kind: .success))
        writes.send(
            { [port] in try port.restoreLike(tweetID: id, likedAt: likedAt, uid: uid) },
            then: { [weak self] result in
                self?.likeAnswered(id, like: true, result)
                if case .success = result, self?.state.mode == .liked { self?.paged.reveal(post) }
            })
    }

    /// The store's answer to a like: confirmed (the mark goes once the store shows it), or
    /// refused (the heart goes back, and a toast says why).
    private func likeAnswered(_ id: String, like: Bool, _ result: Result<Void, Error>) {
        guard var intent = likes[id] else { return }
        intent.inFlight -= 1
        likes[id] = intent
        if case .failure(let error) = result {
            if intent.inFlight == 0 { likes[id] = nil }
            if !like && state.undoable?.id == id { state.undoable = nil }
            onToast(
                Toast(
                    tr(like ? .toastCouldNotLike : .toastCouldNotUnlike, ["reason": WriteRefusal.reason(for: error)]),
                    kind: .error))
        } else if intent.inFlight == 0, stored.first(where: { $0.id == id })?.didLike == intent.liked {
            likes[id] = nil
        }
        rebuildRows()
        publish()
    }

    // MARK: Compose

    /// `n`: opens the compose field.
    public func startCompose() { openCompose(replyingTo: nil) }

    /// The compose field, for a new post or a reply: refused signed out or before the profile is finished.
    private func openCompose(replyingTo parent: FeedRowModel?) {
        guard uid != nil else {
            onToast(Toast.signIn(.post))
            return
        }
        guard isProfileFinished else {
            onToast(Toast(ServiceError.profileNotFinished.description, kind: .error))
            return
        }
        state.compose = TextEditor(multiline: true)
        state.composeError = nil
        state.editingPostID = nil
        state.replyingTo = parent
        state.attachedPlace = nil
        publish()
    }

    // MARK: A post's place

    /// Whether a place can be attached now: a new post or a reply is being written (an edit
    /// keeps the place the post has).
    public var canAttachPlace: Bool { state.compose != nil && state.editingPostID == nil && uid != nil }

    /// The place chosen in the picker goes under the field, to be sent with the post.
    public func attachPlace(_ place: PlaceInfo) {
        guard canAttachPlace else { return }
        state.attachedPlace = PostPlaceLine(info: place, home: placeLines?.home)
        publish()
    }

    /// The picker's "remove": the post goes without a place.
    public func removeAttachedPlace() {
        guard state.attachedPlace != nil else { return }
        state.attachedPlace = nil
        publish()
    }

    // MARK: Replies

    /// `r`: opens the compose field as a reply to the selected post (its title says whom it
    /// answers); Enter sends it as `WriteIntent.reply`, shown at once with the pending mark.
    public func startReply() {
        guard let row = state.selectedRow, !row.isDeleted, !row.id.hasPrefix("sending-") else { return }
        openCompose(replyingTo: row)
    }

    /// The reply shows above the list as a post on its way does, and is sent.
    private func submitReply(
        to parent: FeedRowModel, text: String, checked: String, attached: PostPlaceLine?, uid: String
    ) {
        nextPostNumber += 1
        let localID = "sending-\(nextPostNumber)"
        var row = FeedRowModel(
            id: localID, displayName: author?.displayName ?? "", username: author?.username ?? "",
            caption: checked, timestamp: Date(), likes: 0, didLike: false, isPending: true,
            avatar: author?.avatar)
        row.replyTo = parent.id
        row.replyToUsername = parent.username
        row.place = attached
        posts.insert(PostIntent(row: row, storedID: nil), at: 0)
        state.compose = nil
        state.composeError = nil
        state.replyingTo = nil
        state.attachedPlace = nil
        rebuildRows()
        publish()
        let parentID = parent.id
        let place = attached?.info
        writes.send(
            { [port] in try port.reply(checked, to: parentID, place: place, uid: uid).id },
            then: { [weak self] result in
                self?.replyAnswered(localID, text: text, parent: parent, attached: attached, result)
            })
    }

    /// The store's answer to a reply: confirmed (the row leaves the top: the lists that hold
    /// it show it), or refused (gone, the field opens again as typed, a toast says why).
    private func replyAnswered(
        _ localID: String, text: String, parent: FeedRowModel, attached: PostPlaceLine?,
        _ result: Result<String, Error>
    ) {
        posts.removeAll { $0.row.id == localID }
        switch result {
        case .success:
            onToast(Toast(tr(.toastReplied), kind: .success))
        case .failure(let error):
            let reason = WriteRefusal.reason(for: error)
            if uid != nil && state.compose == nil {
                state.compose = TextEditor(text, multiline: true)
                state.composeError = reason
                state.replyingTo = parent
                state.attachedPlace = attached
            }
            onToast(Toast(tr(.toastCouldNotReply, ["reason": reason]), kind: .error))
        }
        changed()
    }

    public func editCompose(_ edit: TextEditor.Edit) {
        guard state.compose != nil else { return }
        if let cut = state.compose?.apply(edit) { onToast(Toast(cut.description)) }
        state.composeError = nil
        publish()
    }

    /// Esc: closes an empty compose; with text, asks first (yes discards, no keeps writing).
    public func cancelCompose() {
        if state.deleting != nil { return keepPost() }
        if state.isConfirmingDiscard {
            state.isConfirmingDiscard = false
        } else if let text = state.compose?.text, !text.allSatisfy(\.isWhitespace) {
            state.isConfirmingDiscard = true
        } else {
            state.compose = nil
            state.composeError = nil
            state.editingPostID = nil
            state.replyingTo = nil
            state.attachedPlace = nil
        }
        publish()
    }

    /// Enter: the post shows at once above the list (an edit in its row), marked as pending,
    /// and is sent; text the rules refuse keeps the field as typed with the reason, and so
    /// does a refusal by the store (the field opens again). Once stored, a new post is
    /// selected in the list.
    public func submitCompose() {
        if state.deleting != nil { return confirmDelete() }
        if state.isConfirmingDiscard {
            state.isConfirmingDiscard = false
            state.compose = nil
            state.composeError = nil
            state.editingPostID = nil
            state.replyingTo = nil
            state.attachedPlace = nil
            publish()
            return
        }
        guard let text = state.compose?.text, let uid else { return }
        let checked: String
        do {
            checked = try Validation.postText(text)
        } catch {
            state.composeError = ErrorText.describe(error)
            publish()
            return
        }
        if let id = state.editingPostID { return submitEdit(id, text: text, checked: checked, uid: uid) }
        let attached = state.attachedPlace
        if let parent = state.replyingTo {
            return submitReply(to: parent, text: text, checked: checked, attached: attached, uid: uid)
        }
        nextPostNumber += 1
        let localID = "sending-\(nextPostNumber)"
        var row = FeedRowModel(
            id: localID, displayName: author?.displayName ?? "", username: author?.username ?? "",
            caption: checked, timestamp: Date(), likes: 0, didLike: false, isPending: true,
            avatar: author?.avatar)
        // The place line shows at once under the caption, with the pending mark.
        row.place = attached
        posts.insert(PostIntent(row: row, storedID: nil), at: 0)
        state.compose = nil
        state.composeError = nil
        state.attachedPlace = nil
        rebuildRows()
        publish()
        let place = attached?.info
        writes.send(
            { [port] in try port.post(checked, place: place, uid: uid).id },
            then: { [weak self] result in self?.postAnswered(localID, text: text, attached: attached, result) })
    }

    /// The store's answer to a post: confirmed (selected in the list; shown above it until
    /// the list has it), or refused (gone, the field opens again as typed, a toast says why).
    private func postAnswered(
        _ localID: String, text: String, attached: PostPlaceLine?, _ result: Result<String, Error>
    ) {
        guard let index = posts.firstIndex(where: { $0.row.id == localID }) else { return }
        switch result {
        case .success(let storedID):
            if stored.contains(where: { $0.id == storedID }) {
                posts.remove(at: index)
            } else {
                posts[index].storedID = storedID
                posts[index].row.isPending = false
            }
            if state.mode == .all || state.mode == .following, profileUID == nil, placeOf == nil {
                paged.select(id: storedID)
            }
            onToast(Toast(tr(.toastPosted), kind: .success))
        case .failure(let error):
            posts.remove(at: index)
            let reason = WriteRefusal.reason(for: error)
            if uid != nil && state.compose == nil {
                state.compose = TextEditor(text, multiline: true)
                state.composeError = reason
                state.attachedPlace = attached
            }
            onToast(Toast(tr(.toastCouldNotPost, ["reason": reason]), kind: .error))
        }
        changed()
    }

    // MARK: Editing and deleting one's own posts

    /// The edit shows at once in its row, marked as pending, and is sent.
    private func submitEdit(_ id: String, text: String, checked: String, uid: String) {
        state.compose = nil
        state.composeError = nil
        state.editingPostID = nil
        edits[id] = EditIntent(text: checked, inFlight: (edits[id]?.inFlight ?? 0) + 1)
        rebuildRows()
        publish()
        let intent = WriteIntent.editPost(postID: id, text: checked)
        writes.send(
            { [port] in try port.write(intent, uid: uid) },
            then: { [weak self] result in self?.editAnswered(id, text: text, result) })
    }

    /// The store's answer to an edit: confirmed (the mark goes once the store shows it), or
    /// refused (the row shows the store's text again, the field opens again as typed, a
    /// toast says why).
    private func editAnswered(_ id: String, text: String, _ result: Result<Void, Error>) {
        guard var intent = edits[id] else { return }
        intent.inFlight -= 1
        edits[id] = intent
        switch result {
        case .success:
            if intent.inFlight == 0, stored.first(where: { $0.id == id })?.caption == intent.text { edits[id] = nil }
            onToast(Toast(tr(.toastPostEdited), kind: .success))
        case .failure(let error):
            if intent.inFlight == 0 { edits[id] = nil }
            let reason = WriteRefusal.reason(for: error)
            if uid != nil && state.compose == nil {
                state.compose = TextEditor(text, limit: Validation.postMaxLength, multiline: true)
                state.composeError = reason
                state.editingPostID = id
            }
            onToast(Toast(tr(.toastCouldNotEdit, ["reason": reason]), kind: .error))
        }
        rebuildRows()
        publish()
    }

    /// The selected post when it is the signed-in user's; otherwise a toast says why not.
    private func ownSelectedPost() -> FeedRowModel? {
        guard let row = state.selectedRow, !row.isPending, !row.isDeleted else { return nil }
        guard uid != nil else {
            onToast(Toast(SignInRequired(.editPosts).description, kind: .error))
            return nil
        }
        guard row.uid == uid else {
            onToast(Toast(ServiceError.notYourPost(row.id).description, kind: .error))
            return nil
        }
        return row
    }

    /// `e`: opens the selected post's text for editing (own posts only).
    public func startEditSelected() {
        guard let row = ownSelectedPost() else { return }
        state.compose = TextEditor(row.caption, limit: Validation.postMaxLength, multiline: true)
        state.composeError = nil
        state.editingPostID = row.id
        state.replyingTo = nil
        state.attachedPlace = nil
        publish()
    }

    /// `d`: asks before deleting the selected post (own posts only).
    public func askDeleteSelected() {
        guard let row = ownSelectedPost() else { return }
        state.deleting = row
        publish()
    }

    /// `y` (or Enter) after `d`: deletes the post and its likes. The row shows the pending
    /// mark until the store no longer lists it; a refusal clears the mark and a toast says why.
    public func confirmDelete() {
        guard let row = state.deleting, let uid else { return }
        let id = row.id
        state.deleting = nil
        deletions.insert(id)
        rebuildRows()
        publish()
        let intent = WriteIntent.deletePost(postID: id)
        writes.send(
            { [port] in try port.write(intent, uid: uid) },
            then: { [weak self] result in self?.deleteAnswered(id, result) })
    }

    /// The store's answer to a deletion: confirmed (the row goes once the store lists it no
    /// more), or refused (the mark goes, the row stays, a toast says why).
    private func deleteAnswered(_ id: String, _ result: Result<Void, Error>) {
        switch result {
        case .success:
            onToast(Toast(tr(.toastPostDeleted), kind: .success))
        case .failure(let error):
            deletions.remove(id)
            onToast(Toast(tr(.toastCouldNotDelete, ["reason": WriteRefusal.reason(for: error)]), kind: .error))
        }
        rebuildRows()
        publish()
    }

    /// `n` (or Esc) after `d`: keeps the post.
    public func keepPost() {
        guard state.deleting != nil else { return }
        state.deleting = nil
        publish()
    }

    private func publish() {
        paged.list = clamped(paged.list, count: state.rows.count)
        state.list = paged.list
        state.position = paged.position
        onChange(state)
    }
}

extension FeedViewModel: PagedScreen {
    public var selection: ListSelection { paged }
    public var listCount: Int { state.rows.count }
    public func selectionMoved() { changed() }

    public func pageItems(rows: Int) -> Int { rows / 4 }
    public func click(_ index: Int) { select(index) }

    public var isEditingText: Bool { state.compose != nil }
    public func edit(_ edit: TextEditor.Edit) { editCompose(edit) }
    public func submit() { submitCompose() }
    public func cancel() { cancelCompose() }
}
