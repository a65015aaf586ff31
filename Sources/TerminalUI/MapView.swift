/// A latitude and longitude in degrees.
public struct GeoPoint: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A braille mini-map: points scaled to fit the area (north up), or to a fixed window
/// around a centre; the selected point drawn as a distinct mark (`◆` in yellow by default)
/// over its cell, and other marked points (`marks`, e.g. `◇`) over theirs.
public struct MapView: Widget {
    public var points: [GeoPoint]
    public var selected: GeoPoint?
    /// When set, the map shows exactly this window and leaves out what lies outside it.
    public var window: MapWindow?
    /// Points drawn as `markSymbol` rather than as dots, under the selected mark.
    public var marks: [GeoPoint] = []
    public var markSymbol = "◇"
    public var markStyle = Style(foreground: .cyan)
    public var dotStyle: Style
    public var selectedMark: String
    public var selectedStyle: Style
    /// Room left around the points, as a fraction of their span on each side, so that the
    /// outermost places do not sit on the map's frame.
    public var margin: Double

    public init(
        points: [GeoPoint], selected: GeoPoint? = nil, dotStyle: Style = Style(foreground: .green),
        selectedMark: String = "◆", selectedStyle: Style = Style(foreground: .yellow, bold: true),
        margin: Double = 0, window: MapWindow? = nil
    ) {
        self.points = points
        self.window = window
        self.margin = max(0, margin)
        self.selected = selected
        self.dotStyle = dotStyle
        self.selectedMark = selectedMark
        self.selectedStyle = selectedStyle
    }

    /// The latitude and longitude ranges the map shows: the window, else those of the points,
    /// the marks and the selection.
    public var bounds: (latitude: ClosedRange<Double>, longitude: ClosedRange<Double>) {
        if let window { return (window.latitudes, window.longitudes) }
        let all = (points + marks + (selected.map { [$0] } ?? [])).filter {
            $0.latitude.isFinite && $0.longitude.isFinite
        }
        let latitudes = all.map(\.latitude)
        let longitudes = all.map(\.longitude)
        func padded(_ low: Double, _ high: Double) -> ClosedRange<Double> {
            let pad = (high - low) * margin
            return (low - pad)...(high + pad)
        }
        return (
            padded(latitudes.min() ?? 0, latitudes.max() ?? 0), padded(longitudes.min() ?? 0, longitudes.max() ?? 0)
        )
    }

    /// The dot (x, y) a point lands on in a canvas of `width` × `height` cells.
    public func project(_ point: GeoPoint, width: Int, height: Int) -> (x: Int, y: Int) {
        project(point, width: width, height: height, bounds: bounds)
    }

    func project(
        _ point: GeoPoint, width: Int, height: Int,
        bounds: (latitude: ClosedRange<Double>, longitude: ClosedRange<Double>)
    ) -> (x: Int, y: Int) {
        let dotWidth = Double(width * 2 - 1)
        let dotHeight = Double(height * 4 - 1)
        let lonSpan = bounds.longitude.upperBound - bounds.longitude.lowerBound
        let latSpan = bounds.latitude.upperBound - bounds.latitude.lowerBound
        let x = lonSpan > 0 ? (point.longitude - bounds.longitude.lowerBound) / lonSpan * dotWidth : dotWidth / 2
        let y = latSpan > 0 ? (bounds.latitude.upperBound - point.latitude) / latSpan * dotHeight : dotHeight / 2
        return (Int(x.rounded()), Int(y.rounded()))
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        var canvas = BrailleCanvas(width: area.width, height: area.height)
        let bounds = self.bounds
        for point in points where point.latitude.isFinite && point.longitude.isFinite {
            let (x, y) = project(point, width: area.width, height: area.height, bounds: bounds)
            canvas.set(x: x, y: y)
        }
        for (index, line) in canvas.lines.enumerated() {
            buffer.setString(
                line, at: Position(row: area.row + index, column: area.column), style: dotStyle,
                maxWidth: area.width)
        }
        for mark in marks {
            put(markSymbol, at: mark, style: markStyle, in: area, bounds: bounds, into: &buffer)
        }
        if let selected {
            put(selectedMark, at: selected, style: selectedStyle, in: area, bounds: bounds, into: &buffer)
        }
    }

    /// One symbol over the cell `point` lands on, nothing for a point off the map.
    private func put(
        _ symbol: String, at point: GeoPoint, style: Style, in area: Rect,
        bounds: (latitude: ClosedRange<Double>, longitude: ClosedRange<Double>), into buffer: inout Buffer
    ) {
        guard point.latitude.isFinite, point.longitude.isFinite else { return }
        let (x, y) = project(point, width: area.width, height: area.height, bounds: bounds)
        guard x >= 0, y >= 0, x < area.width * 2, y < area.height * 4 else { return }
        buffer.setString(
            symbol, at: Position(row: area.row + y / 4, column: area.column + x / 2), style: style, maxWidth: 1)
    }
}
