import TerminalUI
import ViewModels

/// The app's styles in one place.
enum Theme {
    static let selected = Style(reverse: true)
    static let savedMarker = Style(foreground: .yellow, bold: true)
    static let likedMarker = Style(foreground: .red, bold: true)
    static let match = Style(bold: true, underline: true)
    static let title = Style(bold: true)
    static let dim = Style.dim
    static let label = Style(foreground: .cyan)
    static let error = Style(foreground: .red, bold: true)
}
