import Domain
import Foundation
import Localization
import PlainText
import TerminalUI

/// What the Favorites screen shows: the folders with their counts, and a window of the
/// selected folder's places in its kept order.
public struct FavoritesState: Equatable, Sendable {
    public var isSignedIn = false
    /// The default folder first, then the others by name.
    public var folders: [FolderRow] = []
    public var folderIndex = 0
    /// The places of the selected folder held now, in its order: a window of at most
    /// `FavoritesViewModel.maxRows`, read as the selection nears either edge.
    public var items: [FavoritePlace] = []
    /// The selected place and the first one on screen, within `items`.
    public var list = ListState()
    /// Where the selection is in the whole folder (`120 / 20,000`).
    public var position = ListPosition(index: 0, total: 0)
    /// True while a page past the window is being read (a far server).
    public var isLoadingPage = false
    /// The favorite `u` would bring back, as it was before the removal; the footer offers
    /// `u` while there is one (until it is undone, another place is removed, or the user changes).
    public var undoable: FavoritePlace?
    /// The folder `u` would bring back, deleted while empty (until it is undone, another
    /// folder or place is removed, or the user changes).
    public var undoableFolder: FavoriteFolder?
    public var prompt: FavoritesPrompt?
    /// Places whose saved state the server has not confirmed (from the sync status).
    public var pendingPlaceIDs: Set<String> = []
    /// Follows of folders (`ownerUid:folderID`) the server has not confirmed.
    public var pendingFollowIDs: Set<String> = []

    public var selected: Int { list.selected }
    public var selectedRow: FolderRow? { folders.indices.contains(folderIndex) ? folders[folderIndex] : nil }
    public var selectedFolder: FavoriteFolder? { selectedRow?.folder }
    /// Whose the selected folder is when it is followed, nil when it is one's own.
    public var selectedOwner: FolderOwner? { selectedRow?.owner }
    /// One's own folders, without the followed ones: where places move, copy and save to.
    public var ownFolders: [FolderRow] { folders.filter { $0.owner == nil } }
    /// Whether `uid` follows `folderID` of `owner` here (the folder shows in the column).
    public func follows(ownerUID: String, folderID: String) -> Bool {
        folders.contains { $0.owner?.uid == ownerUID && $0.folder.id == folderID }
    }
    public var selectedItem: FavoritePlace? { items.indices.contains(selected) ? items[selected] : nil }
}

/// Favorites: live folders with their counts, and the selected folder's places read a
/// window at a time (`PagedList` over `FavoritePageSource`); folder and place edits,
/// remove with undo.
public final class FavoritesViewModel {
    /// Places read at a time and held at most: a folder of 20,000 places holds no more.
    public static let pageSize = 100
    public static let maxRows = 300

    public internal(set) var state = FavoritesState()
    public var onChange: (FavoritesState) -> Void = { _ in }
    public var onToast: (Toast) -> Void = { _ in }
    public var rowsInView = 10

    let port: FavoritesPort
    var uid: String?
    /// The folder listing. Its start may give every favorite saved by an older Tern its name
    /// key (seconds for 20,000), so it subscribes where passes run, off the loop's thread.
    private lazy var query = LiveQuery(
        name: "favorites", list: { tr(.tabFavorites) }, events: events,
        reads: writes.passReads, onToast: { [weak self] in self?.onToast($0) })
    /// The folders followed from other people, live: they follow one's own in the column.
    private lazy var followedQuery = LiveQuery(
        name: "favorites.followed", list: { tr(.tabFavorites) }, events: events,
        reads: writes.reads, onToast: { [weak self] in self?.onToast($0) })
    var followed = FollowedFolders()
    let paged: PagedList<FavoritePageSource>
    private let events: EventQueue
    let writes: StoreWrites
    var listing = FolderListing.empty
    /// A folder just created, selected as soon as the store reports it (callbacks may arrive later).
    var folderToSelect: String?
    /// The folder the undoable place was taken out of.
    var undoFolderID: String?

    /// `events` carries the retries of a subscription that could not start.
    public init(favorites: FavoritesPort, events: EventQueue = EventQueue(), writes: StoreWrites = .immediate()) {
        self.port = favorites
        self.events = events
        self.writes = writes
        var toast: (Toast) -> Void = { _ in }
        paged = PagedList(
            name: "favorites.places", title: { tr(.tabFavorites) }, events: events, reads: writes.reads,
            passReads: writes.passReads, pageSize: Self.pageSize, maxRows: Self.maxRows, onToast: { toast($0) })
        toast = { [weak self] in self?.onToast($0) }
        paged.onChange = { [weak self] in self?.placesChanged() }
    }

