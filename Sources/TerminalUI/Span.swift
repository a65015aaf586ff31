import PlainText

/// A run of text in one style.
public struct Span: Hashable, Sendable, ExpressibleByStringLiteral {
    public var text: String
    public var style: Style

    public init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public var width: Int { TextWidth.of(SafeText.forDisplay(text, singleLine: true)) }
}

/// One line of styled spans, such as a list row with an emphasised match and a coloured marker.
public struct Line: Hashable, Sendable, ExpressibleByStringLiteral {
    public var spans: [Span]

    public init(_ spans: [Span]) {
        self.spans = spans
    }

    public init(_ text: String, style: Style = .plain) {
        self.spans = [Span(text, style: style)]
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public var width: Int { spans.reduce(0) { $0 + $1.width } }
    public var text: String { spans.map(\.text).joined() }

    /// `text` with `range` (character offsets) in `emphasis` and the rest in `style`.
    public static func emphasising(
        _ text: String, range: Range<Int>?, style: Style = .plain,
        emphasis: Style = Style(bold: true, underline: true)
    ) -> Line {
        guard let range, range.lowerBound < range.upperBound else { return Line(text, style: style) }
        let characters = Array(text)
        let lower = min(max(0, range.lowerBound), characters.count)
        let upper = min(max(lower, range.upperBound), characters.count)
        return Line(
            [
                Span(String(characters[..<lower]), style: style),
                Span(String(characters[lower..<upper]), style: style.patched(with: emphasis)),
                Span(String(characters[upper...]), style: style),
            ].filter { !$0.text.isEmpty })
    }

    /// Draws the spans from the left of `area`'s first row, cut with `…` when they do not
    /// fit, each span's style laid over `base`. Returns the columns used.
    @discardableResult
    public func render(in area: Rect, into buffer: inout Buffer, base: Style = .plain) -> Int {
        guard !area.isEmpty else { return 0 }
        let fits = width <= area.width
        var used = 0
        for span in spans {
            let remaining = area.width - used
            guard remaining > 0 else { break }
            let spanWidth = span.width
            let cut = !fits && used + spanWidth >= area.width
            // A span that exactly fills the row, with more after it, still ends in `…`.
            let text =
                cut && spanWidth <= remaining
                ? TextWidth.prefix(span.text, width: max(0, remaining - TextWidth.of(buffer.ellipsis)))
                    + buffer.ellipsis
                : span.text
            used += buffer.setString(
                text, at: Position(row: area.row, column: area.column + used),
                style: base.patched(with: span.style), maxWidth: remaining, ellipsis: cut)
            if cut { break }
        }
        return used
    }
}
