import Assembly
import DocStore
import Domain
import Foundation
import PlaceCatalog
import Testing

@testable import ViewModels

/// Places follows the saved state of the places it holds and the map's newest favorites,
/// never every favorite: with 20,000 saved it holds a window's worth, and the stars stay
/// right as the window moves and as places are unsaved and saved again.
@Suite struct PlacesSavedStateTests {
    static let favoriteCount = 20_000

    /// Every third place of `PagedPlacesTests.catalog` (`p0`, `p3`, … `p999`) and places the
    /// catalog does not have, 20,000 favorites in all, a second apart.
    static func saveFavorites(_ world: World, uid: String) throws {
        let catalogIDs = stride(from: 0, to: 1000, by: 3).map { "p\($0)" }
        let ids = catalogIDs + (0..<(favoriteCount - catalogIDs.count)).map { "elsewhere\($0)" }
        let base = Date(timeIntervalSince1970: 1_790_000_000)
        let batch = world.services.store.batch()
        for (index, id) in ids.enumerated() {
            let favorite = FavoritePlace(
                placeName: id, placeID: id, address: "", coordinate: Coordinate(latitude: 1, longitude: 1),
                savedAt: base.addingTimeInterval(-Double(index)))
            try batch.setData(
                from: favorite, forDocument: world.services.store.document("favorites/\(uid)/favorites/\(id)"))
        }
        try batch.commit()
    }

    /// Every row held shows the star of its place: saved when its index is a multiple of 3.
    static func starsAreRight(_ model: PlaceSearchViewModel) -> Bool {
        !model.state.rows.isEmpty
            && model.state.rows.allSatisfy { row in
                row.isSaved == (Int(row.place.placeID.dropFirst())! % 3 == 0)
            }
    }

    @Test func twentyThousandFavoritesHoldAWindowsWorthAndTheStarsStayRight() throws {
        let world = try World()
        let user = try world.signUp("saver")
        try Self.saveFavorites(world, uid: user.id)
        let places = CatalogPlaces(catalog: PagedPlacesTests.catalog, home: (0, 0))
        let model = PlaceSearchViewModel(places: places, favorites: world.adapters, events: world.events)
        defer { model.stop() }
        model.setUser(user.id)
        world.settle()
        let bound = model.paged.maxRows + PlaceSearchViewModel.mapFavoriteLimit
        #expect(Self.starsAreRight(model))
        #expect(model.state.newestFavorites.count == PlaceSearchViewModel.mapFavoriteLimit)
        #expect(model.state.newestFavorites.first?.placeID == "p0")
        #expect(model.heldFavoriteCount <= bound)

        // `G`: a new window, followed in its turn.
        model.selectLast()
        world.settle()
        #expect(model.state.selectedRow?.place.placeID == "p999")
        #expect(Self.starsAreRight(model))
        #expect(model.heldFavoriteCount <= bound)

        // Unsaving the selected place and bringing it back: the star follows, and `u`
        // restores the favorite the window's saved state held.
        model.toggleSave()
        world.settle()
        #expect(model.state.selectedRow?.isSaved == false)
        #expect(model.state.undoable?.placeID == "p999")
        model.undoUnsave()
        world.settle()
        #expect(model.state.selectedRow?.isSaved == true)
        #expect(Self.starsAreRight(model))

        // A save from another process shows on a held row without reading the folder.
        try world.services.favorites.add(
            FavoriteCandidate(
                placeID: "p998", placeName: "p998", address: "",
                coordinate: Coordinate(latitude: 1, longitude: 1)),
            session: world.services.session())
        world.settle()
        #expect(model.state.rows.first { $0.place.placeID == "p998" }?.isSaved == true)
        #expect(model.state.newestFavorites.first?.placeID == "p998")
        #expect(model.heldFavoriteCount <= bound)
    }
}
