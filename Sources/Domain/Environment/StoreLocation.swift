import DocStore
import Foundation
import Localization

/// A store location Tern cannot use: a URL with a scheme it does not know. Without this
/// check `postgress://…` would become a new database file named after the URL.
public struct StoreLocationError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    public let location: String
    public let scheme: String
    /// Where the location came from: `TERN_STORE` or `--store`.
    public let source: String

    public var description: String {
        tr(.errorStoreLocation, ["source": source, "scheme": scheme, "location": ServerConnection.redacted(location)])
    }

    public var errorDescription: String? { description }
}

/// Where documents and accounts live: a `postgres://` (or `postgresql://`) team server, or
/// a database file. Anything else that looks like a URL (`ftp://x`, `sqlite:db`) is refused.
public enum StoreLocation {
    /// The scheme of `text` when it starts like a URL (`letters:`), else nil. A path with a
    /// slash before the colon (`./a:b`) is a path.
    public static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let head = text[..<colon]
        guard let first = head.first, first.isASCII, first.isLetter,
            head.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) })
        else { return nil }
        return String(head)
    }

    /// `text` when Tern can use it, else the error naming `source`.
    public static func check(_ text: String, source: String) throws -> String {
        guard ServerConnection.isServerURL(text) || scheme(of: text) == nil else {
            throw StoreLocationError(location: text, scheme: scheme(of: text) ?? "", source: source)
        }
        return text
    }
}
