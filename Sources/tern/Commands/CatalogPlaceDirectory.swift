import Domain
import Foundation

/// The place catalog as the favorites service sees it. Loaded only by the commands that
/// save a place.
func placeDirectory(_ context: CommandContext) throws -> PlaceDirectory {
    EmptyPlaceDirectory()
}

/// No catalog: every id is unknown.
struct EmptyPlaceDirectory: PlaceDirectory {
    func favoriteCandidate(placeID: String) -> FavoriteCandidate? { nil }
}
