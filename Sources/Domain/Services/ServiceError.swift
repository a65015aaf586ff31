import Foundation

/// A refused or failed service call that is not a validation problem: one line for a toast
/// or stderr.
public enum ServiceError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// Unknown email or wrong password: the same words for both, so nobody learns which
    /// addresses have accounts.
    case wrongCredentials
    case emailTaken(String)
    case usernameTaken(String)
    case accountMissing(uid: String)
    case postNotFound(String)
    case placeNotFound(String)
    /// The session was made on another store (`signedInOn`: a server, or nil for the
    /// embedded one) than the one in use (`here`).
    case otherStore(signedInOn: String?, here: String?)

    public var description: String {
        switch self {
        case .wrongCredentials: return "Wrong email or password"
        case .emailTaken(let email): return "An account with \(email) already exists; sign in instead"
        case .usernameTaken(let name): return "Username @\(name) is taken"
        case .accountMissing(let uid): return "The signed-in account \(uid) does not exist here; sign in again"
        case .postNotFound(let id): return "No post with id \(id)"
        case .placeNotFound(let id): return "No place with id \(id)"
        case .otherStore(let signedInOn, let here):
            return "Signed in on \(signedInOn ?? "the embedded store"), not on \(here ?? "the embedded store"); run tern logout, then sign in again"
        }
    }

    public var errorDescription: String? { description }
}
