/// A one-line message that replaces the footer for a few seconds.
public struct ToastView: Widget {
    public enum Kind: Sendable { case info, success, error }

    public var message: String
    public var kind: Kind
    /// The app's theme colour for this toast, instead of the kind's default.
    public var themeStyle: Style?

    public init(_ message: String, kind: Kind = .info, style: Style? = nil) {
        self.message = message
        self.kind = kind
        self.themeStyle = style
    }

    public var style: Style {
        if let themeStyle { return themeStyle }
        switch kind {
        case .info: return Style(foreground: .black, background: .cyan)
        case .success: return Style(foreground: .black, background: .green)
        case .error: return Style(foreground: .brightWhite, background: .red, bold: true)
        }
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let line = area.line(0)
        buffer.fill(line, with: Cell(" ", style: style))
        buffer.setString(
            " " + message, at: Position(row: line.row, column: line.column), style: style,
            maxWidth: line.width, ellipsis: true)
    }
}
