import Domain
import Foundation
import Localization
import PlainText
import TerminalUI

/// Another person's shared folders, listed on their profile, and the one opened read-only.
public struct OthersFoldersState: Equatable, Sendable {
    public var isSignedIn = false
    /// The shared folders with their places; nil until read.
    public var folders: [SharedFolder]?
    /// The selected folder of the list.
    public var list = ListState()
    /// The open folder as the Favorites screen draws it (one folder, its places in the
    /// order chosen here); nil while the list shows.
    public var open: FavoritesState?
    /// Whether the viewer follows the open folder as shown (a follow or unfollow on its way
    /// included); nil while none is open.
    public var openFollowed: Bool?
    /// True while the open folder's follow or unfollow is unconfirmed: the pending mark.
    public var followPending = false

    public var selectedFolder: SharedFolder? {
        guard let folders, folders.indices.contains(list.selected) else { return nil }
        return folders[list.selected]
    }
}

/// The shared folders of a profile's person, read as `tern favorites list --user` reads them
/// (off the loop on a team server), read again every few seconds while the profile is open:
/// a folder that became private or was deleted leaves with a toast. Enter opens one
/// read-only; `o` changes its order for this view only.
public final class OthersFoldersViewModel: ScreenModel {
    /// Seconds between two reads of the folders while they show.
    public static let refreshInterval: TimeInterval = 2

    public private(set) var state = OthersFoldersState()
    public var onChange: () -> Void = {}
    public var onToast: (Toast) -> Void = { _ in }
    public var rowsInView = 10

    private let owner: String
    private let port: FavoritesPort?
    private let reads: StoreReads
    private let writes: StoreWrites
    private let events: EventQueue
    /// Whether the viewer follows the owner's folder (its id) as the store last said: the
    /// Favorites screen's followed folders, which the app gives here.
    public var isFollowing: (String) -> Bool = { _ in false }
    /// The follow or unfollow last asked for each folder, until the store agrees.
    private var followIntent: [String: Bool] = [:]
    private var followsInFlight = 0
    private var viewer: String?
    private var isStarted = false
    /// The order of the open folder, as `o` set it.
    private var sort: FavoriteSort = .newest

    public init(
        owner: String, port: FavoritesPort?, events: EventQueue, reads: StoreReads, writes: StoreWrites = .immediate()
    ) {
        self.owner = owner
        self.port = port
        self.events = events
        self.reads = reads
        self.writes = writes
    }

    private var timer: TimerID { .named("others.folders." + owner) }

    /// Reads the folders as `viewer` (nil: signed out, nothing is read).
    public func start(viewer: String?) {
        self.viewer = viewer
        state = OthersFoldersState(isSignedIn: viewer != nil)
        isStarted = true
        refresh()
    }

    public func stop() {
        isStarted = false
        reads.cancel(.othersFolders)
        events.cancelTimer(timer)
    }

    /// Reads the folders again now (and then every `refreshInterval` seconds).
    public func refresh() {
        guard isStarted, let viewer, let port else { return }
        reads.read(
            .othersFolders, { [owner] in try port.sharedFolders(of: owner, uid: viewer) },
            then: { [weak self] in self?.loaded($0) })
    }

    private func loaded(_ result: Result<[SharedFolder], Error>) {
        guard isStarted else { return }
        switch result {
        case .success(let folders):
            state.folders = folders
            state.list = clamped(state.list, count: folders.count)
            if let open = state.open?.selectedFolder {
                if let folder = folders.first(where: { $0.folder.id == open.id }) {
                    show(folder)
                } else {
                    state.open = nil
                    state.openFollowed = nil
                    state.followPending = false
                    onToast(Toast(tr(.toastOthersFolderGone, ["folder": open.shownName]), kind: .info))
                }
            }
        case .failure(let error):
            if state.folders == nil { state.folders = [] }
            onToast(Toast(tr(.toastOthersFoldersUnreadable, ["reason": WriteRefusal.reason(for: error)]), kind: .error))
        }
        onChange()
        events.schedule(timer, after: Self.refreshInterval) { [weak self] in self?.refresh() }
    }

    /// Enter on a folder of the list: opens it read-only, in its owner's order.
    public func openSelected() {
        guard state.open == nil, let folder = state.selectedFolder else { return }
        sort = folder.folder.sort
        state.open = FavoritesState(isSignedIn: true)
        show(folder)
        showFollowState()
        onChange()
    }

    /// Esc in an open folder: back to the list of folders.
    public func close() {
        guard state.open != nil else { return }
        state.open = nil
        state.openFollowed = nil
        state.followPending = false
        onChange()
    }

