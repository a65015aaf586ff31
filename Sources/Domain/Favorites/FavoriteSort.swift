/// The order of a folder's places, kept per folder.
public enum FavoriteSort: String, Codable, CaseIterable, Sendable {
    /// Most recently saved first (editing a memo does not move a place).
    case newest
    /// By name in `KoreanCollation` order (Hangul in ㄱㄴㄷ order).
    case name
    /// Nearest to the home point first.
    case distance
    /// The person's own order (move up / down).
    case manual

    /// The order named `text` (any case), or `FavoritesError.unknownSort`.
    public static func named(_ text: String) throws -> FavoriteSort {
        guard let sort = FavoriteSort(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw FavoritesError.unknownSort(text)
        }
        return sort
    }

    /// Whether the store sorts a folder this way by a cursor (newest first, by name); the
    /// other orders are a pass over the whole folder for every read.
    public var isStoreSorted: Bool { FavoritesService.StoreOrder(self) != nil }

    /// The next order in the cycle the interface's order key steps through.
    public var next: FavoriteSort {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}
