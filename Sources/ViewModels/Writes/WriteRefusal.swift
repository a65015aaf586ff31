import Domain
import Localization

/// Why the store refused a write, decided from the error's type and code (never from its
/// message text, which changes with versions and languages), for the toast that rolls a
/// pending row back.
public enum WriteRefusal: Equatable, Sendable, CustomStringConvertible {
    /// The post is gone (its author deleted it meanwhile).
    case postDeleted
    /// The session is no longer valid here: the person must sign in again.
    case signInAgain
    /// The server's rules refused it.
    case refusedByServer

    public var description: String {
        switch self {
        case .postDeleted: return tr(.refusalPostDeleted)
        case .signInAgain: return tr(.refusalSignInAgain)
        case .refusedByServer: return tr(.refusalByServer)
        }
    }

    /// The refusal `error` stands for, or nil for any other failure.
    public static func of(_ error: Error) -> WriteRefusal? {
        switch error {
        case ServiceError.postNotFound: return .postDeleted
        case ServiceError.sessionNotValid, ServiceError.accountMissing, ServiceError.otherStore: return .signInAgain
        case let coded as CodedWriteFailure: return coded.writeRefusal
        default: return nil
        }
    }

    /// What a toast says of a failed write: the refusal, else the error's own line.
    public static func reason(for error: Error) -> String {
        of(error)?.description ?? ErrorText.describe(error)
    }
}

/// An error of a lower layer (the store's, by engine code) that knows which refusal it is;
/// the composition root conforms the store's errors to it.
public protocol CodedWriteFailure: Error {
    var writeRefusal: WriteRefusal? { get }
}
