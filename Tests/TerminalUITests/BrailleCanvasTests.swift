import Testing

@testable import TerminalUI

struct BrailleCanvasTests {
    @Test func dotsMapToBrailleBits() {
        var canvas = BrailleCanvas(width: 2, height: 1)
        #expect(canvas.lines == ["⠀⠀"])
        canvas.set(x: 0, y: 0)
        #expect(canvas.lines == ["⠁⠀"])
        for x in 0..<2 { for y in 0..<4 { canvas.set(x: x, y: y) } }
        canvas.set(x: 3, y: 3)
        #expect(canvas.lines == ["⣿⢀"])
        canvas.set(x: 4, y: 0)
        canvas.set(x: -1, y: 2)
        #expect(canvas.lines == ["⣿⢀"])
    }

    @Test func mapFitsPointsAndMarksTheSelectedOne() {
        let points = [
            GeoPoint(latitude: 10, longitude: 0), GeoPoint(latitude: 0, longitude: 10),
            GeoPoint(latitude: 5, longitude: 5),
        ]
        var buffer = Buffer(width: 4, height: 2)
        MapView(points: points, selected: points[1]).render(in: buffer.area, into: &buffer)
        // North-west corner dot, centre dot, and the selected south-east point as a mark.
        #expect(buffer.unstyled == Buffer(lines: ["⠁⠀⠀⠀", "⠀⠀⠁◆"]))
        #expect(buffer[1, 3].style == Style(foreground: .yellow, bold: true))
        #expect(buffer[0, 0].style == Style(foreground: .green))
    }

    @Test func aMarginKeepsTheOutermostPointsOffTheFrame() {
        let points = [GeoPoint(latitude: 10, longitude: 0), GeoPoint(latitude: 0, longitude: 10)]
        var buffer = Buffer(width: 6, height: 2)
        MapView(points: points, margin: 0.25).render(in: buffer.area, into: &buffer)
        // Without a margin these two would sit in the corners.
        #expect(buffer[0, 0].symbol == "⠀" && buffer[1, 5].symbol == "⠀")
        #expect(buffer.unstyled.lines.joined().contains { $0 != "⠀" })
    }

    @Test func aSinglePointSitsInTheMiddle() {
        var buffer = Buffer(width: 3, height: 1)
        let point = GeoPoint(latitude: 37.5, longitude: 127)
        MapView(points: [point], selected: point).render(in: buffer.area, into: &buffer)
        #expect(buffer.unstyled == Buffer(lines: ["⠀◆⠀"]))
    }

    @Test func nonFinitePointsAreIgnored() {
        var buffer = Buffer(width: 3, height: 1)
        MapView(
            points: [GeoPoint(latitude: .nan, longitude: 1), GeoPoint(latitude: 1, longitude: .infinity)],
            selected: nil
        ).render(in: buffer.area, into: &buffer)
        #expect(buffer.unstyled == Buffer(lines: ["⠀⠀⠀"]))
    }

    @Test func aWindowFixesTheScaleAndLeavesOutWhatLiesOutside() {
        // 5 cells by 2 (10 × 8 dots) showing ±4° of latitude and ±5° of longitude around (0, 0).
        let window = MapWindow(center: GeoPoint(latitude: 0, longitude: 0), latitudeSpan: 4, longitudeSpan: 5)
        let points = [
            GeoPoint(latitude: 4, longitude: -5), GeoPoint(latitude: 0, longitude: 40),
            GeoPoint(latitude: -30, longitude: 0),
        ]
        var buffer = Buffer(width: 5, height: 2)
        MapView(points: points, selected: window.center, window: window).render(in: buffer.area, into: &buffer)
        // The north-west corner dot, the centre marked; the points far off are not drawn at an edge.
        #expect(buffer.unstyled == Buffer(lines: ["⠁⠀⠀⠀⠀", "⠀⠀◆⠀⠀"]))
        #expect(!window.contains(points[1]) && !window.contains(points[2]) && window.contains(points[0]))
    }

    @Test func marksAreDrawnOverTheDotsAndUnderTheSelection() {
        let window = MapWindow(center: GeoPoint(latitude: 0, longitude: 0), latitudeSpan: 4, longitudeSpan: 5)
        var map = MapView(points: [], selected: window.center, window: window)
        map.marks = [GeoPoint(latitude: 4, longitude: 5), window.center, GeoPoint(latitude: 0, longitude: 90)]
        map.markSymbol = "%"
        var buffer = Buffer(width: 5, height: 2)
        map.render(in: buffer.area, into: &buffer)
        #expect(buffer.unstyled == Buffer(lines: ["⠀⠀⠀⠀%", "⠀⠀◆⠀⠀"]), "a mark off the map is left out")
    }
}
