import TerminalUI

extension KeyBindings {
    /// The Places tab, and its full-screen detail (`detail`).
    static let placesActions: [ActionBinding] = [
        ActionBinding("search", .places, ["/"], .keySearch) { $0.app.places.focusSearch() },
        ActionBinding("save", .places, ["s"], .keySave) { $0.app.places.toggleSave() },
        ActionBinding("order", .places, ["o"], .keyOrder) { $0.app.places.toggleOrder() },
        ActionBinding("save-to-folder", .places, ["S"], .keySaveToFolder, inFooter: false) { controller in
            guard let place = controller.app.places.state.selectedRow?.place else { return }
            controller.app.favorites.beginSave(place.favoriteCandidate)
        },
        // Offered while a provider can answer it.
        ActionBinding("category", .places, ["c"], .keyCategory, offered: { $0.places.state.online.isConfigured }) {
            $0.app.places.beginCategoryPick()
        },
        ActionBinding("clear", .places, ["esc"], .keyClearPlaces, inFooter: false) { $0.app.places.cancel() },
        // With the detail already beside the list (100 columns or more), Enter does nothing.
        ActionBinding("detail", .places, ["enter"], .keyPlaceDetail, label: "Enter", inFooter: false) {
            guard !$0.layout.showsDetailPane else { return }
            $0.app.places.openDetail()
        },
        ActionBinding("back", .detail, ["esc", "enter"], .keyBack, label: "Esc") { $0.app.places.closeDetail() },
        ActionBinding("undo", .places, ["u"], .keyUndoUnsave, offered: { $0.places.state.undoable != nil }) {
            $0.app.places.undoUnsave()
        },
    ]
}
