/// Who may read a folder: only its owner (the default), or every signed-in account.
public enum FolderVisibility: String, Codable, CaseIterable, Sendable {
    case `private`, shared

    /// The visibility named `text` (any case), or `FavoritesError.unknownVisibility`.
    public static func named(_ text: String) throws -> FolderVisibility {
        guard let visibility = FolderVisibility(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw FavoritesError.unknownVisibility(text)
        }
        return visibility
    }
}
