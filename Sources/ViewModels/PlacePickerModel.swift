import Domain
import Foundation
import Localization
import PlaceCatalog
import PlainText
import TerminalUI

/// One row of the place picker: the attached place's removal, or a place from the
/// favorites, the catalog or an online provider.
public struct PlacePickerRow: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// Takes the attached place off the post (the first row while one is attached).
        case remove
        case favorite
        case catalog
        /// An online provider's answer, with its short mark (`K`).
        case online(mark: String)
    }

    public var kind: Kind
    /// The place chosen by Enter (for `.remove`, the one attached).
    public var place: PostPlaceLine

    public init(kind: Kind, place: PostPlaceLine) {
        self.kind = kind
        self.place = place
    }
}

/// What the place picker over a post being written shows.
public struct PlacePickerState: Equatable, Sendable {
    /// A query is at most as long as a place's name.
    public static let queryLimit = 100
    /// How many places each part lists at most.
    public static let favoritesLimit = 30
    public static let catalogLimit = 20

    public var query = TextEditor(limit: PlacePickerState.queryLimit)
    public var rows: [PlacePickerRow] = []
    public var list = ListState()
    /// False until the favorites for the query typed arrived.
    public var isAnswered = false
    /// The online providers asked as the query is typed, and those with a request out.
    public var online = OnlineSearchState()

    public var selectedRow: PlacePickerRow? { rows.indices.contains(list.selected) ? rows[list.selected] : nil }
}

/// `attach-place` (Ctrl-P) while writing a post or a reply: a picker over the post that
/// lists the favorites (all of them for an empty query, newest first), then as the query is
/// typed the catalog's matches and the answers of the online providers that search as you
/// type (Kakao; Nominatim's policy forbids a request per keystroke, so its places come
/// from the favorites). Enter attaches the selected place (`onChoose`), or on the first row
/// `Remove` takes the attached one off (`onRemove`); Esc closes (`onClose`). The favorites
/// are read through `StoreReads` on a latest-only lane, the providers on their own lanes
/// (`OnlinePlaceResults`, named `picker`), so nothing holds the loop.
public final class PlacePickerModel: ScreenModel {
    public private(set) var state = PlacePickerState()
    public var onChange: () -> Void = {}
    public var onToast: (Toast) -> Void = { _ in }
    public var onChoose: (PlaceInfo) -> Void = { _ in }
    public var onRemove: () -> Void = {}
    public var onClose: () -> Void = {}
    public var rowsInView = 10

    private let places: PlaceSearching
    private let favorites: FavoritesPort
    private let reads: StoreReads
    private let online: OnlinePlaceResults?
    private let uid: String
    private let home: Coordinate?
    /// The place the post carries now, offered for removal.
    private let attached: PostPlaceLine?
    private var saved: [FavoritePlace] = []

    public init(
        places: PlaceSearching, favorites: FavoritesPort, reads: StoreReads, online: OnlinePlaceResults?,
        uid: String, home: Coordinate?, attached: PostPlaceLine?
    ) {
        self.places = places
        self.favorites = favorites
        self.reads = reads
        self.online = online
        self.uid = uid
        self.home = home
        self.attached = attached
        online?.onChange = { [weak self] in self?.rebuild() }
    }

    /// Lists the favorites (and the removal of the attached place) at once.
    public func start() {
        readFavorites()
        rebuild()
    }

    public func stop() {
        reads.cancel(.placePickerFavorites)
        online?.clear()
    }

    /// Edits the query and searches again.
    public func editQuery(_ edit: TextEditor.Edit) {
        let before = state.query.text
        if let cut = state.query.apply(edit) { onToast(Toast(cut.description)) }
        guard state.query.text != before else { return publish() }
        state.list = ListState()
        readFavorites()
        online?.queryChanged(state.query.text)
        rebuild()
    }

    private func readFavorites() {
        let query = state.query.text
        let port = favorites
        let uid = self.uid
        state.isAnswered = false
        reads.read(
            .placePickerFavorites,
            { try port.savedPlaces(matching: query, uid: uid, limit: PlacePickerState.favoritesLimit) }
        ) { [weak self] result in
            guard let self, self.state.query.text == query else { return }
            switch result {
            case .success(let found): self.saved = found
            case .failure(let error):
                self.onToast(
                    Toast(
                        tr(.toastCouldNotLoad, ["list": tr(.tabFavorites), "reason": ErrorText.describe(error)]),
                        kind: .error))
            }
            self.state.isAnswered = true
            self.rebuild()
        }
    }

    /// The rows: the removal, the favorites, the catalog's matches, the providers' answers,
    /// each place once (the first part that has it).
    private func rebuild() {
        var rows: [PlacePickerRow] = []
        if let attached, state.query.text.isEmpty { rows.append(PlacePickerRow(kind: .remove, place: attached)) }
        var seen = Set<String>()
        func add(_ info: PlaceInfo, _ kind: PlacePickerRow.Kind) {
            guard seen.insert(info.placeID).inserted else { return }
            rows.append(PlacePickerRow(kind: kind, place: PostPlaceLine(info: info, home: home)))
        }
        for favorite in saved {
            // A catalog favorite shows as the catalog has it (its region and Korean name).
            add(
                places.isReady ? places.place(id: favorite.placeID) ?? Self.info(favorite) : Self.info(favorite),
                .favorite)
        }
        let query = state.query.text.trimmingCharacters(in: .whitespaces)
        if !query.isEmpty && places.isReady {
            for match in places.search(query, order: .relevance, limit: PlacePickerState.catalogLimit).matches {
                add(match.place, .catalog)
            }
        }
        if let online {
            for match in online.state.matches { add(match.place, .online(mark: match.place.sourceMark ?? "")) }
            state.online = online.state
        }
        state.rows = rows
        state.list = clamped(state.list, count: rows.count)
        publish()
    }

    /// A saved place as the picker lists it: its saved details.
    static func info(_ favorite: FavoritePlace) -> PlaceInfo {
        PlaceInfo(
            placeID: favorite.placeID, name: favorite.placeName, address: favorite.address,
            latitude: favorite.coordinate.latitude, longitude: favorite.coordinate.longitude,
            category: favorite.category, phone: favorite.phone, roadAddress: favorite.roadAddress, url: favorite.url)
    }

    private func publish() { onChange() }

    // MARK: ScreenModel

    public var list: ListState { state.list }
    public var listCount: Int { state.rows.count }

    public func storeList(_ list: ListState, publish: Bool) {
        state.list = clamped(list, count: state.rows.count)
        if publish { self.publish() }
    }

    public func pageItems(rows: Int) -> Int { max(1, rows) }
    public func click(_ index: Int) { select(index) }
    public var isEditingText: Bool { true }
    public func edit(_ edit: TextEditor.Edit) { editQuery(edit) }

    /// Enter: attaches the selected place, or removes the attached one.
    public func submit() {
        guard let row = state.selectedRow else { return }
        if row.kind == .remove { return onRemove() }
        guard let info = row.place.info else { return }
        onChoose(info)
    }

    /// Esc: back to the post as it was.
    public func cancel() { onClose() }
}

extension WorkLane {
    /// The place picker's favorites as the query is typed: the newest query wins.
    public static let placePickerFavorites = WorkLane("places.picker-favorites", policy: .latestOnly)
}
