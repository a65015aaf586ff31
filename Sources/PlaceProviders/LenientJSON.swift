import Foundation

/// Reads a provider's JSON liberally: numbers may arrive as strings and strings as numbers,
/// empty strings and nulls mean absent.
struct LenientJSON {
    let value: Any?

    init(_ value: Any?) { self.value = value }

    /// The parsed body, or nil when it is not JSON (HTML, empty, truncated).
    static func parse(_ data: Data) -> LenientJSON? {
        guard !data.isEmpty, let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else {
            return nil
        }
        return LenientJSON(object)
    }

    subscript(key: String) -> LenientJSON { LenientJSON((value as? [String: Any])?[key]) }

    var array: [LenientJSON]? { (value as? [Any])?.map(LenientJSON.init) }
    var isObject: Bool { value is [String: Any] }

    /// Trimmed text; nil when missing, null or empty.
    var string: String? {
        let text: String?
        switch value {
        case let string as String: text = string
        case let number as NSNumber: text = number.stringValue
        default: text = nil
        }
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    var double: Double? {
        if let number = value as? NSNumber, !(value is Bool) { return number.doubleValue }
        return string.flatMap(Double.init).flatMap { $0.isFinite ? $0 : nil }
    }

    var int: Int? { double.map { Int($0) } }

    var bool: Bool? {
        if let bool = value as? Bool { return bool }
        switch string?.lowercased() {
        case "true": return true
        case "false": return false
        default: return nil
        }
    }
}

/// Query strings: every byte but RFC 3986's unreserved ones percent-encoded.
enum QueryString {
    static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func encode(_ items: [(String, String)]) -> String {
        items.map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "")"
        }.joined(separator: "&")
    }

    /// `base` without trailing slashes, so `kakao_url = https://host/` works too.
    static func join(_ base: String, _ path: String, _ items: [(String, String)]) -> String {
        var trimmed = Substring(base)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return "\(trimmed)\(path)?\(encode(items))"
    }

    /// The host of a URL for messages (never its path or query).
    static func host(of url: String) -> String {
        URL(string: url)?.host ?? url
    }
}
