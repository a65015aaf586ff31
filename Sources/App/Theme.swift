import TerminalUI
import ViewModels

/// The interface's styles by role. Built in: `dark` (the default), `light` (for a white
/// background), `high-contrast` and `mono` (attributes only, and what `NO_COLOR` gets); the
/// config can recolour each role (`Theme+Config`).
public struct Theme: Equatable, Sendable {
    public var name: String
    /// The selected row of a list.
    public var selection: Style
    /// A liked post's heart.
    public var heart: Style
    /// A saved place's star.
    public var star: Style
    /// The matched part of a place name.
    public var match: Style
    /// Secondary text: addresses, times, hints.
    public var muted: Style
    /// Box frames: the help overlay, the map.
    public var border: Style
    /// Errors in forms and error toasts.
    public var error: Style
    public var title: Style
    /// `@usernames`, distances, the header's account label.
    public var accent: Style
    public var activeTab: Style
    public var toastInfo: Style
    public var toastSuccess: Style
    public var toastError: Style

    /// The theme the running interface draws with; set once at start-up and per test.
    @TaskLocal public static var current = Theme.dark

    public static let dark = Theme(
        name: "dark", selection: Style(reverse: true), heart: Style(foreground: .red, bold: true),
        star: Style(foreground: .yellow, bold: true), match: Style(bold: true, underline: true), muted: .dim,
        border: Style(foreground: .cyan), error: Style(foreground: .red, bold: true), title: .bold,
        accent: Style(foreground: .cyan), activeTab: Style(bold: true, reverse: true),
        toastInfo: Style(foreground: .black, background: .cyan),
        toastSuccess: Style(foreground: .black, background: .green),
        toastError: Style(foreground: .brightWhite, background: .red, bold: true))

    public static let light = Theme(
        name: "light", selection: Style(foreground: .black, background: .indexed(153)),
        heart: Style(foreground: .indexed(160), bold: true), star: Style(foreground: .indexed(130), bold: true),
        match: Style(foreground: .indexed(19), bold: true, underline: true), muted: Style(foreground: .indexed(242)),
        border: Style(foreground: .blue), error: Style(foreground: .indexed(160), bold: true), title: .bold,
        accent: Style(foreground: .indexed(25)), activeTab: Style(foreground: .white, background: .blue, bold: true),
        toastInfo: Style(foreground: .black, background: .indexed(153)),
        toastSuccess: Style(foreground: .black, background: .indexed(151)),
        toastError: Style(foreground: .brightWhite, background: .indexed(160), bold: true))

    public static let highContrast = Theme(
        name: "high-contrast", selection: Style(foreground: .black, background: .brightYellow, bold: true),
        heart: Style(foreground: .brightRed, bold: true), star: Style(foreground: .brightYellow, bold: true),
        match: Style(foreground: .brightWhite, bold: true, underline: true), muted: Style(foreground: .brightWhite),
        border: Style(foreground: .brightWhite, bold: true),
        error: Style(foreground: .brightRed, bold: true, underline: true),
        title: Style(foreground: .brightWhite, bold: true), accent: Style(foreground: .brightCyan, bold: true),
        activeTab: Style(foreground: .black, background: .brightWhite, bold: true),
        toastInfo: Style(foreground: .black, background: .brightWhite, bold: true),
        toastSuccess: Style(foreground: .black, background: .brightGreen, bold: true),
        toastError: Style(foreground: .brightWhite, background: .red, bold: true))

    public static let mono = Theme(
        name: "mono", selection: Style(reverse: true), heart: .bold, star: .bold,
        match: Style(bold: true, underline: true),
        muted: .dim, border: .plain, error: Style(bold: true, underline: true), title: .bold, accent: .plain,
        activeTab: Style(bold: true, reverse: true), toastInfo: Style(reverse: true),
        toastSuccess: Style(reverse: true),
        toastError: Style(bold: true, reverse: true))

    public static let builtIn = [dark, light, highContrast, mono]

    public static func named(_ name: String) -> Theme? {
        builtIn.first { $0.name == name.lowercased() }
    }

    /// The style of a toast of `kind`.
    public func toast(_ kind: ToastView.Kind) -> Style {
        switch kind {
        case .info: return toastInfo
        case .success: return toastSuccess
        case .error: return toastError
        }
    }

    // The current theme's roles under the names the screens use.
    static var selected: Style { current.selection }
    static var savedMarker: Style { current.star }
    static var likedMarker: Style { current.heart }
    static var match: Style { current.match }
    static var title: Style { current.title }
    static var dim: Style { current.muted }
    static var label: Style { current.accent }
    /// An `@name` in a post that is an account: the accent, underlined (in `mono` too).
    static var mention: Style {
        var style = current.accent
        style.underline = true
        return style
    }
    static var error: Style { current.error }
    /// The map's dots and its selected place: the theme's colours, attributes only in `mono`.
    static var mapDots: Style { current.name == "mono" ? .plain : Style(foreground: .green) }
    static var mapSelected: Style { current.name == "mono" ? .bold : Style(foreground: .yellow, bold: true) }
}
