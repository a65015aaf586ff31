import Domain
import Foundation

/// A short message that replaces the footer for about three seconds.
public struct Toast: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case info, success, error }

    public var message: String
    public var kind: Kind
    /// Set when the action needs a signed-in user: the interface then says how to sign in
    /// with the keys in effect instead of `message`.
    public var signIn: SignInRequired.Action?

    public init(_ message: String, kind: Kind = .info) {
        self.message = message
        self.kind = kind
    }

    /// The refusal of an action that needs a signed-in user.
    public static func signIn(_ action: SignInRequired.Action) -> Toast {
        var toast = Toast(SignInRequired(action).description, kind: .error)
        toast.signIn = action
        return toast
    }

    /// The message of an error for a person: its description, without Swift type noise.
    public static func error(_ error: Error) -> Toast {
        if let refusal = error as? SignInRequired { return signIn(refusal.action) }
        return Toast(ErrorText.describe(error), kind: .error)
    }
}

/// Turns errors into one line for people.
public enum ErrorText {
    public static func describe(_ error: Error) -> String {
        if let localized = error as? LocalizedError, let text = localized.errorDescription { return text }
        return String(describing: error)
    }
}
