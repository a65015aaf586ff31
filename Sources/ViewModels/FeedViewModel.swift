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
    /// The author's uid: whose profile Enter opens, and whether the viewer may edit the post.
    public var uid: String

    public init(id: String, displayName: String, username: String, caption: String, timestamp: Date,
                likes: Int, didLike: Bool, uid: String = "") {
        self.id = id
        self.uid = uid
        self.displayName = displayName
        self.username = username
        self.caption = caption
        self.timestamp = timestamp
        self.likes = likes
        self.didLike = didLike
    }

    public init(_ post: FeedPost) {
        self.init(id: post.id, displayName: post.displayName, username: post.username,
                  caption: post.caption, timestamp: post.timestamp, likes: post.likes, didLike: post.didLike, uid: post.uid)
    }
}

/// All posts, or the ones the user liked.
public enum FeedMode: Equatable, Sendable {
    case all, liked

    public var title: String { tr(self == .all ? .feedModeAll : .feedModeLiked) }
}

/// What the Feed screen shows.
public struct FeedState: Equatable, Sendable {
    public var isSignedIn = false
    public var mode = FeedMode.all
    public var rows: [FeedRowModel] = []
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
    /// Whether the signed-in user's profile has a display name and a username: posting
    /// needs both.
    public var isProfileFinished = true
    /// The author whose posts this feed shows (an author's profile), nil for the Feed tab.
    public let author: String?

    private let port: FeedPort
    private var uid: String?
    /// The window of the feed held (a few pages of it), read on as the selection nears an edge.
    public let paged: PagedList<FeedPageSource>
    private var stored: [FeedRowModel] = []
    /// Likes sent but not yet seen in the store: post id → liked.
    private var pending: [String: Bool] = [:]

    /// `events` carries the retries of a subscription that could not start.
    public init(feed: FeedPort, events: EventQueue = EventQueue(), pageSize: Int = 100, author: String? = nil) {
        self.port = feed
        self.author = author
        var toast: (Toast) -> Void = { _ in }
        paged = PagedList(name: author == nil ? "feed" : "author.posts", title: { tr(.tabFeed) }, events: events,
                          pageSize: pageSize, maxRows: 3 * pageSize, onToast: { toast($0) })
        toast = { [weak self] in self?.onToast($0) }
        paged.onChange = { [weak self] in self?.changed() }
    }

    /// Starts (or restarts) the subscription for `uid` (nil: signed out).
    public func setUser(_ uid: String?) {
        guard uid != self.uid || !paged.isSubscribed else { return }
        self.uid = uid
        state.isSignedIn = uid != nil
        if uid == nil {
            state.compose = nil
            state.editingPostID = nil
            state.deleting = nil
        }
        subscribe()
    }

    public func stop() {
        paged.stop()
    }

    private func subscribe() {
        pending = [:]
        stored = []
        state.rows = []
        let signedOutLiked = state.mode == .liked && uid == nil && author == nil
        let kind = author.map { FeedKind.author(uid: $0) } ?? (state.mode == .all ? FeedKind.all : .liked)
        paged.start(signedOutLiked ? nil : FeedPageSource(kind, viewer: uid, port: port))
        changed()
    }

    /// The window, its counts or the selection changed.
    private func changed() {
        state.list = paged.list
        stored = paged.rows.map(FeedRowModel.init)
        let storedLikes = Dictionary(stored.map { ($0.id, $0.didLike) }, uniquingKeysWith: { a, _ in a })
        // The store has spoken: keep only the optimistic likes it does not show yet.
        pending = pending.filter { entry in
            guard let liked = storedLikes[entry.key] else { return false }
            return liked != entry.value
        }
        state.isLoaded = paged.isLoaded
        rebuildRows()
        publish()
    }

    private func rebuildRows() {
        state.rows = stored.map { row in
            guard let liked = pending[row.id], liked != row.didLike else { return row }
            var copy = row
            copy.didLike = liked
            copy.likes = max(0, row.likes + (liked ? 1 : -1))
            return copy
        }
    }

    // MARK: List

    /// `v`: All ↔ Liked.
    public func toggleMode() {
        guard author == nil else { return }
        state.mode = state.mode == .all ? .liked : .all
        if state.mode == .liked && uid == nil {
            onToast(Toast(SignInRequired(.viewLikedPosts).description, kind: .error))
        }
        subscribe()
    }

