import Domain
import Foundation
import Localization
import PlainText
import TerminalUI

/// One row of the Places list.
public struct PlaceRow: Equatable, Sendable {
    public var match: PlaceMatch
    public var isSaved: Bool
    /// The star shows a save or removal the store has not confirmed yet.
    public var isPending = false

    public var place: PlaceInfo { match.place }
}

/// What the Places screen shows.
public struct PlaceSearchState: Equatable, Sendable {
    /// A query holds at most as many characters as the longest place name (see `PlaceImporter`).
    public static let queryLimit = 200

    public var query = TextEditor(limit: PlaceSearchState.queryLimit)
    public var isSearchFocused = false
    public var order = PlaceOrder.relevance
    public var totalCount = 0
    /// The selection's place among all matches (`rows` is a window of them).
    public var position = ListPosition(index: 0, total: 0)
    public var rows: [PlaceRow] = []
    /// The selected place and the first one on screen.
    public var list = ListState()
    /// The signed-in user's most recently saved favorites (at most
    /// `PlaceSearchViewModel.mapFavoriteLimit`), for the map's "nearby" dots.
    public var newestFavorites: [FavoritePlace] = []
    /// True while the catalog is still loading.
    public var isLoading = false
    /// The online providers' part: their rows start `rows`.
    public var online = OnlineSearchState()
    /// The favorite `u` would bring back after `s` unsaved it, as it was (folders, memo, saved
    /// time); the footer offers `u` while there is one.
    public var undoable: FavoritePlace?
    /// Enter on a place: its detail (names, population, time zone, map) takes the whole
    /// screen where there is no room for the pane beside the list (below 100 columns).
    public var isDetailOpen = false
    /// The selected place's posts and savers among the people followed, counted on a lane
    /// (`WorkLane.placeCounts`), and the place they are of: the detail draws a dim `…`
    /// until the selection's arrive.
    public var counts: PlaceCounts?
    public var countsPlaceID: String?
    /// Where the people followed saved places within the selected place's map window (read
    /// on `WorkLane.followedSaves`), and the place they are around: the map's `◇`s.
    public var followedSaves: [FollowedSave] = []
    public var followedSavesPlaceID: String?

    public var selected: Int { list.selected }
    public var selectedRow: PlaceRow? { rows.indices.contains(selected) ? rows[selected] : nil }
}

/// Places: search at every keystroke, keep the selection on the same place, save with an
/// optimistic marker that the store confirms or rolls back, order by relevance or distance.
public final class PlaceSearchViewModel {
    public internal(set) var state = PlaceSearchState()
    public var onChange: (PlaceSearchState) -> Void = { _ in }
    public var onToast: (Toast) -> Void = { _ in }
    /// Rows of list the last frame showed; a page key moves that many places.
    public var rowsInView = 10
    /// The window of the matches held (a few pages), read on as the selection nears an edge.
    let paged: PagedList<PlacePageSource>
    /// The catalog's ranking of the query, and a place put first (a favorite its name does not find).
    private var ranking: RankedPlaces = ListedPlaces([])
    private var pinned: PlaceMatch?
    /// The user's saved online places the query names, found with no provider (offline, no key).
    private var savedOnline: [FavoritePlace] = []

    private let places: PlaceSearching
    let favoritesPort: FavoritesPort
    /// The online providers' requests and answers; nil when none are wired.
    let onlineResults: OnlinePlaceResults?
    private let now: () -> Date
    private var uid: String?
    /// Where the counts of the selected place are read, off the loop's thread: on the
    /// process's worker lanes, apart from the online providers' requests and their tests.
    private let countsWork: BackgroundWork
    /// Whether the last frame showed the detail (the pane, or the full-screen detail):
    /// counts are read only for a detail on screen.
    private var isDetailShown = false
    /// The place whose counts were asked for last (the newest wins).
    private var countsRequested: String?
    /// The favorites among the places `paged` holds, by place id, as the store last said.
    private var storedSaved: [String: FavoritePlace] = [:]
    /// The place ids the saved-state query follows (the held window's, when it was started).
    private var followedIDs: [String] = []
    /// Saves and removals shown before the store shows them: place id → the intent.
    private var pending: [String: SaveIntent] = [:]
    /// Document paths with writes the server has not confirmed (`SyncStatus.pendingPaths`).
    public private(set) var pendingPaths: Set<String> = []
    private let events: EventQueue
    private let writes: StoreWrites
    /// The queries kept with Enter, where they last between runs, and the walk through them.
    private var history: SearchHistory
    private let historyStore: SearchHistoryStoring?
    private var walk = SearchHistoryWalk()

