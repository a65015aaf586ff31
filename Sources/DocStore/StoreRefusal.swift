/// What a store's refusal of a write means, decided once from the error's case and engine
/// code (never its message): the one table every layer above asks (`StoreError.refusal`).
public enum StoreRefusal: Equatable, Sendable {
    /// The server no longer takes this account's password: signing in again may mend it.
    case signInAgain
    /// The server's rules refused the write: sending it again cannot change that.
    case refusedByRules
    /// The write changes a document that does not exist.
    case notFound
}

extension StoreError {
    /// The refusal this error stands for, nil for a failure that is not one (the network,
    /// a timeout, a damaged file), after which the same write may succeed.
    public var refusal: StoreRefusal? {
        if case .notFound = self { return .notFound }
        if code.isAuthenticationFailure { return .signInAgain }
        if code.isRefusedByRules { return .refusedByRules }
        return nil
    }
}
