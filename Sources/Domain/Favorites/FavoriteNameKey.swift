import Foundation

/// A favorite's place in the name order as one string of hex digits, stored with it when it
/// is saved (`nameKey`), so that the store sorts a folder by name with its own cursor
/// instead of a pass over the folder. Byte order of two keys is `KoreanCollation.precedes`
/// of the names: the collation key, one 7-digit rank + 1 per unit (ranks stay below
/// 0x0FFFFFFF), then `0000000`, lower than any rank, so a name sorts before the longer names
/// it begins, then the name's own scalars (NFC, 6 digits each) for names the collation
/// finds equal. Hex digits only: a server compares them the same in any collation.
///
/// A change to `KoreanCollation` changes the keys: the favorites saved before it would need
/// theirs again (a new field name, filled as `FavoritesService.fillNameKeys` fills missing ones).
public enum FavoriteNameKey {
    /// The field of a favorite that holds its key.
    public static let field = "nameKey"

    public static func make(_ name: String) -> String {
        var key = ""
        for rank in KoreanCollation.key(name) { append(rank + 1, digits: 7, to: &key) }
        key += "0000000"
        for scalar in name.precomposedStringWithCanonicalMapping.unicodeScalars {
            append(scalar.value, digits: 6, to: &key)
        }
        return key
    }

    private static func append(_ value: UInt32, digits: Int, to key: inout String) {
        let hex = String(value, radix: 16)
        key += String(repeating: "0", count: max(0, digits - hex.count)) + hex
    }
}