    /// A save or removal the stars show ahead of the store.
    private struct SaveIntent {
        var saved: Bool
        /// Writes for this place sent and not yet answered.
        var inFlight: Int
    }
    /// The saved state of the places held, for the stars: follows the window as it moves.
    private lazy var savedQuery = LiveQuery(
        name: "places.saved", list: { tr(.tabFavorites) }, events: events, reads: writes.reads,
        onToast: { [weak self] in self?.onToast($0) })
    /// The newest favorites, for the map.
    private lazy var mapQuery = LiveQuery(
        name: "places.map", list: { tr(.tabFavorites) }, events: events, reads: writes.reads,
        onToast: { [weak self] in self?.onToast($0) })
    /// How many favorites the map draws at most: the newest, one bounded read, whatever the
    /// user saved.
    public static let mapFavoriteLimit = 200

    /// `events` carries the retries of a subscription that could not start and the online
    /// providers' debounce timers; `work` runs their requests.
    public init(
        places: PlaceSearching, favorites: FavoritesPort, events: EventQueue = EventQueue(),
        online: OnlinePlaceSearching? = nil, work: BackgroundWork? = nil, writes: StoreWrites = .immediate(),
        history: SearchHistoryStoring? = nil, now: @escaping () -> Date = Date.init
    ) {
        self.places = places
        historyStore = history
        self.history = SearchHistory(history?.load() ?? [])
        self.favoritesPort = favorites
        self.events = events
        self.writes = writes
        self.now = now
        countsWork = work ?? BackgroundWork(queue: events)
        paged = PagedList(name: "places", title: { tr(.tabPlaces) }, events: events, onToast: { _ in })
        onlineResults = online.map {
            OnlinePlaceResults(port: $0, work: work ?? BackgroundWork(queue: events), events: events)
        }
        paged.onChange = { [weak self] in self?.windowChanged() }
        if let onlineResults {
            state.online = onlineResults.state
            onlineResults.onChange = { [weak self, unowned onlineResults] in self?.onlineChanged(onlineResults.state) }
        }
        runSearch(keepingSelection: nil)
    }

    /// Follows the signed-in user's favorites (nil: signed out): the saved state of the
    /// places held and the newest few for the map, never all of them.
    public func setUser(_ uid: String?) {
        guard uid != self.uid || !mapQuery.isSubscribed else { return }
        savedQuery.cancel()
        mapQuery.cancel()
        self.uid = uid
        pending = [:]
        storedSaved = [:]
        followedIDs = []
        state.newestFavorites = []
        state.undoable = nil
        if let uid {
            mapQuery.start { [favoritesPort] live in
                try favoritesPort.observeFavorites(
                    .newest(limit: Self.mapFavoriteLimit), uid: uid,
                    live.deliver { [weak self] in self?.newestChanged($0) }, onError: live.onError)
            }
        }
        followHeldPlaces()
        refreshMarkers()
        findSavedOnline()
        countsRequested = nil
        countSelected()
        publish()
    }

    public func stop() {
        savedQuery.cancel()
        mapQuery.cancel()
    }

    /// The store moved to the team server's connection: the stars are read there again.
    public func resumeReads() {
        savedQuery.restart()
        mapQuery.restart()
    }

    /// Favorites this screen holds: the saved ones among its window and the map's. Bounded
    /// by the window and `mapFavoriteLimit`, not by how many the user saved.
    var heldFavoriteCount: Int { storedSaved.count + state.newestFavorites.count }

    // MARK: Search field