    /// `F` in an open folder: follows it (it joins the viewer's Favorites, live and
    /// read-only) or stops following it, shown at once with the pending mark and sent
    /// through the one write path; a refusal shows the store's state again with a toast.
    public func toggleFollowOpen() {
        guard let viewer, let port else {
            onToast(Toast.signIn(.follow))
            return
        }
        guard let folder = state.open?.selectedFolder else { return }
        let follow = !(state.openFollowed ?? isFollowing(folder.id))
        followIntent[folder.id] = follow
        followsInFlight += 1
        showFollowState()
        onChange()
        let intent: WriteIntent =
            follow
            ? .followFolder(ownerUID: owner, folderID: folder.id)
            : .unfollowFolder(ownerUID: owner, folderID: folder.id)
        let name = folder.shownName
        writes.send(
            { try port.write(intent, uid: viewer) },
            then: { [weak self] result in self?.followAnswered(follow, folderID: folder.id, name: name, result) })
    }

    private func followAnswered(_ follow: Bool, folderID: String, name: String, _ result: Result<Void, Error>) {
        followsInFlight -= 1
        switch result {
        case .failure(let error):
            if followsInFlight == 0 { followIntent[folderID] = nil }
            onToast(Toast(WriteRefusal.reason(for: error), kind: .error))
        case .success:
            onToast(Toast(tr(follow ? .toastFolderFollowed : .toastFolderUnfollowed, ["folder": name]), kind: .success))
        }
        followingChanged()
    }

    /// The store's follows changed (the Favorites screen's followed folders): an intent the
    /// store now agrees with is done.
    public func followingChanged() {
        for (id, follow) in followIntent where followsInFlight == 0 && isFollowing(id) == follow {
            followIntent[id] = nil
        }
        guard state.open != nil else { return }
        showFollowState()
        onChange()
    }

    private func showFollowState() {
        guard let id = state.open?.selectedFolder?.id else { return }
        state.openFollowed = followIntent[id] ?? isFollowing(id)
        state.followPending = followIntent[id] != nil
    }

    public var isOpen: Bool { state.open != nil }

    /// The selected place of the open folder.
    public var selectedPlace: FavoritePlace? { state.open?.selectedItem }

    /// `o` in an open folder: the next order (newest, name, distance, the owner's), here only.
    public func cycleOrder() {
        guard let id = state.open?.selectedFolder?.id,
            let folder = state.folders?.first(where: { $0.folder.id == id })
        else { return }
        sort = sort.next
        show(folder)
        onToast(Toast(tr(.toastOrder, ["order": sort.label]), kind: .info))
        onChange()
    }

    /// Fills the open folder's state from `shared`, keeping the selected place.
    private func show(_ shared: SharedFolder) {
        guard var open = state.open, let port else { return }
        var folder = shared.folder
        folder.sort = sort
        let kept = open.selectedItem?.placeID
        let items = FavoriteOrder.sorted(
            shared.places, by: sort, home: port.home,
            manualOrder: shared.folder.manualOrder)
        open.folders = [FolderRow(folder: folder, count: items.count)]
        open.folderIndex = 0
        open.items = items
        var list = open.list
        if let kept, let index = items.firstIndex(where: { $0.placeID == kept }) { list.selected = index }
        open.list = clamped(list, count: items.count)
        open.position = ListPosition(index: open.list.selected, total: items.count)
        state.open = open
    }

    // MARK: ScreenModel

    public var list: ListState { state.open?.list ?? state.list }
    public var listCount: Int { state.open?.items.count ?? state.folders?.count ?? 0 }
    public var listPosition: ListPosition { ListPosition(index: list.selected, total: listCount) }

    public func storeList(_ list: ListState, publish: Bool) {
        if var open = state.open {
            open.list = list
            open.position = ListPosition(index: list.selected, total: open.items.count)
            state.open = open
        } else {
            state.list = list
        }
        if publish { onChange() }
    }

    public func pageItems(rows: Int) -> Int { rows }
    public func click(_ index: Int) { select(index) }
    public var isEditingText: Bool { false }
    public func edit(_ edit: TextEditor.Edit) {}
    public func submit() { openSelected() }
    public func cancel() { close() }
}

extension WorkLane {
    /// Another person's shared folders: the newest read wins.
    public static let othersFolders = WorkLane("others.folders", policy: .latestOnly)
}

extension FavoritePlace {
    /// What saving this place into one's own folder copies.
    public var favoriteCandidate: FavoriteCandidate {
        FavoriteCandidate(
            placeID: placeID, placeName: placeName, address: address, coordinate: coordinate, category: category,
            phone: phone, roadAddress: roadAddress, url: url)
    }
}
