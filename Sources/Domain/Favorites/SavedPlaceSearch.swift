import Foundation

/// A person's saved online places (`kakao:…`, `osm:…`) found by name, so Places finds them
/// with no network and no provider key: the catalog holds only its own places.
public enum SavedPlaceSearch {
    /// The saved online places whose name holds `query` (case, spaces and accents aside),
    /// in the order given.
    public static func matches(_ query: String, in favorites: [FavoritePlace]) -> [FavoritePlace] {
        let wanted = key(query)
        guard !wanted.isEmpty else { return [] }
        return favorites.filter { favorite in
            isOnline(favorite.placeID) && key(favorite.placeName).contains(wanted)
        }
    }

    /// The saved places, online or not, whose name holds `query` (every one for an empty
    /// query), newest saved first: the favorites a post's place picker offers.
    public static func saved(_ query: String, in favorites: [FavoritePlace]) -> [FavoritePlace] {
        let wanted = key(query)
        return favorites.filter { wanted.isEmpty || key($0.placeName).contains(wanted) }
            .sorted { $0.savedAt == $1.savedAt ? $0.placeID < $1.placeID : $0.savedAt > $1.savedAt }
    }

    /// Online ids name their provider (`kakao:8105891`); catalog and imported ids do not.
    static func isOnline(_ placeID: String) -> Bool {
        placeID.hasPrefix("kakao:") || placeID.hasPrefix("osm:")
    }

    static func key(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .filter { !$0.isWhitespace }
    }
}