    public func focusSearch() {
        state.isSearchFocused = true
        walk = SearchHistoryWalk()
        publish()
    }

    /// The queries kept with Enter, newest first.
    public var searchHistory: [String] { history.queries }

    /// Up (`olderBy: 1`) or Down (`-1`) in the search field: the previous or next query of
    /// the history, searched at once; Down after the newest brings back what was typed.
    public func recallQuery(olderBy delta: Int) {
        guard let text = walk.step(by: delta, in: history, typed: state.query.text) else { return }
        state.query = TextEditor(text, limit: PlaceSearchState.queryLimit)
        runSearch(keepingSelection: nil)
        onlineResults?.queryChanged(text)
        publish()
    }

    /// Edits the query and searches again.
    public func editQuery(_ edit: TextEditor.Edit) {
        let before = state.query.text
        if let cut = state.query.apply(edit) { onToast(Toast(cut.description)) }
        if state.query.text != before {
            walk = SearchHistoryWalk()
            // While typing the top match is selected, unless a place was picked further down.
            runSearch(keepingSelection: state.selected > 0 ? state.selectedRow?.place.placeID : nil)
            onlineResults?.queryChanged(state.query.text)
        }
        publish()
    }

    public func setQuery(_ text: String) {
        state.query = TextEditor(text, limit: PlaceSearchState.queryLimit)
        runSearch(keepingSelection: state.selectedRow?.place.placeID)
        publish()
    }

    /// Enter: keep the query, focus the list.
    public func submitSearch() {
        state.isSearchFocused = false
        walk = SearchHistoryWalk()
        if history.record(state.query.text) { historyStore?.save(history.queries) }
        onlineResults?.queryKept(state.query.text)
        publish()
    }

    /// Esc: clear the query, focus the list.
    public func cancelSearch() {
        state.isSearchFocused = false
        onlineResults?.clear()
        if !state.query.isEmpty {
            state.query = TextEditor(limit: PlaceSearchState.queryLimit)
            runSearch(keepingSelection: state.selectedRow?.place.placeID)
        }
        publish()
    }

    // MARK: List

    /// Runs on the loop's watch tick: places another process imported are loaded (off the
    /// loop's thread), and the search runs again when they are (`refresh`).
    public func followCatalog() {
        places.followSources()
    }

    /// Searches again (the catalog finished loading): the selection stays on its place.
    public func refresh() {
        runSearch(keepingSelection: state.selectedRow?.place.placeID)
        publish()
    }

    public func toggleOrder() {
        state.order = state.order == .relevance ? .distance : .relevance
        runSearch(keepingSelection: state.selectedRow?.place.placeID)
        onToast(Toast(tr(.toastOrder, ["order": tr(state.order == .relevance ? .orderRelevance : .orderDistance)])))
        publish()
    }

    /// Shows the place with `placeID` selected (Favorites' Enter): searches its name and
    /// puts it first when the search does not reach it.
    /// `copy`: a post's copy of the place, for an online place.
    public func show(placeID: String, fallback: FavoritePlace? = nil, copy: PlaceInfo? = nil) {
        guard let info = places.place(id: placeID) ?? fallback.map(savedInfo) ?? copy else { return }
        onlineResults?.clear()
        state.isSearchFocused = false
        state.query = TextEditor(info.name, limit: PlaceSearchState.queryLimit)
        runSearch(keepingSelection: placeID)
        if state.selectedRow?.place.placeID != placeID {
            runSearch(keepingSelection: placeID, pinning: PlaceMatch(place: info))
        }
        publish()
    }

    /// A saved place as the list shows it without its provider: its saved details, and its
    /// provider's mark when that provider is wired.
    private func savedInfo(_ favorite: FavoritePlace) -> PlaceInfo {
        PlaceInfo(
            placeID: favorite.placeID, name: favorite.placeName, address: favorite.address,
            latitude: favorite.coordinate.latitude, longitude: favorite.coordinate.longitude,
            sourceMark: state.online.providers.first { favorite.placeID.hasPrefix($0.id + ":") }?.mark,
            category: favorite.category, phone: favorite.phone, roadAddress: favorite.roadAddress, url: favorite.url)
    }

