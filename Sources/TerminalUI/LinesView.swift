/// Styled lines drawn top-down without wrapping, each cut with `…` at the area's width;
/// for detail panes and profile headers.
public struct LinesView: Widget {
    public var lines: [Line]

    public init(_ lines: [Line]) {
        self.lines = lines
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        buffer.fill(area)
        for (index, line) in lines.prefix(area.height).enumerated() {
            line.render(in: area.line(index), into: &buffer)
        }
    }
}
