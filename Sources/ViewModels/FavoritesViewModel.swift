import Domain
import Foundation
import Localization
import PlainText
import TerminalUI

/// What the Favorites screen shows: the folders with their counts, and the places of the
/// selected folder in its kept order.
public struct FavoritesState: Equatable, Sendable {
    public var isSignedIn = false
    /// The default folder first, then the others by name.
    public var folders: [FolderRow] = []
    public var folderIndex = 0
    /// The selected folder's places, in its order.
    public var items: [FavoritePlace] = []
    /// The selected place and the first one on screen.
    public var list = ListState()
    /// The favorite `u` would bring back, as it was before the removal; the footer offers
    /// `u` while there is one (until it is undone, another place is removed, or the user changes).
    public var undoable: FavoritePlace?
    public var prompt: FavoritesPrompt?
    /// Places whose saved state the server has not confirmed (from the sync status).
    public var pendingPlaceIDs: Set<String> = []

    public var selected: Int { list.selected }
    public var selectedFolder: FavoriteFolder? { folders.indices.contains(folderIndex) ? folders[folderIndex].folder : nil }
    public var selectedItem: FavoritePlace? { items.indices.contains(selected) ? items[selected] : nil }
}

/// Favorites: live folders and places from the store; folder and place edits, remove with undo.
public final class FavoritesViewModel {
    public internal(set) var state = FavoritesState()
    public var onChange: (FavoritesState) -> Void = { _ in }
    public var onToast: (Toast) -> Void = { _ in }
    public var rowsInView = 10

    let port: FavoritesPort
    var uid: String?
    private lazy var query = LiveQuery(name: "favorites", list: { tr(.tabFavorites) }, events: events, reads: writes.reads,
                                       onToast: { [weak self] in self?.onToast($0) })
    private let events: EventQueue
    let writes: StoreWrites
    /// Places taken out of a folder before the store shows it: place id → folder id.
    var removing: [String: String] = [:]
    var snapshot = FavoritesSnapshot.empty
    /// A folder just created, selected as soon as the store reports it (callbacks may arrive later).
    var folderToSelect: String?
    /// The folder the undoable place was taken out of, and a place just brought back, selected
    /// as soon as the store reports it.
    var undoFolderID: String?
    var placeToSelect: String?

    /// `events` carries the retries of a subscription that could not start.
    public init(favorites: FavoritesPort, events: EventQueue = EventQueue(), writes: StoreWrites = .immediate()) {
        self.port = favorites
        self.events = events
        self.writes = writes
    }

    public func setUser(_ uid: String?) {
        guard uid != self.uid || (uid != nil && !query.isSubscribed) else { return }
        query.cancel()
        self.uid = uid
        snapshot = .empty
        state = FavoritesState(isSignedIn: uid != nil)
        if let uid {
            query.start { [port] live in
                try port.observeFolders(uid: uid, live.deliver { [weak self] snapshot in self?.changed(snapshot) }, onError: live.onError)
            }
        }
        publish()
    }

    public func stop() {
        query.cancel()
    }

    /// The store moved to the team server's connection: the folders are read there again,
    /// the ones shown kept until they arrive.
    public func resumeReads() {
        query.restart()
    }

    /// Rebuilds the folder column and the selected folder's places, keeping the selected
    /// folder and place when they still exist.
    func changed(_ snapshot: FavoritesSnapshot) {
        self.snapshot = snapshot
        let folderID = state.selectedFolder?.id
        let placeID = state.selectedItem?.placeID
        state.folders = snapshot.folders.map { FolderRow(folder: $0, count: snapshot.count(in: $0)) }
        if let name = folderToSelect.map(FavoriteText.folderKey),
           let index = state.folders.firstIndex(where: { FavoriteText.folderKey($0.folder.name) == name }) {
            state.folderIndex = index
            state.list = ListState()
            folderToSelect = nil
        } else if let folderID, let index = state.folders.firstIndex(where: { $0.folder.id == folderID }) {
            state.folderIndex = index
        }
        state.folderIndex = FavoritesViewModel.clampedIndex(state.folderIndex, count: state.folders.count)
        // A removal on its way hides its place at once; the store's answer ends the hiding.
        removing = removing.filter { placeID, folderID in
            snapshot.favorite(placeID: placeID)?.folders.contains(folderID) ?? false
        }
        state.items = state.selectedFolder.map { folder in
            snapshot.places(in: folder, home: port.home).filter { removing[$0.placeID] != folder.id }
        } ?? []
        if let restored = placeToSelect, let index = state.items.firstIndex(where: { $0.placeID == restored }) {
            state.list.selected = index
            placeToSelect = nil
        } else if let placeID, let index = state.items.firstIndex(where: { $0.placeID == placeID }) {
            state.list.selected = index
        }
        publish()
    }