    /// How many saved online places a query lists at most (as a provider's answer).
    public static let savedOnlineLimit = OnlinePlaceResults.limit

    /// Looks up the saved online places the query names (a read of the user's favorites, in
    /// its lane: off the loop on a team server). On the embedded store the answer is in
    /// before the search pages its rows; off the loop it pages them again when it comes.
    private func findSavedOnline() {
        let query = state.query.text
        guard let uid, !query.trimmingCharacters(in: .whitespaces).isEmpty else {
            savedOnline = []
            return
        }
        let port = favoritesPort
        writes.reads.read(
            .savedOnlinePlaces, { try port.savedOnlinePlaces(matching: query, uid: uid, limit: Self.savedOnlineLimit) }
        ) { [weak self] result in
            guard let self, self.state.query.text == query, self.uid == uid else { return }
            let found = (try? result.get()) ?? []
            guard found != self.savedOnline else { return }
            self.savedOnline = found
            if self.writes.reads.isOffLoop {
                self.startPaging(keepingSelection: self.state.selectedRow?.place.placeID)
                self.publish()
            }
        }
    }

    // MARK: Saving

    public func toggleSave() {
        guard let row = state.selectedRow else { return }
        guard let uid else {
            onToast(Toast.signIn(.saveFavorites))
            return
        }
        let id = row.place.placeID
        let save = !isSaved(id)
        let unsaved = save ? nil : storedSaved[id]
        pending[id] = SaveIntent(saved: save, inFlight: (pending[id]?.inFlight ?? 0) + 1)
        refreshMarkers()
        publish()
        let intent: WriteIntent = save ? .saveFavorite(row.place.favoriteCandidate) : .removeFavorite(placeID: id)
        let name = row.place.shownName
        writes.send(
            { [favoritesPort] in try favoritesPort.write(intent, uid: uid) },
            then: { [weak self] result in
                self?.saveAnswered(id, save: save, name: name, result) { model in
                    model.state.undoable = unsaved
                    model.onToast(
                        Toast(
                            tr(
                                save ? .toastSaved : (unsaved == nil ? .toastRemoved : .toastUnsavedUndo),
                                ["place": name]),
                            kind: .success))
                }
            })
    }

    /// The store's answer to a save or removal: confirmed (the mark goes once the store
    /// shows it, and `confirmed` runs), or refused (the star goes back, and a toast says why).
    private func saveAnswered(
        _ id: String, save: Bool, name: String, _ result: Result<Void, Error>,
        confirmed: (PlaceSearchViewModel) -> Void
    ) {
        guard var intent = pending[id] else { return }
        intent.inFlight -= 1
        pending[id] = intent
        switch result {
        case .success:
            if intent.inFlight == 0, (storedSaved[id] != nil) == intent.saved { pending[id] = nil }
            confirmed(self)
        case .failure(let error):
            if intent.inFlight == 0 { pending[id] = nil }
            onToast(
                Toast(
                    tr(
                        save ? .toastCouldNotSave : .toastCouldNotRemove,
                        ["place": name, "reason": WriteRefusal.reason(for: error)]),
                    kind: .error))
        }
        refreshMarkers()
        publish()
    }

    /// Enter: opens the selected place's detail; Esc closes it.
    public func openDetail() {
        guard state.selectedRow != nil else { return }
        state.isDetailOpen = true
        publish()
    }

    public func closeDetail() {
        guard state.isDetailOpen else { return }
        state.isDetailOpen = false
        publish()
    }

    /// `u`: saves the place `s` last unsaved again as it was, and selects it.
    public func undoUnsave() {
        guard let favorite = state.undoable, let uid else { return }
        let id = favorite.placeID
        state.undoable = nil
        pending[id] = SaveIntent(saved: true, inFlight: (pending[id]?.inFlight ?? 0) + 1)
        refreshMarkers()
        if let index = state.rows.firstIndex(where: { $0.place.placeID == id }) {
            paged.list.selected = index
        }
        publish()
        writes.send(
            { [favoritesPort] in try favoritesPort.write(.editFavorites(.restore(favorite)), uid: uid) },
            then: { [weak self] result in
                self?.saveAnswered(id, save: true, name: favorite.placeName, result) { model in
                    model.onToast(Toast(tr(.toastFavoriteRestored, ["place": favorite.placeName]), kind: .success))
                }
            })
    }

