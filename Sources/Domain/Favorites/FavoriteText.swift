import Foundation
import PlainText

/// The rules for what a person types as a folder name or a memo; each returns the value
/// to store or throws.
public enum FavoriteText {
    public static let memoMaxLength = 200
    /// A saved place's name and address, as the team server's rules allow.
    public static let placeNameMaxLength = 200
    public static let addressMaxLength = 300

    /// At most 200 characters after trimming, one line or several; other control
    /// characters are rejected.
    public static func memo(_ raw: String) throws -> String {
        let memo = raw.trimmed(.whitespacesAndNewlines)
        try rejectControls(memo, field: .memo, allowNewline: true)
        guard memo.count <= memoMaxLength else { throw FavoritesError.memoTooLong(count: memo.count) }
        return memo
    }

    /// A folder name: 1 to 30 characters after trimming, one line.
    public static func folderName(_ raw: String) throws -> String {
        let name = raw.trimmed(.whitespacesAndNewlines)
        guard !name.isEmpty else { throw FavoritesError.folderNameEmpty }
        try rejectControls(name, field: .folderName, allowNewline: false)
        guard name.count <= FavoriteFolder.nameMaxLength else { throw FavoritesError.folderNameTooLong }
        return name
    }

    /// The form two folder names are compared in for uniqueness (case ignored).
    static func nameKey(_ name: String) -> String {
        name.lowercased()
    }

    /// The form a typed folder name is matched in: trimmed, case ignored.
    public static func folderKey(_ name: String) -> String {
        nameKey(name.trimmed(.whitespacesAndNewlines))
    }

    /// Refuses text that holds anything `SafeText` would strip (line breaks only where allowed).
    static func rejectControls(_ text: String, field: FavoriteField, allowNewline: Bool) throws {
        if SafeText.firstUnsafe(in: text, allowNewline: allowNewline) != nil {
            throw FavoritesError.controlCharacter(field: field)
        }
    }
}

extension StringProtocol {
    /// `trimmingCharacters(in: set)`, without Foundation's copy through `NSString` when
    /// neither end holds a character of `set` (the common case of an import's fields).
    func trimmed(_ set: CharacterSet) -> String {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last else { return "" }
        if !set.contains(first) && !set.contains(last) { return String(self) }
        return trimmingCharacters(in: set)
    }
}
