import DocStore
import Foundation
import Localization
import PlaceCatalog

/// A config file line Tern cannot use: names the file and the line.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    public let file: String
    public let line: Int
    public let reason: String

    public init(file: String, line: Int, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    public var description: String { "\(file):\(line): \(reason)" }
    public var errorDescription: String? { description }
}

/// Settings from `AppPaths.configFile`: `key = value` lines, `#` starts a comment (whole
/// line or after a value), blank lines ignored. Known keys:
///
/// - `home = LAT,LON`: the home point for the distance order in Places. Default: Seoul
///   City Hall, 37.5665,126.9780.
/// - `store = URL or FILE`: where documents and accounts live, e.g. a team server
///   `postgres://db.example/tern`; a relative file path is relative to the config file's
///   directory, and any other URL scheme is an error. Default: the embedded database in the data directory
///   (`--store` and `TERN_STORE` take precedence).
/// - `language = ko|en`: the interface's language (`TERN_LANG` takes precedence; default:
///   the locale).
/// - `theme = NAME`: the interface's colours (`TERN_THEME` takes precedence). The
///   interface checks the name, as it does the directives below.
/// - `kakao_key = KEY`: a Kakao REST API key, which turns on Kakao Local search
///   (`KAKAO_REST_API_KEY` takes precedence); `kakao_url = URL` (default
///   `https://dapi.kakao.com`, `TERN_KAKAO_URL` takes precedence).
/// - `nominatim = on|off`: OpenStreetMap Nominatim search (default off);
///   `nominatim_url = URL` (default `https://nominatim.openstreetmap.org`,
///   `TERN_NOMINATIM_URL` takes precedence).
/// - `color ROLE = COLOUR`, `bind SCREEN ACTION = KEY, KEY`, `unbind SCREEN KEY`: kept as
///   `directives` with their line numbers for the interface to check and apply.
///
/// An unknown key, a line without `=`, a repeated key or a bad value is an error naming
/// the file and line (a typo should not be ignored silently). A missing file means the
/// defaults.
public struct Config: Equatable, Sendable {
    /// Seoul City Hall.
    public static let defaultHome = Coordinate(latitude: 37.5665, longitude: 126.9780)
    public static let knownKeys = [
        "home", "store", "language", "theme", "kakao_key", "kakao_url", "nominatim", "nominatim_url", "color ROLE",
        "bind SCREEN ACTION", "unbind SCREEN KEY",
    ]

    public var home: Coordinate
    /// Whether the file sets `home` (a post's place line then shows its distance).
    public var homeIsSet = false
    /// Where the documents live (`store =`); nil for the embedded database.
    public var store: String?
    /// `language =`; nil to follow the locale.
    public var language: Language?
    /// `theme =` and its line; nil for the default.
    public var theme: ConfigDirective?
    /// `kakao_key =`; nil when not set. Never printed: errors name the key, not its value.
    public var kakaoKey: String?
    /// `kakao_url =`; nil for the default.
    public var kakaoURL: String?
    /// `nominatim = on|off`.
    public var nominatim = false
    /// `nominatim_url =`; nil for the default.
    public var nominatimURL: String?
    /// `color`, `bind` and `unbind` lines, in file order.
    public var directives: [ConfigDirective] = []

    public init(home: Coordinate = Config.defaultHome, store: String? = nil) {
        self.home = home
        self.store = store
    }

    public static let defaults = Config()

    /// Reads the config at `paths.configFile`, or the defaults when there is none.
    public static func load(paths: AppPaths) throws -> Config {
        try load(file: paths.configFile)
    }

