import Foundation
import Localization

/// A refused or failed service call that is not a validation problem: one line for a toast
/// or stderr.
public enum ServiceError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// Unknown email or wrong password: the same words for both, so nobody learns which
    /// addresses have accounts.
    case wrongCredentials
    case emailTaken(String)
    case usernameTaken(String)
    case accountMissing(uid: String)
    /// The session file's token is not one this store issued (a session copied from another
    /// data directory, or written by hand): it may not write.
    case sessionNotValid
    case postNotFound(String)
    case placeNotFound(String)
    /// The session was made on another store (`signedInOn`: a server, or nil for the
    /// embedded one) than the one in use (`here`).
    case otherStore(signedInOn: String?, here: String?)
    /// Editing or deleting a post someone else wrote.
    case notYourPost(String)
    /// Posting before the profile has both a display name and a username.
    case profileNotFinished
    /// A change made while the team server cannot be reached, other than the writes the
    /// outbox can queue.
    case serverUnreachable
    // Conversations: follows, bookmarks, reposts.
    /// No account has this @name (or uid).
    case userNotFound(String)
    /// Following one's own account.
    case cannotFollowSelf
    // Replies
    /// Replying to a post that does not exist, or no longer does.
    case replyToMissing(String)
    // People
    /// Muting one's own account.
    case cannotMuteSelf

    public var description: String {
        switch self {
        case .wrongCredentials: return tr(.errorWrongCredentials)
        case .emailTaken(let email): return tr(.errorEmailTaken, ["email": email])
        case .usernameTaken(let name): return tr(.errorUsernameTaken, ["username": name])
        case .accountMissing(let uid): return tr(.errorAccountMissing, ["uid": uid])
        case .sessionNotValid: return tr(.errorSessionNotValid)
        case .postNotFound(let id): return tr(.errorPostNotFound, ["id": id])
        case .placeNotFound(let id): return tr(.errorPlaceNotFound, ["id": id])
        case .otherStore(let signedInOn, let here):
            return tr(
                .errorOtherStore, ["signedInOn": signedInOn ?? tr(.embeddedStore), "here": here ?? tr(.embeddedStore)])
        case .notYourPost(let id): return tr(.errorNotYourPost, ["id": id])
        case .profileNotFinished: return tr(.errorProfileNotFinished)
        case .serverUnreachable: return tr(.errorServerUnreachable)
        case .userNotFound(let name): return tr(.errorUserNotFound, ["name": name])
        case .cannotFollowSelf: return tr(.errorCannotFollowSelf)
        case .replyToMissing(let id): return tr(.errorReplyToMissing, ["id": id])
        case .cannotMuteSelf: return tr(.errorCannotMuteSelf)
        }
    }

    public var errorDescription: String? { description }
}
