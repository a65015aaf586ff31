import Foundation
import Localization
import PlainText

/// A value a person typed that Tern does not accept. The message is short enough for a
/// toast or one line on stderr.
public enum ValidationError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    case emailInvalid
    case emailTooLong
    case passwordTooShort
    case passwordTooLong
    case usernameInvalid
    case displayNameEmpty
    case displayNameTooLong
    case bioTooLong
    case postEmpty
    case postTooLong(count: Int)
    /// A control character, escape, or bidirectional override in `field`.
    case controlCharacter(field: InputField)
    /// Not a small PNG data URL (`Validation.avatar`).
    case avatarInvalid

    public var description: String {
        switch self {
        case .emailInvalid: return tr(.errorEmailInvalid)
        case .emailTooLong: return tr(.errorEmailTooLong, ["max": String(Validation.emailMaxLength)])
        case .passwordTooShort: return tr(.errorPasswordTooShort, ["min": String(Validation.passwordMinLength)])
        case .passwordTooLong: return tr(.errorPasswordTooLong, ["max": String(Validation.passwordMaxLength)])
        case .usernameInvalid: return tr(.errorUsernameInvalid)
        case .displayNameEmpty: return tr(.errorDisplayNameEmpty)
        case .displayNameTooLong: return tr(.errorDisplayNameTooLong, ["max": String(Validation.displayNameMaxLength)])
        case .bioTooLong: return tr(.errorBioTooLong, ["max": String(Validation.bioMaxLength)])
        case .postEmpty: return tr(.errorPostEmpty)
        case .postTooLong(let count):
            return tr(.errorPostTooLong, ["max": String(Validation.postMaxLength), "count": String(count)])
        case .controlCharacter(let field):
            return tr(.errorControlCharacter, ["field": field.title])
        case .avatarInvalid: return tr(.errorAvatarInvalid, ["side": String(Validation.avatarSide)])
        }
    }

    public var errorDescription: String? { description }
}

/// The rules (docs/cli.md) for what people type. Every function returns the value to
/// store (trimmed, normalised) or throws a `ValidationError`.
///
/// Lengths count characters as people see them (grapheme clusters): `서울` is 2, `👨‍👩‍👧` is 1.
public enum Validation {
    public static let emailMaxLength = 254
    public static let passwordMinLength = 8
    /// Bounds the work of hashing; counted in characters like the minimum.
    public static let passwordMaxLength = 1024
    public static let displayNameMaxLength = 50
    public static let bioMaxLength = 160
    public static let postMaxLength = 280

    // MARK: Email