    /// The catalog's Korean name of a place, for lists that show places saved elsewhere.
    public func koreanName(of placeID: String) -> String? {
        places.place(id: placeID)?.koreanName
    }

    public func isSaved(_ placeID: String) -> Bool {
        pending[placeID]?.saved ?? (storedSaved[placeID] != nil)
    }

    /// Whether the place's star shows a write the store has not confirmed.
    public func isPending(_ placeID: String) -> Bool {
        if (pending[placeID]?.inFlight ?? 0) > 0 { return true }
        guard let uid else { return false }
        return pendingPaths.contains(SyncPaths.favorite(placeID: placeID, uid: uid))
    }

    /// The paths the sync status lists as unconfirmed: their stars show the pending mark.
    public func setPendingPaths(_ paths: Set<String>) {
        guard paths != pendingPaths else { return }
        pendingPaths = paths
        refreshMarkers()
        publish()
    }

    /// The store's saved state of the places followed.
    private func savedChanged(_ favorites: [FavoritePlace]) {
        storedSaved = Dictionary(favorites.map { ($0.placeID, $0) }, uniquingKeysWith: { first, _ in first })
        // The store has spoken: drop the intents it agrees with that are no longer on their
        // way, and those of places no longer held (the store answers for them when they are).
        let followed = Set(followedIDs)
        pending = pending.filter {
            $0.value.inFlight > 0 || (followed.contains($0.key) && (storedSaved[$0.key] != nil) != $0.value.saved)
        }
        refreshMarkers()
        publish()
    }

    private func newestChanged(_ favorites: [FavoritePlace]) {
        state.newestFavorites = favorites
        publish()
    }

    /// Follows the saved state of the places the window holds when they changed (a page
    /// read, a new search): one `in` query on their ids. What is known stays until the new
    /// answer replaces it.
    private func followHeldPlaces() {
        guard let uid else { return }
        let ids = paged.rows.map(\.id)
        guard ids != followedIDs || !savedQuery.isSubscribed else { return }
        followedIDs = ids
        savedQuery.start { [favoritesPort] live in
            try favoritesPort.observeFavorites(
                .places(ids), uid: uid,
                live.deliver { [weak self] in self?.savedChanged($0) }, onError: live.onError)
        }
    }

    // MARK: Internals

    /// Ranks the matches once and reads their first pages; the selection stays on `placeID`
    /// when it is among them, else goes to the top. `pinning` puts a place first.
    private func runSearch(keepingSelection placeID: String?, pinning pinned: PlaceMatch? = nil) {
        state.isLoading = !places.isReady
        ranking = places.ranking(state.query.text, order: state.order)
        self.pinned = pinned
        state.totalCount = ranking.total
        findSavedOnline()
        startPaging(keepingSelection: placeID)
    }

    /// Reads the first pages of the online rows, the pinned place and the catalog's ranking,
    /// selecting `placeID` when it is among them, else the top.
    func startPaging(keepingSelection placeID: String?) {
        // Saved online places stand in for the providers when none answered (offline, no key).
        let saved =
            state.online.matches.isEmpty && state.online.category == nil
            ? savedOnline.filter { $0.placeID != pinned?.place.placeID }.map { PlaceMatch(place: savedInfo($0)) } : []
        let first = state.online.matches + saved + (pinned.map { [$0] } ?? [])
        // A category search lists that category's places only, not the catalog after them.
        let rest = state.online.category == nil ? ranking : ListedPlaces([])
        paged.start(PlacePageSource(first.isEmpty ? rest : PinnedPlaces(first, before: rest)))
        var list = ListState()
        if let placeID, let index = paged.rows.firstIndex(where: { $0.id == placeID }) { list.selected = index }
        paged.list = list
        windowChanged()
    }

