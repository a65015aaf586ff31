/// A latitude and longitude in degrees.
public struct GeoPoint: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A braille mini-map: points scaled to fit the area (north up), the selected point drawn
/// as a distinct mark (`◆` in yellow by default) over its cell.
public struct MapView: Widget {
    public var points: [GeoPoint]
    public var selected: GeoPoint?
    public var dotStyle: Style
    public var selectedMark: String
    public var selectedStyle: Style
    /// Room left around the points, as a fraction of their span on each side, so that the
    /// outermost places do not sit on the map's frame.
    public var margin: Double

    public init(
        points: [GeoPoint], selected: GeoPoint? = nil, dotStyle: Style = Style(foreground: .green),
        selectedMark: String = "◆", selectedStyle: Style = Style(foreground: .yellow, bold: true),
        margin: Double = 0
    ) {
        self.points = points
        self.margin = max(0, margin)
        self.selected = selected
        self.dotStyle = dotStyle
        self.selectedMark = selectedMark
        self.selectedStyle = selectedStyle
    }

    /// The latitude and longitude ranges the map shows: those of the points and the selection.
    public var bounds: (latitude: ClosedRange<Double>, longitude: ClosedRange<Double>) {
        let all = (points + (selected.map { [$0] } ?? [])).filter { $0.latitude.isFinite && $0.longitude.isFinite }
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
        if let selected, selected.latitude.isFinite, selected.longitude.isFinite {
            let (x, y) = project(selected, width: area.width, height: area.height, bounds: bounds)
            buffer.setString(
                selectedMark, at: Position(row: area.row + y / 4, column: area.column + x / 2),
                style: selectedStyle, maxWidth: 1)
        }
    }
}
