import Assembly
import Foundation
import Localization
import PlaceCatalog
import Testing

@testable import ViewModels

/// Places read a window of the ranked matches at a time: `G` and walking reach the last
/// match, in the catalog's order, holding at most a window.
@Suite struct PagedPlacesTests {
    /// 1,000 places, `Alpha 0000`, `Beta 0001`, … alternating, the first the most populous.
    static let catalog = PlaceCatalog(places: (0..<1000).map(place))

    static func place(_ index: Int) -> Place {
        let name = String(format: index % 2 == 0 ? "Alpha %04d" : "Beta %04d", index)
        let latitude = Double(index % 90)
        let longitude = Double(index % 180)
        return Place(
            placeID: "p\(index)", name: name, countryName: "Testland", latitude: latitude, longitude: longitude,
            population: 1_000_000 - index)
    }

    func model() throws -> (World, PlaceSearchViewModel) {
        let world = try World()
        let places = CatalogPlaces(catalog: Self.catalog, home: (0, 0))
        return (world, PlaceSearchViewModel(places: places, favorites: world.adapters, events: world.events))
    }

    @Test func bigGOnAnEmptyQueryReachesTheLastPlaceAndLittleGTheFirst() throws {
        let (world, model) = try model()
        defer { withExtendedLifetime(world) {} }
        #expect(model.state.position.text == "1 / 1,000")
        model.selectLast()
        #expect(model.state.selectedRow?.place.name == "Beta 0999")
        #expect(model.state.position.text == "1,000 / 1,000")
        #expect(model.state.rows.count <= model.paged.maxRows)
        model.selectFirst()
        #expect(model.state.selectedRow?.place.name == "Alpha 0000")
        #expect(model.state.position.index == 0)
    }

    @Test func walkingAQuerysMatchesVisitsThemInRankOrderToTheLast() throws {
        let (world, model) = try model()
        defer { withExtendedLifetime(world) {} }
        model.setQuery("beta")
        let expected = Self.catalog.search("beta", limit: 1000).hits.map(\.place.name)
        #expect(model.state.totalCount == 500)
        var seen: [String] = []
        for step in 0..<500 {
            #expect(model.state.position.index == step)
            #expect(model.state.rows.count <= model.paged.maxRows)
            seen.append(model.state.selectedRow?.place.name ?? "")
            model.moveSelection(by: 1)
        }
        #expect(seen == expected)
        #expect(model.state.position.text == "500 / 500")
        for _ in 0..<499 { model.moveSelection(by: -1) }
        #expect(model.state.selectedRow?.place.name == expected[0])
    }

    @Test func bigGOnAQueryAndOnTheDistanceOrder() throws {
        let (world, model) = try model()
        defer { withExtendedLifetime(world) {} }
        model.setQuery("alpha")
        model.selectLast()
        #expect(model.state.selectedRow?.place.name == Self.catalog.search("alpha", limit: 1000).hits.last?.place.name)
        #expect(model.state.position.text == "500 / 500")
        model.toggleOrder()
        model.selectLast()
        let byDistance = Self.catalog.search(
            "alpha", limit: 1000, order: .distance(from: Coordinate(latitude: 0, longitude: 0)))
        #expect(model.state.selectedRow?.place.name == byDistance.hits.last?.place.name)
    }

    @Test func pageKeysReadOnAcrossTheWindowsEdge() throws {
        let (world, model) = try model()
        defer { withExtendedLifetime(world) {} }
        model.rowsInView = 37
        for _ in 0..<20 { model.pageDown() }
        #expect(model.state.position.index == 740)
        #expect(model.state.selectedRow?.place.name == "Alpha 0740")
        for _ in 0..<20 { model.pageUp() }
        #expect(model.state.position.index == 0)
    }

    @Test func thePositionGroupsDigitsInEitherLanguage() {
        let position = ListPosition(index: 119, total: 34_006)
        #expect(Language.$scoped.withValue(.en) { position.text } == "120 / 34,006")
        #expect(Language.$scoped.withValue(.ko) { position.text } == "120 / 34,006")
        #expect(ListPosition(index: 0, total: 0).text == "0 / 0")
    }
}