    /// `]` / `[`: the next or previous folder, its first place selected.
    public func selectFolder(by delta: Int) {
        guard !state.folders.isEmpty else { return }
        state.folderIndex = (state.folderIndex + delta + state.folders.count) % state.folders.count
        state.list = ListState()
        changed(snapshot)
    }

    /// `o`: the next order for this folder (newest, name, distance, manual), kept with it.
    public func cycleOrder() {
        guard let folder = state.selectedFolder else { return }
        let sort = folder.sort.next
        if perform(.setSort(folderID: folder.id, sort: sort)) { onToast(Toast(tr(.toastOrder, ["order": sort.label]), kind: .info)) }
    }

    /// `K` / `J`: moves the selected place up or down; the folder keeps the person's order.
    public func moveSelectedItem(by offset: Int) {
        guard let folder = state.selectedFolder, let item = state.selectedItem else { return }
        let target = FavoritesViewModel.clampedIndex(state.selected + offset, count: state.items.count)
        guard target != state.selected else { return }
        if perform(.moveManually(placeID: item.placeID, folderID: folder.id, by: offset)) {
            state.list.selected = target
            publish()
        }
    }

    /// `s` / `x`: takes the selected place out of this folder (out of its last one, it is
    /// no longer saved); the toast offers `u` to undo.
    public func removeSelected() {
        guard uid != nil else {
            onToast(Toast.signIn(.removeFavorites))
            return
        }
        guard let folder = state.selectedFolder, let item = state.selectedItem else { return }
        removing[item.placeID] = folder.id
        guard perform(.removeFromFolder(placeID: item.placeID, folderID: folder.id)) else {
            removing[item.placeID] = nil
            return
        }
        changed(snapshot)
        state.undoable = item
        undoFolderID = folder.id
        publish()
        onToast(Toast(tr(.toastFavoriteRemoved, ["place": item.placeName]), kind: .info))
    }

    /// `u`: brings back the last removed favorite as it was (folders, memo, saved time, so its
    /// old place in the order), in the folder it was taken from, selected.
    public func undo() {
        guard let item = state.undoable else { return }
        guard perform(.restore(item)) else { return }
        state.undoable = nil
        placeToSelect = item.placeID
        if let folderID = undoFolderID, let index = state.folders.firstIndex(where: { $0.folder.id == folderID }),
           index != state.folderIndex {
            state.folderIndex = index
            state.list = ListState()
        }
        undoFolderID = nil
        onToast(Toast(tr(.toastFavoriteRestored, ["place": item.placeName]), kind: .success))
        changed(snapshot)
    }

    /// The paths the sync status lists as unconfirmed: this user's favorites among them show
    /// the pending mark.
    public func setPendingPaths(_ paths: Set<String>) {
        guard let uid else { return }
        let prefix = SyncPaths.favorite(placeID: "", uid: uid)
        let ids = Set(paths.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) })
        guard ids != state.pendingPlaceIDs else { return }
        state.pendingPlaceIDs = ids
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
    /// its way; a refusal that arrives later undoes the hiding of a removal and becomes an
    /// error toast.
    func send(_ edit: FavoritesEdit, uid: String) -> String? {
        var refusal: String?
        var returned = false
        writes.send({ [port] in try port.edit(edit, uid: uid) }, then: { [weak self] result in
            guard case .failure(let error) = result else { return }
            let reason = WriteRefusal.reason(for: error)
            guard returned, let self else {
                refusal = reason
                return
            }
            if case .removeFromFolder(let placeID, _) = edit { self.removing[placeID] = nil }
            self.changed(self.snapshot)
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
        state.list = clamped(state.list, count: state.items.count)
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

extension FavoritesViewModel: ScreenModel {
    public var list: ListState { state.list }
    public var listCount: Int { state.items.count }

    public func storeList(_ list: ListState, publish: Bool) {
        state.list = list
        if publish { self.publish() }
    }

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
