/// The small palette a folder or a favorite is coloured from (stored by name).
public enum FavoriteColor: String, Codable, CaseIterable, Sendable {
    case red, orange, yellow, green, blue, purple, pink, gray

    /// The colour named `text` (any case), or `FavoritesError.unknownColor`.
    public static func named(_ text: String) throws -> FavoriteColor {
        guard let color = FavoriteColor(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw FavoritesError.unknownColor(text)
        }
        return color
    }
}
