import DocStore
import Localization

/// Why a write was refused, decided once from the error's type and code (never from its
/// message text, which changes with versions and languages): for the toast that rolls a
/// pending row back, and for the outbox, which drops a write whose refusal `isFinal`.
public enum WriteRefusal: Equatable, Sendable, CustomStringConvertible {
    /// The post is gone (its author deleted it meanwhile).
    case postDeleted
    /// The session is no longer valid here: the person must sign in again; a queued write
    /// waits for that sign-in.
    case signInAgain
    /// The account is gone: signing in again is all the person can do, and a queued write
    /// can never be made.
    case accountGone
    /// The server's rules refused it.
    case refusedByServer
    /// The data refuses it (a place gone, a name taken, text no server takes): the error's
    /// own line says which.
    case refusedByData

    public var description: String {
        switch self {
        case .postDeleted: tr(.refusalPostDeleted)
        case .signInAgain, .accountGone: tr(.refusalSignInAgain)
        case .refusedByServer: tr(.refusalByServer)
        case .refusedByData: tr(.refusalByServer)
        }
    }

    /// True when sending the write again can never change the answer.
    public var isFinal: Bool { self != .signInAgain }

    /// The refusal `error` stands for, or nil for any other failure (kept, tried again).
    public static func of(_ error: Error) -> WriteRefusal? {
        switch error {
        case let error as StoreError:
            switch error.refusal {
            case .signInAgain: return .signInAgain
            case .refusedByRules: return .refusedByServer
            case .notFound: return .refusedByData
            case nil: return nil
            }
        case let error as ServiceError:
            switch error {
            case .postNotFound, .replyToMissing: return .postDeleted
            case .sessionNotValid, .otherStore: return .signInAgain
            case .accountMissing: return .accountGone
            case .placeNotFound, .usernameTaken, .notYourPost, .profileNotFinished: return .refusedByData
            case .userNotFound, .cannotFollowSelf, .cannotMuteSelf: return .refusedByData
            case .wrongCredentials, .emailTaken, .serverUnreachable: return nil
            }
        case is ValidationError, is FavoritesError:
            return .refusedByData
        default:
            return nil
        }
    }
}
