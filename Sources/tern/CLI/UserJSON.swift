import Domain

/// A user as `--json` prints one: the stored profile, with `avatar` always present (the
/// picture's PNG data URL, or null without one).
struct UserJSON: Encodable {
    let user: User

    init(_ user: User) {
        self.user = user
    }

    private enum Key: String, CodingKey {
        case avatar
    }

    func encode(to encoder: Encoder) throws {
        try user.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(user.avatar, forKey: .avatar)
    }
}
