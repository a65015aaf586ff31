import Foundation
import Localization

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
    case controlCharacter(field: FavoriteField)
    case notSaved(placeID: String)
    case unknownColor(String)
    case unknownVisibility(String)
    case unknownSort(String)
    case unknownUser(String)
    /// An import refused whole: the first bad row's line (the CSV header is line 1).
    case badImportRow(line: Int, reason: String)
    // Follows of folders (issue 29, point 4)
    /// A private folder (or one made private) is not followed.
    case folderNotShared(String)
    case ownFolder(String)
    case alreadyFollowingFolder(String)
    case notFollowingFolder(String)
    /// An edit of a folder someone else owns, followed here.
    case followedFolderReadOnly(String)

    public var description: String {
        switch self {
        case .folderNameEmpty: return tr(textKey)
        case .folderNameTooLong: return tr(textKey, ["max": String(FavoriteFolder.nameMaxLength)])
        case .folderNameTaken(let name), .folderNotFound(let name): return tr(textKey, ["name": name])
        case .defaultFolderKept: return tr(textKey)
        case .memoTooLong(let count):
            return tr(textKey, ["max": String(FavoriteText.memoMaxLength), "count": String(count)])
        case .controlCharacter(let field): return tr(textKey, ["field": field.title])
        case .notSaved(let id): return tr(textKey, ["id": id])
        case .unknownColor(let text):
            return tr(
                textKey, ["text": text, "values": FavoriteColor.allCases.map(\.rawValue).joined(separator: ", ")])
        case .unknownVisibility(let text): return tr(textKey, ["text": text])
        case .unknownSort(let text):
            return tr(textKey, ["text": text, "values": FavoriteSort.allCases.map(\.rawValue).joined(separator: ", ")])
        case .unknownUser(let name): return tr(textKey, ["name": name])
        case .badImportRow(let line, let reason): return tr(textKey, ["line": String(line), "reason": reason])
        case .folderNotShared(let name), .ownFolder(let name), .alreadyFollowingFolder(let name),
            .notFollowingFolder(let name), .followedFolderReadOnly(let name):
            return tr(textKey, ["name": name])
        }
    }

    /// The catalogue line of this error.
    public var textKey: TextKey {
        switch self {
        case .folderNameEmpty: .errorFolderNameEmpty
        case .folderNameTooLong: .errorFolderNameTooLong
        case .folderNameTaken: .errorFolderNameTaken
        case .folderNotFound: .errorFolderNotFound
        case .defaultFolderKept: .errorDefaultFolderKept
        case .memoTooLong: .errorMemoTooLong
        case .controlCharacter: .errorControlCharacter
        case .notSaved: .errorNotSaved
        case .unknownColor: .errorUnknownColor
        case .unknownVisibility: .errorUnknownVisibility
        case .unknownSort: .errorUnknownSort
        case .unknownUser: .errorUnknownUser
        case .badImportRow: .errorBadImportRow
        case .folderNotShared: .errorFolderNotShared
        case .ownFolder: .errorOwnFolder
        case .alreadyFollowingFolder: .errorAlreadyFollowingFolder
        case .notFollowingFolder: .errorNotFollowingFolder
        case .followedFolderReadOnly: .errorFollowedFolderReadOnly
        }
    }

    public var errorDescription: String? { description }
}
