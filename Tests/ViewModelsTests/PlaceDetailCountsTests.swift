import Assembly
import DocStore
import Domain
import Foundation
import PlaceCatalog
import Testing

@testable import ViewModels

/// The detail's counts of the selected place arrive through their lane and follow the
/// selection: nothing for a place until its counts come, then its own posts.
@Suite struct PlaceDetailCountsTests {
    @Test func theSelectedPlacesPostsAreCountedOffTheLoopAndFollowTheSelection() throws {
        let world = try World()
        let places = CatalogPlaces(catalog: PagedPlacesTests.catalog, home: (0, 0))
        let first = PlaceSearchViewModel(places: places, favorites: world.adapters, events: world.events)
        let firstID = try #require(first.state.selectedRow?.place.placeID)
        first.stop()
        world.settle()
        let batch = world.services.store.batch()
        for index in 0..<3 {
            batch.setData(
                [
                    "caption": .string("Post \(index)"), "timestamp": .timestamp(Date(timeIntervalSince1970: 1e9)),
                    "uid": "someone", "likes": 0, "placeID": .string(firstID),
                ], forDocument: world.services.store.collection("tweets").document("post\(index)"))
        }
        try batch.commit()
        let model = PlaceSearchViewModel(places: places, favorites: world.adapters, events: world.events)
        defer { model.stop() }
        model.detailShown(true)
        // Asked on the lane, not answered on the loop's thread before the event comes back.
        #expect(model.state.countsPlaceID == nil)
        Self.settle(world) { model.state.countsPlaceID != nil }
        #expect(model.state.countsPlaceID == firstID)
        #expect(model.state.counts?.posts == 3)
        model.moveSelection(by: 1)
        Self.settle(world) { model.state.countsPlaceID != firstID }
        #expect(model.state.countsPlaceID == model.state.selectedRow?.place.placeID)
        #expect(model.state.countsPlaceID != firstID)
        #expect(model.state.counts?.posts == 0)
    }

    /// Applies the answers as they come back from the lane's thread, until `done` (5 s at most).
    static func settle(_ world: World, until done: () -> Bool) {
        let deadline = Date().addingTimeInterval(5)
        world.settle()
        while !done(), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
            world.settle()
        }
    }
}