    /// Trims and lowercases the address (the form used for uniqueness and sign-in), then
    /// checks `local@domain.tld`: no spaces or controls, one `@`, a non-empty local part,
    /// a domain of dot-separated labels (letters, digits, hyphens; not starting or ending
    /// with a hyphen) with at least two labels and a TLD of two or more letters; at most
    /// 254 characters. International (non-ASCII) addresses are accepted in the local part
    /// and domain labels.
    public static func email(_ raw: String) throws -> String {
        let email = raw.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !email.isEmpty else { throw ValidationError.emailInvalid }
        guard email.count <= emailMaxLength, email.utf8.count <= 320 else { throw ValidationError.emailTooLong }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw ValidationError.emailInvalid }
        let local = parts[0]
        let domain = parts[1]
        guard !local.isEmpty, local.count <= 64,
            !local.hasPrefix("."), !local.hasSuffix("."), !local.contains("..")
        else { throw ValidationError.emailInvalid }
        let forbiddenInLocal = Set<Character>(" \t\"(),:;<>[]\\")
        guard local.allSatisfy({ !forbiddenInLocal.contains($0) && isVisible($0) }) else {
            throw ValidationError.emailInvalid
        }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { throw ValidationError.emailInvalid }
        for label in labels {
            guard !label.isEmpty, label.count <= 63, !label.hasPrefix("-"), !label.hasSuffix("-"),
                label.allSatisfy({ $0 == "-" || $0.isLetter || $0.isNumber })
            else { throw ValidationError.emailInvalid }
        }
        guard let tld = labels.last, tld.count >= 2, tld.allSatisfy({ $0.isLetter }) else {
            throw ValidationError.emailInvalid
        }
        return email
    }

    // MARK: Password

    /// At least 8 and at most 1024 characters. Not trimmed: spaces are part of a password.
    /// Control characters are allowed (a password is never drawn).
    public static func password(_ password: String) throws {
        let count = password.count
        guard count >= passwordMinLength else { throw ValidationError.passwordTooShort }
        guard count <= passwordMaxLength else { throw ValidationError.passwordTooLong }
    }

    // MARK: Profile

    /// 3 to 15 of `a-z 0-9 _`. Choice: input is trimmed and **lowercased**, so `SeoYeon`
    /// is accepted and stored as `seoyeon`; usernames are unique ignoring case, and storing
    /// them lowercased makes that a plain equality. Anything else (Hangul, `-`, `.`) is
    /// rejected.
    public static func username(_ raw: String) throws -> String {
        let username = raw.trimmingCharacters(in: .whitespaces).lowercased()
        guard (3...15).contains(username.unicodeScalars.count),
            username.unicodeScalars.allSatisfy({ isUsernameScalar($0) })
        else { throw ValidationError.usernameInvalid }
        return username
    }

    /// 1 to 50 characters after trimming; no control characters (newlines included).
    public static func displayName(_ raw: String) throws -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw ValidationError.displayNameEmpty }
        try rejectControls(name, field: .displayName, allowNewline: false)
        guard name.count <= displayNameMaxLength else { throw ValidationError.displayNameTooLong }
        return name
    }

    /// At most 160 characters after trimming; may be empty. Choice: one line (a bio is
    /// drawn on one line of the profile), so newlines are rejected like other controls.
    public static func bio(_ raw: String) throws -> String {
        let bio = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        try rejectControls(bio, field: .bio, allowNewline: false)
        guard bio.count <= bioMaxLength else { throw ValidationError.bioTooLong }
        return bio
    }

    // MARK: Posts

    /// 1 to 280 characters after trimming. Choice: newlines (`\n`) are allowed inside a
    /// post (short text may have a line break); every other C0/C1 control (tab, CR, ESC…),
    /// DEL, line/paragraph separators and bidirectional controls are rejected.
    public static func postText(_ raw: String) throws -> String {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw ValidationError.postEmpty }
        try rejectControls(text, field: .post, allowNewline: true)
        let count = text.count
        guard count <= postMaxLength else { throw ValidationError.postTooLong(count: count) }
        return text
    }

    /// Characters left for a post being typed (negative when over): for the composer's counter.
    public static func postCharactersLeft(_ raw: String) -> Int {
        postMaxLength - raw.trimmingCharacters(in: .whitespacesAndNewlines).count
    }

    // MARK: Characters

    /// Stored text holds no character `SafeText` calls unsafe (controls, line/paragraph
    /// separators, bidirectional controls), except `\n` where allowed.
    static func rejectControls(_ text: String, field: InputField, allowNewline: Bool) throws {
        if SafeText.firstUnsafe(in: text, allowNewline: allowNewline) != nil {
            throw ValidationError.controlCharacter(field: field)
        }
    }

    static func isUsernameScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "0"..."9", "_": return true
        default: return false
        }
    }

    static func isVisible(_ character: Character) -> Bool {
        !character.isWhitespace
            && !character.unicodeScalars.contains(where: SafeText.isUnsafe)
    }
}

/// An action refused because nobody is signed in; nothing was written. Every message
/// contains `Sign in`.
public struct SignInRequired: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    public enum Action: String, CaseIterable, Sendable {
        case saveFavorites
        case removeFavorites
        case listFavorites
        case likePosts
        case viewLikedPosts
        case post
        case editProfile
        case editPosts
        // Conversations
        case follow
        case bookmark
        case viewBookmarks
        case repost
        // People
        case mute
        // notify: notifications (issue 28)
        case notifications
        // timeline:
        case viewFollowing

        /// False for the actions that only read (they still need someone signed in).
        public var changesData: Bool {
            self != .listFavorites && self != .viewLikedPosts && self != .viewBookmarks && self != .viewFollowing
        }
    }

    public let action: Action

    public init(_ action: Action) {
        self.action = action
    }

    public var description: String {
        switch action {
        case .saveFavorites: return tr(.signInToSave)
        case .removeFavorites: return tr(.signInToRemove)
        case .listFavorites: return tr(.signInToListFavorites)
        case .likePosts: return tr(.signInToLike)
        case .viewLikedPosts: return tr(.signInToViewLiked)
        case .post: return tr(.signInToPost)
        case .editProfile: return tr(.signInToEditProfile)
        case .editPosts: return tr(.signInToEditPosts)
        case .follow: return tr(.signInToFollow)
        case .bookmark: return tr(.signInToBookmark)
        case .viewBookmarks: return tr(.signInToViewBookmarks)
        case .repost: return tr(.signInToRepost)
        case .mute: return tr(.signInToMute)
        case .notifications: return tr(.signInToSeeNotifications)
        case .viewFollowing: return tr(.signInToViewFollowing)
        }
    }

    public var errorDescription: String? { description }
}
