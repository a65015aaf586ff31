import Domain
import Foundation
import ViewModels

/// The place catalog for the interface.
enum InterfacePlaces {
    static func load(paths: AppPaths, home: Domain.Coordinate) throws -> PlaceSearching {
        EmptyPlaces()
    }
}

/// No catalog: nothing matches.
final class EmptyPlaces: PlaceSearching {
    func search(_ query: String, order: PlaceOrder, limit: Int) -> (total: Int, matches: [PlaceMatch]) { (0, []) }
    func place(id: String) -> PlaceInfo? { nil }
}
