import Domain
import Foundation
import PlaceCatalog
import PlaceProviders

/// The place catalog as the favorites service sees it, loaded (without the search index)
/// only by the commands that save a place.
func placeDirectory(_ context: CommandContext) throws -> PlaceDirectory {
    CachedOnlineDirectory(
        fallback: CatalogPlaceDirectory(catalog: try PlacesCommands.catalog(context)),
        cache: AnswerCache(file: onlineAnswerCacheFile(context.paths)))
}

/// Adapts `PlaceCatalog` to `PlaceDirectory`: what a favorite copies from a place.
struct CatalogPlaceDirectory: PlaceDirectory {
    let catalog: PlaceCatalog

    func favoriteCandidate(placeID: String) -> FavoriteCandidate? {
        guard let place = catalog.place(id: placeID) else { return nil }
        return FavoriteCandidate(
            placeID: place.placeID, placeName: place.name, address: place.address,
            coordinate: place.coordinate, category: PlaceCategory.coded(place.category)?.korean)
    }
}
