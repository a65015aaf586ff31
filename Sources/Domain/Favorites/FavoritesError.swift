import Foundation

/// A refused favorites action (folders, memos, import): one line for a toast or stderr.
/// Callers match the case, never the text.
public enum FavoritesError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    case folderNameEmpty
    case folderNameTooLong
    case folderNameTaken(String)
    case folderNotFound(String)
    /// The default folder holds places saved without choosing one; it can be renamed, not deleted.
    case defaultFolderKept
    case memoTooLong(count: Int)
    /// A control character, escape or bidirectional override in a folder name, memo or imported name.
    case controlCharacter(field: String)
    case notSaved(placeID: String)
    case unknownColor(String)
    case unknownVisibility(String)
    case unknownSort(String)
    case unknownUser(String)
    /// An import refused whole: the first bad row's line (the CSV header is line 1).
    case badImportRow(line: Int, reason: String)

    public var description: String {
        switch self {
        case .folderNameEmpty: return "Folder name must not be empty"
        case .folderNameTooLong: return "Folder name must be at most \(FavoriteFolder.nameMaxLength) characters"
        case .folderNameTaken(let name): return "A folder named \(name) already exists"
        case .folderNotFound(let name): return "No folder named \(name)"
        case .defaultFolderKept: return "The default folder cannot be deleted (rename it instead)"
        case .memoTooLong(let count):
            return "Memo must be at most \(FavoriteText.memoMaxLength) characters (it has \(count))"
        case .controlCharacter(let field): return "\(field) must not contain control characters"
        case .notSaved(let id): return "\(id) is not among your favorites"
        case .unknownColor(let text):
            return "Unknown colour \(text) (one of \(FavoriteColor.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .unknownVisibility(let text): return "Unknown visibility \(text) (private or shared)"
        case .unknownSort(let text):
            return "Unknown order \(text) (one of \(FavoriteSort.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .unknownUser(let name): return "No user @\(name)"
        case .badImportRow(let line, let reason): return "line \(line): \(reason); nothing was imported"
        }
    }

    public var errorDescription: String? { description }
}
