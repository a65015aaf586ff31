import Localization
import TerminalUI
import ViewModels

/// Favorites: `★ placeName  address  latitude, longitude`, newest first.
struct FavoritesScreen: TabScreen {
    var state: FavoritesState
    var context: ScreenContext

    func render(in area: Rect, into buffer: inout Buffer, layout: inout ScreenLayout) -> Position? {
        guard !area.isEmpty else { return nil }
        let (titleRow, listArea) = area.split(top: 1)
        let title = state.isSignedIn ? tr(.favoritesTitleCount, ["count": grouped(state.items.count)]) : tr(.favoritesTitle)
        buffer.setString(title, at: Position(row: titleRow.row, column: titleRow.column), style: Theme.title,
                         maxWidth: titleRow.width, ellipsis: true)
        let empty = state.isSignedIn ? tr(.favoritesEmpty) : tr(.favoritesSignedOut)
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
