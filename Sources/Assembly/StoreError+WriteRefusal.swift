import DocStore
import ViewModels

/// The store's failures name their refusal by engine code: a password the server no
/// longer accepts means signing in again; its rules refusing means the server refused.
extension StoreError: CodedWriteFailure {
    public var writeRefusal: WriteRefusal? {
        if code.isAuthenticationFailure { return .signInAgain }
        if code.isRefusedByRules { return .refusedByServer }
        return nil
    }
}