    public func setUser(_ uid: String?) {
        guard uid != self.uid || (uid != nil && !query.isSubscribed) else { return }
        query.cancel()
        followedQuery.cancel()
        paged.start(nil)
        self.uid = uid
        listing = .empty
        followed = FollowedFolders()
        state = FavoritesState(isSignedIn: uid != nil)
        if let uid {
            query.start { [port] live in
                try port.observeFolders(
                    uid: uid, live.deliver { [weak self] listing in self?.changed(listing) }, onError: live.onError)
            }
            followedQuery.start { [port] live in
                try port.observeFollowedFolders(
                    uid: uid, live.deliver { [weak self] followed in self?.followedChanged(followed) },
                    onError: live.onError)
            }
        }
        publish()
    }

    public func stop() {
        query.cancel()
        followedQuery.cancel()
        paged.stop()
    }

    /// The store moved to the team server's connection: the folders and the selected
    /// folder's places are read there again, what is shown kept until they arrive.
    public func resumeReads() {
        query.restart()
        followedQuery.restart()
        paged.restart()
    }

    /// The followed folders changed: the column shows them again, and a folder that was
    /// shown and is now gone or private leaves with a one-line notice.
    func followedChanged(_ followed: FollowedFolders) {
        let shown = state.folders.filter { $0.owner != nil }
        let left = Set(followed.left)
        let gone = shown.filter { row in row.followID.map(left.contains) ?? false }
        self.followed = followed
        changed(listing)
        for row in gone {
            onToast(Toast(tr(.toastFollowedFolderLeft, ["folder": row.shownName]), kind: .info))
        }
    }

    /// A followed folder is read-only: an edit key on one says whose it is, in one line.
    /// Returns whether the selected folder is followed (and so the edit was refused).
    func refusesFollowedFolder() -> Bool {
        guard let row = state.selectedRow, row.owner != nil else { return false }
        onToast(Toast.error(FavoritesError.followedFolderReadOnly(row.shownName)))
        return true
    }

    /// Rebuilds the folder column, keeping the selected folder when it still exists; the
    /// places are read again when the selected folder, its order or its kept positions changed.
    func changed(_ listing: FolderListing) {
        self.listing = listing
        let folderID = state.selectedFolder?.id
        let ownerID = state.selectedOwner?.uid
        state.folders =
            listing.folders.map { FolderRow(folder: $0, count: listing.count(in: $0.id)) }
            + followed.folders.map { FolderRow(folder: $0.folder, count: $0.places.count, owner: $0.owner) }
        if let name = folderToSelect.map(FavoriteText.folderKey),
            let index = state.folders.firstIndex(where: { FavoriteText.folderKey($0.folder.name) == name })
        {
            state.folderIndex = index
            folderToSelect = nil
        } else if let folderID,
            let index = state.folders.firstIndex(where: { $0.folder.id == folderID && $0.owner?.uid == ownerID })
        {
            state.folderIndex = index
        }
        state.folderIndex = FavoritesViewModel.clampedIndex(state.folderIndex, count: state.folders.count)
        followSelectedFolder()
        publish()
    }

    /// Starts reading the selected folder when the source no longer matches it: from its
    /// first place for another folder, around the selected place for a new order of the same.
    func followSelectedFolder() {
        let folder = state.selectedFolder
        let owner = state.selectedOwner
        let current = paged.source?.folder
        let sameOwner = paged.source?.owner?.uid == owner?.uid
        guard folder != current || !sameOwner || (folder != nil && !paged.isSubscribed) else { return }
        guard let folder, let uid else {
            paged.start(nil)
            return
        }
        let keep = current?.id == folder.id && sameOwner ? state.selectedItem : nil
        paged.start(FavoritePageSource(folder, owner: owner, uid: uid, port: port))
        if let keep { paged.reveal(keep) }
    }

    /// The window, its counts or the selection changed.
    func placesChanged() {
        state.items = paged.rows
        state.isLoadingPage = paged.isLoadingPage
        publish()
    }

    /// `]` / `[`: the next or previous folder, its first place selected.
    public func selectFolder(by delta: Int) {
        guard !state.folders.isEmpty else { return }
        state.folderIndex = (state.folderIndex + delta + state.folders.count) % state.folders.count
        followSelectedFolder()
        publish()
    }

    /// `o`: the next order for this folder (newest, name, distance, manual), kept with it.
    public func cycleOrder() {
        guard !refusesFollowedFolder(), let folder = state.selectedFolder else { return }
        let sort = folder.sort.next
        if perform(.setSort(folderID: folder.id, sort: sort)) {
            onToast(Toast(tr(.toastOrder, ["order": sort.label]), kind: .info))
        }
    }

    /// `K` / `J`: moves the selected place up or down; the folder keeps the person's order.
    /// The place stays selected where the folder's new order puts it.
    public func moveSelectedItem(by offset: Int) {
        guard !refusesFollowedFolder(), let folder = state.selectedFolder, let item = state.selectedItem else { return }
        let target = state.position.index + offset
        guard target >= 0, target < state.position.total, target != state.position.index else { return }
        perform(.moveManually(placeID: item.placeID, folderID: folder.id, by: offset))
    }

