import Foundation

/// A short message that replaces the footer for about three seconds.
public struct Toast: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case info, success, error }

    public var message: String
    public var kind: Kind

    public init(_ message: String, kind: Kind = .info) {
        self.message = message
        self.kind = kind
    }

    /// The message of an error for a person: its description, without Swift type noise.
    public static func error(_ error: Error) -> Toast {
        Toast(ErrorText.describe(error), kind: .error)
    }
}

/// Turns errors into one line for people.
public enum ErrorText {
    public static func describe(_ error: Error) -> String {
        if let localized = error as? LocalizedError, let text = localized.errorDescription { return text }
        return String(describing: error)
    }
}
