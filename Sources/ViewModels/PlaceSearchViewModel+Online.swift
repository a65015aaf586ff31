import Domain
import Localization
import PlaceCatalog

/// Places' online results: a block at the top of the list, above the catalog's ranked
/// rows, so the first online place is selected while typing and the catalog's best match
/// is a few keys down.
extension PlaceSearchViewModel {
    /// Takes the online half's new state: swaps the block of online rows, the selection
    /// staying on its place when the person moved it.
    func onlineChanged(_ online: OnlineSearchState) {
        let kept = state.selected > 0 ? state.selectedRow?.place.placeID : nil
        state.online = online
        startPaging(keepingSelection: kept)
        publish()
    }

    // MARK: Category picker

    public var isPickingCategory: Bool { state.online.isPicking }

    /// The config file as the toasts name it.
    private var configFileShown: String { state.online.configFile.isEmpty ? "config" : state.online.configFile }

    /// Opens the category picker; without a provider, says how to add one.
    public func beginCategoryPick() {
        guard let onlineResults, state.online.isConfigured else {
            onToast(
                Toast(
                    tr(
                        .placesOnlineOff, ["file": configFileShown]
                    ),
                    kind: .error))
            return
        }
        guard state.online.providers.contains(where: \.searchesCategories) else {
            onToast(
                Toast(
                    tr(
                        .placesNoCategoryProvider,
                        ["file": configFileShown]),
                    kind: .error))
            return
        }
        onlineResults.beginPick()
    }

    public func moveCategoryPick(by delta: Int) {
        onlineResults?.movePick(by: delta)
    }

    public func cancelCategoryPick() {
        onlineResults?.cancelPick()
    }

    /// Searches the picked category around the selected place when there is a query, else
    /// around the home point.
    public func pickCategory() {
        if !state.query.isEmpty, let place = state.selectedRow?.place {
            onlineResults?.pick(
                around: Coordinate(latitude: place.latitude, longitude: place.longitude), named: place.shownName)
        } else {
            onlineResults?.pick(around: favoritesPort.home, named: nil)
        }
    }
}
