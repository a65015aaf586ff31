import TerminalUI
import ViewModels

/// Favorites: `★ placeName  address  latitude, longitude`, newest first.
struct FavoritesScreen: TabScreen {
    var state: FavoritesState
    var context: ScreenContext

    func render(in area: Rect, into buffer: inout Buffer, layout: inout ScreenLayout) -> Position? {
        guard !area.isEmpty else { return nil }
        let (titleRow, listArea) = area.split(top: 1)
        let title = state.isSignedIn ? "Favorites (\(state.items.count)) · newest first" : "Favorites"
        buffer.setString(title, at: Position(row: titleRow.row, column: titleRow.column), style: Theme.title,
                         maxWidth: titleRow.width, ellipsis: true)
        let empty = state.isSignedIn
            ? "No favorites yet. On Places (1), press / to search, pick a place and press s to save it."
            : "Sign in on the Profile tab (4) to save favorites: press s on a place in Places (1)."
        let row = { (index: Int) -> [Line] in
            let item = state.items[index]
            return [Line([Span(context.markers.saved, style: Theme.savedMarker), " ",
                   Span(item.placeName, style: Theme.title),
                   Span("  " + item.address, style: Theme.dim),
                   Span("  " + coordinateText(item.coordinate.latitude, item.coordinate.longitude))])]
        }
        drawList(count: state.items.count, item: row, list: state.list, in: listArea, into: &buffer,
                 layout: &layout, emptyText: empty)
        return nil
    }
}
