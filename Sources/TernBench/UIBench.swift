import TerminalUI

/// The `ui` section of `make bench`: time to draw a representative 120×40 Places screen
/// into a buffer and diff it against the previous frame, and the bytes a one-row selection
/// move sends compared with a full redraw (the baseline).
enum UIBench {
    static let width = 120
    static let height = 40
    static let names = ["서울특별시", "부산광역시", "인천광역시", "대구광역시", "대전광역시", "광주광역시", "울산광역시",
                        "수원시", "東京都", "大阪市", "Jeju-si", "Gyeongju"]

    static let rows: [Line] = (0..<200).map { index in
        let korean = names[index % names.count]
        return Line([Span(index % 3 == 0 ? "★" : "☆", style: index % 3 == 0 ? .foreground(.yellow) : .plain),
                     " ", Span("Place", style: Style(bold: true, underline: true)), Span(" \(index)  "),
                     Span("(\(korean))"), Span("  Region \(index % 17), KR", style: .dim)])
    }

    static let points: [GeoPoint] = (0..<200).map { index in
        GeoPoint(latitude: 33 + Double((index * 37) % 500) / 100, longitude: 126 + Double((index * 53) % 400) / 100)
    }

    static func frame(selected: Int) -> Buffer {
        var buffer = Buffer(width: width, height: height)
        let (header, rest) = buffer.area.split(top: 1)
        let (body, footer) = rest.split(bottom: 1)
        TabHeaderView(titles: ["Places", "Favorites", "Feed", "Profile"], active: 0, rightLabel: "@minji")
            .render(in: header, into: &buffer)
        let (list, detail) = body.split(right: 44)
        let (search, listRows) = list.split(top: 2)
        TextFieldView(state: TextFieldState(text: "place"), placeholder: "Search", isFocused: false)
            .render(in: search.line(0), into: &buffer)
        ListView(rows: rows, state: ListState(offset: 0, selected: selected)).render(in: listRows, into: &buffer)
        let box = BoxView(title: "Place \(selected)")
        box.render(in: detail, into: &buffer)
        let (text, map) = box.inner(of: detail).split(top: 8)
        ParagraphView("\(names[selected % names.count]) — Region \(selected % 17), KR\n37.5665, 126.9780\nAsia/Seoul")
            .render(in: text, into: &buffer)
        MapView(points: points, selected: points[selected]).render(in: map, into: &buffer)
        FooterView(hints: [KeyHint(keys: "j/k", help: "move"), KeyHint(keys: "/", help: "search"),
                           KeyHint(keys: "s", help: "save"), KeyHint(keys: "o", help: "order"),
                           KeyHint(keys: "?", help: "help"), KeyHint(keys: "q", help: "quit")])
            .render(in: footer, into: &buffer)
        return buffer
    }

    static func run() throws {
        var previous = frame(selected: 0)
        var samples: [Double] = []
        var bytes = 0
        for index in 1...1000 {
            let selected = index % 35
            var next = previous
            samples.append(measure {
                next = frame(selected: selected)
                bytes &+= BufferDiff(from: previous, to: next).estimatedBytes
            })
            previous = next
        }
        let timings = Timings(samples)
        print("ui: frame 120×40 (render + diff)  p50 \(ms(timings.p50))  p99 \(ms(timings.p99))  max \(ms(timings.max))")

        let before = frame(selected: 10), after = frame(selected: 11)
        let move = BufferDiff(from: before, to: after)
        let full = BufferDiff(from: nil, to: after)
        print("ui: one-row selection move  \(move.changes.count) cells, \(move.estimatedBytes) bytes, rows \(move.changedRows.sorted())")
        print("ui: baseline full redraw    \(full.changes.count) cells, \(full.estimatedBytes) bytes")
        let ratio = Double(full.estimatedBytes) / Double(max(1, move.estimatedBytes))
        print("ui: full / diff bytes ratio \(String(format: "%.1f", ratio))×  (mean diff bytes over the run: \(bytes / 1000))")
    }
}
