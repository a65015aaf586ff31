/// One catalogue of texts per language, looked up by `TextKey`; `{name}` marks a placeholder
/// filled at lookup. Each catalogue is a `switch` over every key, so a language without a
/// text for a key does not compile, and a lookup builds nothing: a command that prints two
/// lines no longer fills a dictionary of 698 texts (and makes the runtime scan the binary
/// for `TextKey`'s `Hashable` conformance) before its first line.
public enum Catalogue {
    /// Every text of `language` by key (what the catalogue tests compare).
    public static func texts(_ language: Language) -> [TextKey: String] {
        Dictionary(uniqueKeysWithValues: TextKey.allCases.map { ($0, template($0, language: language)) })
    }

    /// The text of `key` in `language`, placeholders unfilled.
    static func template(_ key: TextKey, language: Language) -> String {
        switch language {
        case .en: return english(key)
        case .ko: return korean(key)
        }
    }

    /// The month names of a language: short for recent dates, long for join dates.
    public static func monthNames(_ language: Language, long: Bool) -> [String] {
        switch language {
        case .en: return long ? englishMonthNames : englishMonths
        case .ko: return koreanMonths
        }
    }

    /// The text of `key` in `language` with each `{name}` replaced by `values[name]`.
    public static func text(_ key: TextKey, _ values: [String: String] = [:], language: Language = .current) -> String {
        fill(template(key, language: language), values)
    }

    /// The placeholder names in a template, in order: `{count} of {total}` → count, total.
    public static func placeholders(in template: String) -> [String] {
        var names: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    static func fill(_ template: String, _ values: [String: String]) -> String {
        // A byte test: `contains("{")` goes through Foundation's general string search (a
        // measurable part of a one-search command, for the one line it prints last).
        guard template.utf8.contains(UInt8(ascii: "{")) else { return template }
        var result = ""
        var rest = Substring(template)
        // `append(contentsOf:)` of a `Substring`, not `+=`: the generic `+=` costs the runtime
        // a scan of every protocol conformance in the binary on its first call.
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result.append(contentsOf: rest[..<open])
            let name = String(rest[rest.index(after: open)..<close])
            let value = values[name] ?? "{\(name)}"
            result += value
            rest = rest[rest.index(after: close)...]
            if let particle = KoreanParticle.resolve(after: value, in: rest) { rest = particle }
        }
        result.append(contentsOf: rest)
        return result
    }
}

/// The text of `key` in the current language, placeholders filled: `tr(.toastSaved, ["place": name])`.
public func tr(_ key: TextKey, _ values: [String: String] = [:]) -> String {
    Catalogue.text(key, values)
}