    /// `s` / `x`: takes the selected place out of this folder (out of its last one, it is
    /// no longer saved); the toast offers `u` to undo.
    public func removeSelected() {
        guard uid != nil else {
            onToast(Toast.signIn(.removeFavorites))
            return
        }
        guard !refusesFollowedFolder(), let folder = state.selectedFolder, let item = state.selectedItem else {
            return
        }
        // Gone from the list at once; a refusal brings it back.
        paged.hide(item.placeID)
        guard perform(.removeFromFolder(placeID: item.placeID, folderID: folder.id)) else {
            paged.unhide(item.placeID)
            return
        }
        state.undoable = item
        state.undoableFolder = nil
        undoFolderID = folder.id
        publish()
        onToast(Toast(tr(.toastFavoriteRemoved, ["place": item.placeName]), kind: .info))
    }

    /// `u`: brings back the last removed favorite as it was (folders, memo, saved time, so its
    /// old place in the order), in the folder it was taken from, selected.
    public func undo() {
        if let folder = state.undoableFolder {
            undoFolderDeletion(folder)
            return
        }
        guard let item = state.undoable else { return }
        guard perform(.restore(item)) else { return }
        state.undoable = nil
        if let folderID = undoFolderID, let index = state.folders.firstIndex(where: { $0.folder.id == folderID }),
            index != state.folderIndex
        {
            state.folderIndex = index
            followSelectedFolder()
        }
        undoFolderID = nil
        paged.reveal(item)
        onToast(Toast(tr(.toastFavoriteRestored, ["place": item.placeName]), kind: .success))
        publish()
    }

    /// The paths the sync status lists as unconfirmed: this user's favorites among them show
    /// the pending mark.
    public func setPendingPaths(_ paths: Set<String>) {
        guard let uid else { return }
        let prefix = SyncPaths.favorite(placeID: "", uid: uid)
        let ids = Set(paths.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) })
        let follows = SyncPaths.folderFollow(followID: "", uid: uid)
        let followIDs = Set(paths.filter { $0.hasPrefix(follows) }.map { String($0.dropFirst(follows.count)) })
        guard ids != state.pendingPlaceIDs || followIDs != state.pendingFollowIDs else { return }
        state.pendingPlaceIDs = ids
        state.pendingFollowIDs = followIDs
        publish()
    }

    /// Asks the store for `edit`; a refusal becomes an error toast. Returns whether it was
    /// done or is on its way (a team server's refusal arrives later, as a toast).
    @discardableResult
    func perform(_ edit: FavoritesEdit) -> Bool {
        guard let uid else {
            onToast(Toast.signIn(.saveFavorites))
            return false
        }
        if let refusal = send(edit, uid: uid) {
            onToast(Toast(refusal, kind: .error))
            return false
        }
        return true
    }

    /// Sends `edit` through the store writes. Returns the refusal when it is known at once
    /// (the embedded store answers before this returns), nil when the edit was done or is on
    /// its way; a refusal that arrives later shows a hidden removal again and becomes an
    /// error toast.
    func send(_ edit: FavoritesEdit, uid: String) -> String? {
        var refusal: String?
        var returned = false
        writes.send(
            { [port] in try port.edit(edit, uid: uid) },
            then: { [weak self] result in
                guard case .failure(let error) = result else { return }
                let reason = WriteRefusal.reason(for: error)
                guard returned, let self else {
                    refusal = reason
                    return
                }
                if case .removeFromFolder(let placeID, _) = edit { self.paged.unhide(placeID) }
                self.onToast(Toast(reason, kind: .error))
            })
        returned = true
        return refusal
    }

    /// `index` kept inside `0..<count` the way the list keys keep a selection.
    static func clampedIndex(_ index: Int, count: Int) -> Int {
        var list = ListState()
        list.select(index, count: count)
        return list.selected
    }

    func publish() {
        paged.list = clamped(paged.list, count: state.items.count)
        state.list = paged.list
        state.position = paged.position
        onChange(state)
    }
}

extension FavoriteSort {
    /// How the title and toasts name the order.
    public var label: String {
        switch self {
        case .newest: return tr(.sortNewest)
        case .name: return tr(.sortName)
        case .distance: return tr(.sortDistance)
        case .manual: return tr(.sortManual)
        }
    }
}

extension FavoritesViewModel: PagedScreen {
    public var selection: ListSelection { paged }
    public var listCount: Int { state.items.count }
    public func selectionMoved() { placesChanged() }

    public func pageItems(rows: Int) -> Int { rows }
    public func click(_ index: Int) { select(index) }

    /// The folder-name and memo forms are the screen's text fields.
    public var isEditingText: Bool {
        switch state.prompt {
        case .folderName, .memo: return true
        default: return false
        }
    }

    public func edit(_ edit: TextEditor.Edit) { editPrompt(edit) }
    public func submit() { submitPrompt() }
    public func cancel() { cancelPrompt() }
}
