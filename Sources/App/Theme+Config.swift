import Domain
import Localization
import TerminalUI

extension Theme {
    /// The roles `color ROLE = COLOUR` may set.
    public static let roles = ["selection", "heart", "star", "match", "muted", "borders", "errors"]

    /// The theme for this run: `TERN_THEME`, else the config's `theme`, else `dark`, with the
    /// config's `color` lines on top. `NO_COLOR` wins over all of it: `mono`. A bad name or
    /// colour stops Tern with `FILE:LINE: reason` (or names `TERN_THEME`).
    public static func configured(_ config: Config, file: String, environment: [String: String]) throws -> Theme {
        var theme = Theme.dark
        if let name = environment["TERN_THEME"], !name.isEmpty {
            guard let named = Theme.named(name) else { throw ThemeError.unknownEnvironmentTheme(name) }
            theme = named
        } else if let directive = config.theme {
            guard let named = Theme.named(directive.value ?? "") else {
                throw ConfigError(
                    file: file, line: directive.line,
                    reason: tr(.configUnknownTheme, ["theme": directive.value ?? "", "themes": knownNames]))
            }
            theme = named
        }
        for directive in config.directives where directive.words.first == "color" {
            try theme.apply(directive, file: file)
        }
        if !(environment["NO_COLOR"] ?? "").isEmpty { return .mono }
        return theme
    }

    static var knownNames: String { builtIn.map(\.name).joined(separator: ", ") }

    /// One `color ROLE = COLOUR` line: the selection's background, or another role's text.
    mutating func apply(_ directive: ConfigDirective, file: String) throws {
        func fail(_ reason: String) -> ConfigError { ConfigError(file: file, line: directive.line, reason: reason) }
        guard directive.words.count == 2 else {
            throw fail(tr(.configExpectedColor, ["roles": Self.roles.joined(separator: ", ")]))
        }
        let role = directive.words[1]
        guard let color = Color(spec: directive.value ?? "") else {
            throw fail(tr(.configUnknownColour, ["colour": directive.value ?? ""]))
        }
        switch role {
        case "selection": selection = Style(background: color, bold: selection.bold)
        case "heart": heart.foreground = color
        case "star": star.foreground = color
        case "match": match.foreground = color
        case "muted": muted = Style(foreground: color)
        case "borders": border.foreground = color
        case "errors":
            error.foreground = color
            toastError.background = color
        default: throw fail(tr(.configUnknownRole, ["role": role, "roles": Self.roles.joined(separator: ", ")]))
        }
    }
}

/// A theme named in the environment that Tern does not have.
public enum ThemeError: Error, Equatable, CustomStringConvertible {
    case unknownEnvironmentTheme(String)

    public var description: String {
        switch self {
        case .unknownEnvironmentTheme(let name):
            return tr(.errorUnknownEnvironmentTheme, ["name": name, "themes": Theme.knownNames])
        }
    }
}