    /// The window or the selection changed in `paged`.
    private func windowChanged() {
        state.rows = paged.rows.map { PlaceRow(match: $0, isSaved: isSaved($0.id), isPending: isPending($0.id)) }
        state.list = paged.list
        state.position = paged.position
        // Last: on the embedded store the answer may arrive at once and publish.
        followHeldPlaces()
        countSelected()
    }

    /// The frame just drawn showed the detail (or did not): its counts are read when it does.
    public func detailShown(_ shown: Bool) {
        isDetailShown = shown
        countSelected()
    }

    /// Counts the selected place's posts and savers on `WorkLane.placeCounts`, off the
    /// loop's thread even on the embedded store (10,000 posts are not a frame's work); the
    /// newest selection wins, and the detail draws the line when it arrives.
    private func countSelected() {
        guard isDetailShown || state.isDetailOpen else { return }
        let placeID = state.selectedRow?.place.placeID
        guard placeID != countsRequested else { return }
        countsRequested = placeID
        guard let placeID else { return }
        readFollowedSaves(around: state.selectedRow?.place)
        let (port, uid) = (favoritesPort, uid)
        countsWork.run(.placeCounts, { _ in try port.placeCounts(placeID: placeID, uid: uid) }) { [weak self] result in
            guard let self, self.countsRequested == placeID else { return }
            // A failed count shows nothing rather than a wrong number.
            self.state.counts = (try? result.get()) ?? nil
            self.state.countsPlaceID = placeID
            self.publish()
        }
    }

    /// Reads where the people followed saved places within `place`'s map window, on its own
    /// latest-only lane beside the counts' (signed out: none).
    private func readFollowedSaves(around place: PlaceInfo?) {
        guard let place, let uid else {
            state.followedSaves = []
            state.followedSavesPlaceID = nil
            return
        }
        let window = MapWindow(center: GeoPoint(latitude: place.latitude, longitude: place.longitude))
        let (port, placeID) = (favoritesPort, place.placeID)
        countsWork.run(
            .followedSaves,
            { _ in
                try port.followedSaves(
                    latitudes: window.latitudes, longitudes: window.longitudes, excluding: placeID, uid: uid)
            }
        ) { [weak self] result in
            guard let self, self.countsRequested == placeID else { return }
            // A failed read draws no marks rather than stale ones.
            self.state.followedSaves = (try? result.get()) ?? []
            self.state.followedSavesPlaceID = placeID
            self.publish()
        }
    }

    private func refreshMarkers() {
        for index in state.rows.indices {
            state.rows[index].isSaved = isSaved(state.rows[index].place.placeID)
            state.rows[index].isPending = isPending(state.rows[index].place.placeID)
        }
    }

    func publish() {
        paged.list = clamped(paged.list, count: state.rows.count)
        state.list = paged.list
        state.position = paged.position
        onChange(state)
    }
}

extension PlaceSearchViewModel: PagedScreen {
    public var selection: ListSelection { paged }
    public var listCount: Int { state.rows.count }

    public func selectionMoved() {
        windowChanged()
        publish()
    }

    public func pageItems(rows: Int) -> Int { rows }

    /// A click on a row while typing keeps the query, then selects the row.
    public func click(_ index: Int) {
        if state.isSearchFocused { submitSearch() }
        select(index)
    }

    public var isEditingText: Bool { state.isSearchFocused }
    public func edit(_ edit: TextEditor.Edit) { editQuery(edit) }
    /// Enter and Esc answer the category picker while it is open.
    public func submit() { isPickingCategory ? pickCategory() : submitSearch() }
    public func cancel() { isPickingCategory ? cancelCategoryPick() : cancelSearch() }
}

extension WorkLane {
    /// The selected place's counts in Places: the newest selection wins.
    public static let placeCounts = WorkLane("places.counts", policy: .latestOnly)
    /// Where the people followed saved places around the selected place: the newest selection wins.
    public static let followedSaves = WorkLane("places.followedSaves", policy: .latestOnly)
}
