import Assembly
import Domain
import Foundation
import PlaceCatalog
import Testing

@testable import ViewModels

/// The map's followed saves come through their own latest-only lane, never read on the
/// loop's thread, and follow the selection: none for a place until its own arrive.
@Suite struct FollowedSavesLaneTests {
    @Test func theFollowedSavesAreReadOnTheirLaneAndFollowTheSelection() throws {
        let world = try World()
        let mina = try world.otherUser("mina")
        let trip = try world.services.favorites.createFolder(name: "Trip", visibility: .shared, session: mina)
        try world.services.favorites.add(
            FavoriteCandidate(
                placeID: "1838524", placeName: "Busan", address: "Busan, South Korea",
                coordinate: Coordinate(latitude: 35.1028, longitude: 129.0403)),
            folderID: trip.id, session: mina)
        try world.signUp("viewer")
        let viewer = try #require(try world.services.session())
        try world.services.follows.writeFollow(true, uid: mina.uid, session: viewer)

        #expect(WorkLane.followedSaves.name == "places.followedSaves")
        #expect(WorkLane.followedSaves.policy == .latestOnly)
        let model = PlaceSearchViewModel(places: world.places, favorites: world.adapters, events: world.events)
        defer { model.stop() }
        model.setUser(viewer.uid)
        model.setQuery("Seoul")
        model.detailShown(true)
        let seoul = try #require(model.state.selectedRow?.place.placeID)
        // Asked on the lane: nothing on the loop's thread before the answer comes back.
        #expect(model.state.followedSavesPlaceID == nil)
        PlaceDetailCountsTests.settle(world) { model.state.followedSavesPlaceID != nil }
        #expect(model.state.followedSavesPlaceID == seoul)
        #expect(model.state.followedSaves.map(\.placeID) == ["1838524"])

        model.setQuery("Busan")
        PlaceDetailCountsTests.settle(world) { model.state.followedSavesPlaceID == "1838524" }
        #expect(model.state.followedSavesPlaceID == "1838524")
        #expect(model.state.followedSaves.isEmpty, "the place the map is of is its ◆, not a ◇")
    }
}
