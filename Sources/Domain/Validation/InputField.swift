import Localization

/// A field people type into, as errors name it: a form puts an error beside the field its
/// error names, never by matching the error's words.
public enum InputField: String, CaseIterable, Sendable {
    case email, password, displayName, username, bio, post, picture, invitation

    /// The field's name in the person's language.
    public var title: String {
        switch self {
        case .email: return tr(.fieldEmail)
        case .password: return tr(.fieldPassword)
        case .displayName: return tr(.fieldDisplayName)
        case .username: return tr(.fieldUsername)
        case .bio: return tr(.fieldBio)
        case .post: return tr(.fieldPost)
        case .picture: return tr(.fieldPicture)
        case .invitation: return tr(.fieldInvitation)
        }
    }

    /// The field an error is about, if it is about one.
    public static func of(_ error: Error) -> InputField? {
        switch error {
        case let validation as ValidationError: return validation.field
        case let service as ServiceError: return service.field
        default: return nil
        }
    }
}

extension ValidationError {
    /// The field the refused value was typed into (nil for a post's body, which has no label).
    public var field: InputField? {
        switch self {
        case .emailInvalid, .emailTooLong: return .email
        case .passwordTooShort, .passwordTooLong: return .password
        case .usernameInvalid: return .username
        case .displayNameEmpty, .displayNameTooLong: return .displayName
        case .bioTooLong: return .bio
        case .controlCharacter(let field): return field
        case .postEmpty, .postTooLong: return .post
        case .avatarInvalid: return .picture
        }
    }
}

extension ServiceError {
    /// The field whose value the service refused, if one.
    public var field: InputField? {
        switch self {
        case .wrongCredentials: return .password
        case .emailTaken: return .email
        case .usernameTaken: return .username
        default: return nil
        }
    }
}
