import Domain
import Foundation
import Localization
import TerminalUI
import ViewModels

/// Places: the search field and match count, the result rows, and at 100 columns or more a
/// detail pane with a braille mini-map.
struct PlacesScreen: TabScreen {
    var state: PlaceSearchState
    var context: ScreenContext

    static let detailPaneMinimumWidth = 100

    /// Draws and returns where the cursor goes (in the search field while it has focus).
    func render(in area: Rect, into buffer: inout Buffer, layout: inout ScreenLayout) -> Position? {
        guard !area.isEmpty else { return nil }
        var (searchRow, rest) = area.split(top: 1)
        let cursor = drawSearch(in: searchRow, into: &buffer)
        var status = onlineStatus()
        if let line = status, let rows = Self.wholeStatus(line, width: area.width, listWidth: listWidth(of: rest)),
            rest.height >= rows.count + 2
        {
            // A message to act on (a config path, a key to fix) is shown whole, across the screen.
            let split = rest.split(bottom: rows.count)
            rest = split.rest
            let style = line.spans.first?.style ?? Theme.dim
            for (index, text) in rows.enumerated() {
                buffer.setString(text, at: Position(row: split.bottom.row + index, column: area.column), style: style)
            }
            status = nil
        }
        var listArea = rest
        if state.isDetailOpen, area.width < Self.detailPaneMinimumWidth, state.selectedRow != nil {
            buffer.fill(rest)
            drawDetail(in: rest.inset(left: 1, right: 1), into: &buffer)
            return nil
        }
        if area.width >= Self.detailPaneMinimumWidth {
            layout.showsDetailPane = true
            let paneWidth = Self.paneWidth(area.width)
            let (left, pane) = rest.split(right: paneWidth)
            listArea = left.inset(right: 1)
            for row in pane.row..<pane.bottom {
                buffer.setString(buffer.lineSymbols.vertical, row: row, column: pane.column, style: Theme.dim)
            }
            drawDetail(in: pane.inset(left: 2), into: &buffer)
        }
        if let status, listArea.height >= 2 {
            let (top, statusRow) = listArea.split(bottom: 1)
            listArea = top
            status.render(in: statusRow, into: &buffer)
        }
        let empty =
            state.isLoading
            ? tr(.placesLoading)
            : state.query.isEmpty ? tr(.placesEmptyCatalog) : tr(.placesNoMatch, ["query": state.query.text])
        drawList(
            count: state.rows.count, item: { [row(state.rows[$0])] }, list: state.list, in: listArea,
            into: &buffer, layout: &layout, emptyText: empty,
            showsSelection: !state.isSearchFocused || !state.rows.isEmpty)
        if state.online.isPicking {
            drawCategoryPicker(in: rest, into: &buffer)
            return nil
        }
        return cursor
    }

    private func drawSearch(in area: Rect, into buffer: inout Buffer) -> Position? {
        // `120 / 34,006 matches`: where the selection is among all the matches.
        let total = state.totalCount + state.online.matches.count
        let count =
            total == 1 ? tr(.placesOneMatch) : tr(.placesMatches, ["count": total == 0 ? "0" : state.position.text])
        var suffix = state.order == .distance ? tr(.placesByDistance, ["count": count]) : count
        if let category = categoryTitle() { suffix = category + "  " + suffix }
        let label = tr(.placesSearchLabel) + " "
        let suffixWidth = TextWidth.of(suffix) + 2
        var (fieldArea, countArea) = area.split(right: area.width >= 40 ? suffixWidth : 0)
        buffer.setString(
            label, at: Position(row: fieldArea.row, column: fieldArea.column),
            style: state.isSearchFocused ? Theme.title : Theme.dim, maxWidth: fieldArea.width)
        fieldArea = fieldArea.inset(left: TextWidth.of(label))
        let field = TextFieldView(
            state: state.query,
            placeholder: state.isSearchFocused ? tr(.placesSearchPlaceholder) : tr(.placesSearchHint),
            isFocused: state.isSearchFocused, secureSymbol: context.markers.passwordDot)
        field.render(in: fieldArea.inset(right: 1), into: &buffer)
        if !countArea.isEmpty {
            buffer.setString(
                suffix, at: Position(row: countArea.row, column: countArea.right - TextWidth.of(suffix)),
                style: Theme.dim, maxWidth: countArea.width)
        }
        return field.cursorPosition(in: fieldArea.inset(right: 1))
    }

    /// `☆ Name  (Korean name)  Region, Country`, the matched parts emphasised.
    private func row(_ row: PlaceRow) -> Line {
        let place = row.place
        var spans: [Span] = [
            Span(
                row.isSaved ? context.markers.saved : context.markers.notSaved,
                style: row.isSaved ? Theme.savedMarker : .plain)
        ]
        spans += pendingSpans(row.isPending, context: context) + [" "]
        if let mark = place.sourceMark { spans += [Span(mark, style: Theme.label), " "] }
        var names = [(place.name, row.match.nameRange)]
        if let korean = place.koreanName, !korean.isEmpty, korean != place.name {
            // A Korean interface shows the Korean name first.
            let second = (korean, row.match.koreanNameRange)
            names = Language.current == .ko ? [second, names[0]] : [names[0], second]
        }
        for (index, (name, range)) in names.enumerated() {
            if index > 0 { spans.append("  (") }
            spans += Line.emphasising(name, range: range, emphasis: Theme.match).spans
            if index > 0 { spans.append(")") }
        }
        if let category = place.shortCategory { spans.append(Span("  " + category, style: Theme.label)) }
        if let road = place.roadAddress {
            spans.append(Span("  " + road, style: Theme.dim))
        } else if !place.address.isEmpty {
            spans.append(Span("  " + place.shownAddress, style: Theme.dim))
        }
        if let distance = row.match.distance {
            spans.append(Span("  " + DistanceText.describe(distance), style: Theme.label))
        }
        return Line(spans)
    }