    public static func load(file: String) throws -> Config {
        // `stat` first: most runs have no config, and setting up `FileManager.default` is a
        // measurable part of a search process.
        var info = stat()
        guard stat(file, &info) == 0 else { return .defaults }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw ConfigError(file: file, line: 0, reason: tr(.configCannotRead))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(file: file, line: 0, reason: tr(.configNotUTF8))
        }
        return try parse(text, file: file)
    }

    public static func parse(_ text: String, file: String) throws -> Config {
        var config = Config()
        var seen = Set<String>()
        for (lineNumber, rawLine) in ConfigLines.lines(of: text) {
            func fail(_ reason: String) -> ConfigError { ConfigError(file: file, line: lineNumber, reason: reason) }
            if rawLine.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\t" }) {
                throw fail(tr(.configControlCharacter))
            }
            let trimmed = withoutComment(Substring(rawLine)).trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            let words = trimmed.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            if words.first?.lowercased() == "unbind" && !trimmed.contains("=") {
                config.directives.append(
                    ConfigDirective(line: lineNumber, words: ["unbind"] + words.dropFirst(), value: nil))
                continue
            }
            guard let equals = trimmed.firstIndex(of: "=") else {
                throw fail(tr(.configExpectedKeyValue))
            }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty else { throw fail(tr(.configMissingKey)) }
            let keyWords = key.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            if ["bind", "color", "unbind"].contains(keyWords[0]) {
                config.directives.append(ConfigDirective(line: lineNumber, words: keyWords, value: value))
                continue
            }
            guard seen.insert(key).inserted else { throw fail(tr(.configSetTwice, ["key": key])) }
            switch key {
            case "home":
                guard let point = parseCoordinate(value) else {
                    throw fail(tr(.configBadHome))
                }
                config.home = point
                config.homeIsSet = true
            case "store":
                guard !value.isEmpty else { throw fail(tr(.configStoreEmpty)) }
                if let scheme = StoreLocation.scheme(of: value), !ServerConnection.isServerURL(value) {
                    throw fail(tr(.configStoreScheme, ["scheme": scheme]))
                }
                config.store = resolve(value, besideFile: file)
            case "language":
                guard let language = Language(code: value) else {
                    throw fail(
                        tr(.configBadLanguage, ["languages": Language.allCases.map(\.rawValue).joined(separator: ", ")])
                    )
                }
                config.language = language
            case "theme":
                config.theme = ConfigDirective(line: lineNumber, words: ["theme"], value: value)
            case "kakao_key":
                guard !value.isEmpty, !value.contains(where: { $0.isWhitespace }) else {
                    throw fail(tr(.configBadKakaoKey))
                }
                config.kakaoKey = value
            case "kakao_url", "nominatim_url":
                guard isWebURL(value) else { throw fail(tr(.configBadURL, ["key": key])) }
                if key == "kakao_url" { config.kakaoURL = value } else { config.nominatimURL = value }
            case "nominatim":
                switch value.lowercased() {
                case "on": config.nominatim = true
                case "off": config.nominatim = false
                default: throw fail(tr(.configBadNominatim))
                }
            default:
                throw fail(tr(.configUnknownKey, ["key": key, "keys": knownKeys.joined(separator: ", ")]))
            }
        }
        return config
    }

    /// A relative file path is relative to the directory of the config file, not to
    /// wherever Tern was started.
    static func resolve(_ location: String, besideFile file: String) -> String {
        if ServerConnection.isServerURL(location) || location.hasPrefix("/") { return location }
        let directory = (file as NSString).deletingLastPathComponent
        return directory.isEmpty ? location : directory + "/" + location
    }

    /// The line before its `#` comment; a value that starts with `#` (a `#rrggbb` colour)
    /// keeps its first word.
    static func withoutComment(_ line: Substring) -> Substring {
        var searchStart = line.startIndex
        if let equals = line.firstIndex(of: "=") {
            let value = line[line.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
            if value.first == "#" {
                searchStart = value.firstIndex { $0 == " " || $0 == "\t" } ?? value.endIndex
            }
        }
        guard let hash = line[searchStart...].firstIndex(of: "#") else { return line }
        return line[..<hash]
    }

    /// Whether `text` is an absolute http(s) URL with a host, for the provider URLs.
    public static func isWebURL(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else { return false }
        return true
    }

    /// `LAT,LON` in decimal degrees (spaces allowed around the comma); nil when malformed
    /// or out of range. Shared with `--near`.
    public static func parseCoordinate(_ text: String) -> Coordinate? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let latitude = Double(parts[0].trimmingCharacters(in: .whitespaces)),
            let longitude = Double(parts[1].trimmingCharacters(in: .whitespaces))
        else { return nil }
        let point = Coordinate(latitude: latitude, longitude: longitude)
        return point.isValid ? point : nil
    }
}