    /// `l`: hearts or un-hearts the selected post, shown at once and confirmed by the store.
    public func toggleLike() {
        guard let row = state.selectedRow else { return }
        guard let uid else {
            onToast(Toast(SignInRequired(.likePosts).description, kind: .error))
            return
        }
        let like = !row.didLike
        pending[row.id] = like
        rebuildRows()
        publish()
        do {
            if like { try port.like(tweetID: row.id, uid: uid) } else { try port.unlike(tweetID: row.id, uid: uid) }
        } catch {
            pending[row.id] = nil
            rebuildRows()
            publish()
            onToast(Toast(tr(like ? .toastCouldNotLike : .toastCouldNotUnlike, ["reason": ErrorText.describe(error)]), kind: .error))
        }
    }

    // MARK: Compose

    /// `n`: opens the compose field.
    public func startCompose() {
        guard uid != nil else {
            onToast(Toast(SignInRequired(.post).description, kind: .error))
            return
        }
        guard isProfileFinished else {
            onToast(Toast(ServiceError.profileNotFinished.description, kind: .error))
            return
        }
        state.compose = TextEditor()
        state.composeError = nil
        state.editingPostID = nil
        publish()
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
        }
        publish()
    }

    /// Enter: posts the text; on a refusal the field stays as typed with the reason.
    public func submitCompose() {
        if state.deleting != nil { return confirmDelete() }
        if state.isConfirmingDiscard {
            state.isConfirmingDiscard = false
            state.compose = nil
            state.composeError = nil
            publish()
            return
        }
        guard let text = state.compose?.text, let uid else { return }
        do {
            let checked = try Validation.postText(text)
            let edited = state.editingPostID != nil
            if let id = state.editingPostID {
                try port.edit(tweetID: id, text: checked, uid: uid)
            } else {
                let tweet = try port.post(checked, uid: uid)
                if state.mode == .all && author == nil { paged.select(id: tweet.id) }
            }
            state.compose = nil
            state.composeError = nil
            state.editingPostID = nil
            publish()
            onToast(Toast(tr(edited ? .toastPostEdited : .toastPosted), kind: .success))
        } catch {
            state.composeError = ErrorText.describe(error)
            publish()
        }
    }

    // MARK: Editing and deleting one's own posts

    /// The selected post when it is the signed-in user's; otherwise a toast says why not.
    private func ownSelectedPost() -> FeedRowModel? {
        guard let row = state.selectedRow else { return nil }
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
        state.compose = TextEditor(row.caption, limit: Validation.postMaxLength)
        state.composeError = nil
        state.editingPostID = row.id
        publish()
    }

    /// `d`: asks before deleting the selected post (own posts only).
    public func askDeleteSelected() {
        guard let row = ownSelectedPost() else { return }
        state.deleting = row
        publish()
    }

    /// `y` (or Enter) after `d`: deletes the post and its likes.
    public func confirmDelete() {
        guard let row = state.deleting, let uid else { return }
        state.deleting = nil
        publish()
        do {
            try port.delete(tweetID: row.id, uid: uid)
            onToast(Toast(tr(.toastPostDeleted), kind: .success))
        } catch {
            onToast(Toast(tr(.toastCouldNotDelete, ["reason": ErrorText.describe(error)]), kind: .error))
        }
    }

    /// `n` (or Esc) after `d`: keeps the post.
    public func keepPost() {
        guard state.deleting != nil else { return }
        state.deleting = nil
        publish()
    }

    private func publish() {
        state.list = clamped(state.list, count: state.rows.count)
        paged.list = state.list
        state.position = paged.position
        onChange(state)
    }
}

extension FeedViewModel: ScreenModel {
    public var list: ListState { state.list }
    public var listCount: Int { state.rows.count }

    public var listPosition: ListPosition { paged.position }

    public func storeList(_ list: ListState, publish: Bool) {
        paged.list = list
        state.list = list
        guard publish else { return }
        paged.selectionMoved()
        changed()
    }

    public func moveSelection(by delta: Int) { paged.move(by: delta); changed() }
    public func selectFirst() { paged.selectFirst(); changed() }
    public func selectLast() { paged.selectLast(); changed() }

    public func pageItems(rows: Int) -> Int { rows / 4 }
    public func click(_ index: Int) { select(index) }

    public var isEditingText: Bool { state.compose != nil }
    public func edit(_ edit: TextEditor.Edit) { editCompose(edit) }
    public func submit() { submitCompose() }
    public func cancel() { cancelCompose() }
}
