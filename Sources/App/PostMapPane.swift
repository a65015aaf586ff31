import Localization
import TerminalUI
import ViewModels

/// Beside the Feed's and a thread's posts on a wide terminal: the selected post's place
/// (`◆`, `#` in ASCII) on a map centred on it, the other posts on screen as dots, or
/// `No place`. The rows carry their places' coordinates, so moving the selection only
/// redraws (nothing is read from the store).
struct PostMapPane {
    static let minimumWidth = 105

    var rows: [FeedRowModel]
    var selected: Int
    /// The indices of the rows the list drew (`ScreenLayout.itemRows`).
    var visible: [Int]
    var context: ScreenContext

    /// Takes the pane off the right of `area` (with its dim rule) when the screen is wide
    /// enough; nil and `area` unchanged below `minimumWidth` columns.
    static func split(_ area: inout Rect, into buffer: inout Buffer) -> Rect? {
        guard area.width >= minimumWidth else { return nil }
        let (left, pane) = area.split(right: PlacesScreen.paneWidth(area.width))
        area = left.inset(right: 1)
        for row in pane.row..<pane.bottom {
            buffer.setString(buffer.lineSymbols.vertical, row: row, column: pane.column, style: Theme.dim)
        }
        return pane.inset(left: 2)
    }

    /// The pane of a list of posts just drawn (`layout` says which rows are on screen).
    static func draw(
        _ state: FeedState, layout: ScreenLayout, in pane: Rect?, into buffer: inout Buffer, context: ScreenContext
    ) {
        guard let pane else { return }
        PostMapPane(rows: state.rows, selected: state.selected, visible: layout.itemRows.map(\.index), context: context)
            .render(in: pane, into: &buffer)
    }

    func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        guard let place = rows.indices.contains(selected) ? rows[selected].place : nil, let info = place.info else {
            buffer.setString(
                tr(.postMapNoPlace), row: area.row, column: area.column, style: Theme.dim, maxWidth: area.width)
            return
        }
        let title = Line(
            [
                Span(context.markers.mapSelected, style: Theme.mapSelected), Span(" "),
                Span(place.name, style: Theme.title),
            ]
                + (place.region.isEmpty ? [] : [Span(" · " + place.region, style: Theme.dim)]))
        title.render(in: area.line(0), into: &buffer)
        var mapArea = area.split(top: 2).rest
        mapArea.height = min(mapArea.height, 14)
        guard mapArea.height >= 3, mapArea.width >= 6 else { return }
        let center = GeoPoint(latitude: info.latitude, longitude: info.longitude)
        let window = MapWindow(center: center)
        let others = visible.filter { $0 != selected && rows.indices.contains($0) }.compactMap { rows[$0].place?.info }
            .map { GeoPoint(latitude: $0.latitude, longitude: $0.longitude) }.filter(window.contains)
        let box = BoxView(title: tr(.placesMap), style: Theme.dim)
        box.render(in: mapArea, into: &buffer)
        MapView(
            points: others, selected: center, dotStyle: Theme.mapDots, selectedMark: context.markers.mapSelected,
            selectedStyle: Theme.mapSelected, window: window
        )
        .render(in: box.inner(of: mapArea), into: &buffer)
    }
}
