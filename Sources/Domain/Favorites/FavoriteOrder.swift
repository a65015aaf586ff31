import Foundation
import PlaceCatalog

/// Puts a folder's places in one of the `FavoriteSort` orders.
public enum FavoriteOrder {
    /// `favorites` in `sort` order: distances from `home`; `manualOrder` for the person's
    /// own order, with places missing from it first, newest first.
    public static func sorted(_ favorites: [FavoritePlace], by sort: FavoriteSort, home: Coordinate,
                              manualOrder: [String] = []) -> [FavoritePlace] {
        switch sort {
        case .newest:
            return favorites.sorted(by: newer)
        case .name:
            return favorites.sorted { a, b in
                a.placeName == b.placeName ? newer(a, b) : KoreanCollation.precedes(a.placeName, b.placeName)
            }
        case .distance:
            let distances = Dictionary(favorites.map { ($0.placeID, $0.coordinate.distance(to: home)) },
                                       uniquingKeysWith: { first, _ in first })
            return favorites.sorted { a, b in
                let da = distances[a.placeID]!, db = distances[b.placeID]!
                return da == db ? newer(a, b) : da < db
            }
        case .manual:
            let positions = Dictionary(manualOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            return favorites.sorted { a, b in
                switch (positions[a.placeID], positions[b.placeID]) {
                case let (pa?, pb?): return pa < pb
                case (nil, _?): return true
                case (_?, nil): return false
                case (nil, nil): return newer(a, b)
                }
            }
        }
    }

    /// Newest saved first; the id breaks ties so the order is stable.
    static func newer(_ a: FavoritePlace, _ b: FavoritePlace) -> Bool {
        a.savedAt == b.savedAt ? a.placeID < b.placeID : a.savedAt > b.savedAt
    }
}
