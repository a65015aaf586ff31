/// A terminal colour. `.default` leaves the terminal's own colour in place; `.indexed` is one
/// of the 256 of xterm, `.rgb` a true colour (a backend without them draws the nearest).
public enum Color: Hashable, Sendable {
    case `default`
    case black, red, green, yellow, blue, magenta, cyan, white
    case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)

    /// The ANSI number 0–15, or nil for the default colour.
    public var ansiIndex: Int? {
        switch self {
        case .default: return nil
        case .black: return 0
        case .red: return 1
        case .green: return 2
        case .yellow: return 3
        case .blue: return 4
        case .magenta: return 5
        case .cyan: return 6
        case .white: return 7
        case .brightBlack: return 8
        case .brightRed: return 9
        case .brightGreen: return 10
        case .brightYellow: return 11
        case .brightBlue: return 12
        case .brightMagenta: return 13
        case .brightCyan: return 14
        case .brightWhite: return 15
        case .indexed(let index): return index < 16 ? Int(index) : nil
        case .rgb: return nil
        }
    }
}

/// Colours and attributes of one cell.
public struct Style: Hashable, Sendable {
    public var foreground: Color
    public var background: Color
    public var bold: Bool
    public var dim: Bool
    public var underline: Bool
    public var reverse: Bool

    public init(
        foreground: Color = .default, background: Color = .default,
        bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
    }

    public static let plain = Style()
    public static let bold = Style(bold: true)
    public static let dim = Style(dim: true)
    public static let reverse = Style(reverse: true)
    public static let underline = Style(underline: true)

    public static func foreground(_ color: Color) -> Style { Style(foreground: color) }

    /// This style with the colours and attributes that `other` sets laid on top:
    /// a non-default colour replaces, an attribute adds. A style that sets both its colours
    /// (a picture's cell: a face's half block or badge) keeps them as they are: laid over a
    /// reversed style (a selected row) it is not reversed, which would swap a half block's
    /// top and bottom pixels.
    public func patched(with other: Style) -> Style {
        Style(
            foreground: other.foreground == .default ? foreground : other.foreground,
            background: other.background == .default ? background : other.background,
            bold: bold || other.bold, dim: dim || other.dim,
            underline: underline || other.underline,
            reverse: other.setsBothColors ? other.reverse : reverse || other.reverse)
    }

    /// Both the foreground and the background are given.
    public var setsBothColors: Bool { foreground != .default && background != .default }
}