    private func drawDetail(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        guard let selected = state.selectedRow else {
            buffer.setString(
                tr(.placesNothingSelected), row: area.row, column: area.column, style: Theme.dim, maxWidth: area.width)
            return
        }
        let place = selected.place
        var lines: [Line] = [
            Line(
                [
                    Span(
                        selected.isSaved ? context.markers.saved : context.markers.notSaved,
                        style: selected.isSaved ? Theme.savedMarker : .plain)
                ]
                    + pendingSpans(selected.isPending, context: context)
                    + [" ", Span(shownNames(place).first, style: Theme.title)])
        ]
        if let second = shownNames(place).second { lines.append(Line("  " + second)) }
        lines += onlineDetailLines(place)
        if !place.address.isEmpty { lines.append(Line("  " + place.shownAddress)) }
        lines.append(Line([Span("  "), Span(coordinateText(place.latitude, place.longitude))]))
        if place.population > 0 {
            lines.append(
                Line([Span("  \(tr(.placesPopulation)) ", style: Theme.dim), Span(grouped(place.population))]))
        }
        if !place.timeZone.isEmpty {
            lines.append(Line([Span("  \(tr(.placesTimeZone)) ", style: Theme.dim), Span(place.timeZone)]))
        }
        if let distance = selected.match.distance {
            // An online place found around a chosen place is measured from there.
            let from =
                place.sourceMark != nil ? state.online.centerName.map { tr(.placesFromPlace, ["place": $0]) } : nil
            lines.append(
                Line([
                    Span("  \(from ?? tr(.placesFromHome)) ", style: Theme.dim), Span(DistanceText.describe(distance)),
                ]))
        }
        // The conversation around the place, counted off the loop's thread: `…` until it comes.
        if state.countsPlaceID != place.placeID {
            lines.append(Line([Span("  " + context.markers.ellipsis, style: Theme.dim)]))
        } else if let counts = state.counts {
            lines.append(Line([Span("  "), Span(PlaceCountsText.line(counts), style: Theme.label)]))
        }
        for (index, line) in lines.prefix(area.height).enumerated() {
            line.render(in: area.line(index), into: &buffer)
        }
        let center = GeoPoint(latitude: place.latitude, longitude: place.longitude)
        var map = MapView(
            points: nearbyPoints(around: place), selected: center, dotStyle: Theme.mapDots,
            selectedStyle: Theme.mapSelected, margin: 0.1)
        // Where the people followed saved places nearby, once they are read for this place.
        if state.followedSavesPlaceID == place.placeID {
            let window = MapWindow(center: center)
            map.marks = state.followedSaves.map {
                GeoPoint(latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude)
            }.filter(window.contains)
            map.markSymbol = context.markers.followedSave
            map.markStyle = Theme.label
        }
        var mapArea = area.split(top: lines.count + 1).rest
        // The legend of the marks takes the row under the map.
        mapArea.height = min(mapArea.height - (map.marks.isEmpty || mapArea.height < 4 ? 0 : 1), 14)
        guard mapArea.height >= 3, mapArea.width >= 6 else { return }
        let box = BoxView(title: tr(.placesMap), style: Theme.dim)
        box.render(in: mapArea, into: &buffer)
        map.render(in: box.inner(of: mapArea), into: &buffer)
        if !map.marks.isEmpty, mapArea.bottom < area.bottom {
            buffer.setString(
                tr(.mapFollowedSavesLegend, ["mark": context.markers.followedSave]), row: mapArea.bottom,
                column: area.column, style: Theme.dim, maxWidth: area.width)
        }
    }

    static func paneWidth(_ width: Int) -> Int { min(50, width * 2 / 5) }

    /// The list's width beside the detail pane (the whole width below it).
    func listWidth(of area: Rect) -> Int {
        area.width >= Self.detailPaneMinimumWidth ? area.width - Self.paneWidth(area.width) - 1 : area.width
    }

    /// A one-span status line too wide for the list, wrapped to the screen's width (at most
    /// three rows); nil when it fits beside the pane or is the providers' legend.
    static func wholeStatus(_ line: Line, width: Int, listWidth: Int) -> [String]? {
        guard line.width > listWidth, line.spans.count == 1, let text = line.spans.first?.text else { return nil }
        let rows = ParagraphView(text).lines(width: width)
        return rows.count <= 3 ? rows : nil
    }

    /// The name to show first and the other one: the Korean name first in a Korean interface.
    private func shownNames(_ place: PlaceInfo) -> (first: String, second: String?) {
        guard let korean = place.koreanName, !korean.isEmpty else { return (place.name, nil) }
        return Language.current == .ko ? (korean, korean == place.name ? nil : place.name) : (place.name, korean)
    }

    /// The other matches and the user's newest favorites within a few degrees of `place`.
    private func nearbyPoints(around place: PlaceInfo) -> [GeoPoint] {
        let window = MapWindow(center: GeoPoint(latitude: place.latitude, longitude: place.longitude))
        func near(_ latitude: Double, _ longitude: Double) -> Bool {
            window.contains(GeoPoint(latitude: latitude, longitude: longitude))
        }
        var points = state.rows.map(\.place).filter { $0.placeID != place.placeID && near($0.latitude, $0.longitude) }
            .prefix(80).map { GeoPoint(latitude: $0.latitude, longitude: $0.longitude) }
        points += state.newestFavorites.filter {
            $0.placeID != place.placeID && near($0.coordinate.latitude, $0.coordinate.longitude)
        }
        .map { GeoPoint(latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude) }
        return points
    }
}
