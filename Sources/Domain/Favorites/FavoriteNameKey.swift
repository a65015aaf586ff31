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
        var key: [UInt8] = []
        let ranks = KoreanCollation.key(name)
        key.reserveCapacity(ranks.count * 7 + 7 + name.utf8.count * 6)
        for rank in ranks { append(rank + 1, digits: 7, to: &key) }
        append(0, digits: 7, to: &key)
        // NFC leaves ASCII as it is.
        let normal = name.utf8.allSatisfy { $0 < 0x80 } ? name : name.precomposedStringWithCanonicalMapping
        for scalar in normal.unicodeScalars { append(scalar.value, digits: 6, to: &key) }
        return String(decoding: key, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `value` in lowercase hex, zero-padded to `digits` (more digits when it needs them).
    private static func append(_ value: UInt32, digits: Int, to key: inout [UInt8]) {
        var width = digits
        while width < 8, value >> (4 * UInt32(width)) != 0 { width += 1 }
        for shift in stride(from: 4 * (width - 1), through: 0, by: -4) {
            key.append(hexDigits[Int((value >> UInt32(shift)) & 0xF)])
        }
    }
}
