import Foundation
import PlaceCatalog

/// Puts a folder's places in one of the `FavoriteSort` orders.
public enum FavoriteOrder {
    /// `favorites` in `sort` order: distances from `home`; `manualOrder` for the person's
    /// own order, with places missing from it first, newest first.
    public static func sorted(
        _ favorites: [FavoritePlace], by sort: FavoriteSort, home: Coordinate,
        manualOrder: [String] = []
    ) -> [FavoritePlace] {
        if sort == .distance {
            // Each distance measured once, not once per comparison.
            let distances = Dictionary(
                favorites.map { ($0.placeID, $0.coordinate.distance(to: home)) },
                uniquingKeysWith: { first, _ in first })
            return favorites.sorted { a, b in
                let da = distances[a.placeID]!
                let db = distances[b.placeID]!
                return da == db ? newer(a, b) : da < db
            }
        }
        return favorites.sorted(by: precedes(sort, home: home, manualOrder: manualOrder))
    }

    /// Whether the first place comes before the second in `sort` order: a total order (ties
    /// end at the newest-first order, whose ties end at the id), so a place kept as a cursor
    /// finds its place among the others even after it was deleted.
    public static func precedes(
        _ sort: FavoriteSort, home: Coordinate,
        manualOrder: [String] = []
    ) -> (FavoritePlace, FavoritePlace) -> Bool {
        switch sort {
        case .newest:
            return newer
        case .name:
            return { a, b in
                a.placeName == b.placeName ? newer(a, b) : KoreanCollation.precedes(a.placeName, b.placeName)
            }
        case .distance:
            return { a, b in
                let da = a.coordinate.distance(to: home)
                let db = b.coordinate.distance(to: home)
                return da == db ? newer(a, b) : da < db
            }
        case .manual:
            let positions = Dictionary(
                manualOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            return { a, b in
                switch (positions[a.placeID], positions[b.placeID]) {
                case (let pa?, let pb?): return pa == pb ? newer(a, b) : pa < pb
                case (nil, _?): return true
                case (_?, nil): return false
                case (nil, nil): return newer(a, b)
                }
            }
        }
    }

    /// Newest saved first; the id breaks ties, descending as the store's newest-first
    /// queries order them (`order(by: "savedAt", descending: true)`), so a folder read a
    /// page at a time and one sorted whole agree.
    static func newer(_ a: FavoritePlace, _ b: FavoritePlace) -> Bool {
        a.savedAt == b.savedAt ? a.placeID > b.placeID : a.savedAt > b.savedAt
    }
}
