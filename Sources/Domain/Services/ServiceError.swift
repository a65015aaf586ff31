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

/// Times as Tern prints them: ISO 8601 in UTC with milliseconds and `Z`
/// (`2026-11-29T13:57:47.123Z`), so that strings sort like the times they name.
public enum TernTime {
    public static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// `now`, `5m`, `3h`, `2d`, `7w`, then `2025-11-02` for anything older than a year.
    public static func age(of date: Date, now: Date = Date()) -> String {
        let seconds = max(0, now.timeIntervalSince(date))
        switch seconds {
        case ..<60: return "now"
        case ..<3600: return "\(Int(seconds / 60))m"
        case ..<86_400: return "\(Int(seconds / 3600))h"
        case ..<(7 * 86_400): return "\(Int(seconds / 86_400))d"
        case ..<(365 * 86_400): return "\(Int(seconds / (7 * 86_400)))w"
        default: return String(iso8601(date).prefix(10))
        }
    }
}
