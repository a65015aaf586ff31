import Domain
import Foundation
import Localization
import PlainText
import TerminalUI

/// What the Favorites screen shows.
public struct FavoritesState: Equatable, Sendable {
    public var isSignedIn = false
    /// Newest first.
    public var items: [FavoritePlace] = []
    /// The selected favorite and the first one on screen.
    public var list = ListState()
    /// The favorite `u` would bring back.
    public var undoable: FavoritePlace?

    public var selected: Int { list.selected }
    public var selectedItem: FavoritePlace? { items.indices.contains(selected) ? items[selected] : nil }
}

/// Favorites: live from the store, remove with undo.
public final class FavoritesViewModel {
    public private(set) var state = FavoritesState()
    public var onChange: (FavoritesState) -> Void = { _ in }
    public var onToast: (Toast) -> Void = { _ in }
    public var rowsInView = 10

    private let port: FavoritesPort
    private var uid: String?
    private lazy var query = LiveQuery(name: "favorites", list: { tr(.tabFavorites) }, events: events,
                                       onToast: { [weak self] in self?.onToast($0) })
    private let events: EventQueue

    /// `events` carries the retries of a subscription that could not start.
    public init(favorites: FavoritesPort, events: EventQueue = EventQueue()) {
        self.port = favorites
        self.events = events
    }

    public func setUser(_ uid: String?) {
        guard uid != self.uid || (uid != nil && !query.isSubscribed) else { return }
        query.cancel()
        self.uid = uid
        state = FavoritesState(isSignedIn: uid != nil)
        if let uid {
            query.start { [port] onError in
                try port.observeFavorites(uid: uid, { [weak self] items in self?.changed(items) }, onError: onError)
            }
        }
        publish()
    }

    public func stop() {
        query.cancel()
    }

    private func changed(_ items: [FavoritePlace]) {
        let selectedID = state.selectedItem?.placeID
        state.items = items.sorted { ($0.savedAt, $0.placeID) > ($1.savedAt, $1.placeID) }
        if let selectedID, let index = state.items.firstIndex(where: { $0.placeID == selectedID }) {
            state.list.selected = index
        }
        publish()
    }



    /// `s` / `x`: removes the selected favorite; the toast offers `u` to undo.
    public func removeSelected() {
        guard let uid else {
            onToast(Toast(SignInRequired(.removeFavorites).description, kind: .error))
            return
        }
        guard let item = state.selectedItem else { return }
        do {
            try port.removeFavorite(placeID: item.placeID, uid: uid)
            state.items.removeAll { $0.placeID == item.placeID }
            state.undoable = item
            publish()
            onToast(Toast(tr(.toastFavoriteRemoved, ["place": item.placeName]), kind: .info))
        } catch {
            onToast(Toast(tr(.toastCouldNotRemove, ["place": item.placeName, "reason": ErrorText.describe(error)]), kind: .error))
        }
    }

    /// `u`: saves the last removed favorite again, with its original time.
    public func undo() {
        guard let uid, let item = state.undoable else { return }
        do {
            try port.saveFavorite(item, uid: uid)
            state.undoable = nil
            onToast(Toast(tr(.toastFavoriteRestored, ["place": item.placeName]), kind: .success))
            publish()
        } catch {
            onToast(Toast(tr(.toastCouldNotRestore, ["place": item.placeName, "reason": ErrorText.describe(error)]), kind: .error))
        }
    }

    /// Forgets the undo offer (when its toast goes away).
    public func dropUndo() {
        guard state.undoable != nil else { return }
        state.undoable = nil
        publish()
    }

    private func publish() {
        state.list = clamped(state.list, count: state.items.count)
        onChange(state)
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

    /// Favorites has no text field.
    public var isEditingText: Bool { false }
    public func edit(_ edit: TextEditor.Edit) {}
    public func submit() {}
    public func cancel() {}
}
