import Foundation

/// The languages of Tern's interface and human output.
public enum Language: String, CaseIterable, Sendable {
    case en, ko

    /// The language strings are looked up in: a scoped one (tests in two languages run at
    /// once), else the process's, set once at start-up and seen by every thread.
    public static var current: Language { scoped ?? processLanguage }

    /// The language inside `Language.$scoped.withValue(.ko) { … }`.
    @TaskLocal public static var scoped: Language?

    /// The language of this run; `tern` sets it before anything is shown.
    // nonisolated(unsafe): written once at start-up, before any other thread exists, then only read.
    nonisolated(unsafe) public static var processLanguage: Language = .en

    /// `ko`, `en`, or a locale name such as `ko_KR.UTF-8` or `en_US`; nil for anything else.
    public init?(code: String) {
        let lower = code.trimmingCharacters(in: .whitespaces).lowercased()
        let base = lower.prefix { $0.isLetter }
        switch base {
        case "ko", "korean": self = .ko
        case "en", "english": self = .en
        default: return nil
        }
    }

    /// The language the locale environment asks for: the first set of `LC_ALL`,
    /// `LC_MESSAGES` and `LANG`; Korean when it names Korean, otherwise English
    /// (`C`, `POSIX` and languages Tern does not have).
    public static func fromLocale(_ environment: [String: String]) -> Language {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return value.lowercased().hasPrefix("ko") ? .ko : .en
        }
        return .en
    }

    /// `TERN_LANG` first, then the config's `language`, then the locale.
    public static func resolve(environment: [String: String], configured: Language?) throws -> Language {
        if let override = environment["TERN_LANG"], !override.isEmpty {
            guard let language = Language(code: override) else {
                throw UnknownLanguage(name: "TERN_LANG", value: override)
            }
            return language
        }
        return configured ?? fromLocale(environment)
    }
}

/// A language setting Tern does not have, such as `TERN_LANG=fr`.
public struct UnknownLanguage: Error, Equatable, Sendable, CustomStringConvertible {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    public var description: String {
        tr(
            .errorUnknownLanguage,
            ["name": name, "value": value, "languages": Language.allCases.map(\.rawValue).joined(separator: ", ")])
    }
}
