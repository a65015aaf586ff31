import Foundation
import PlaceCatalog
import ViewModels

/// The shipped place catalog (and imports) as the Places screen searches it.
public final class CatalogPlaces: PlaceSearching {
    public let catalog: PlaceCatalog
    public let home: Coordinate

    public init(catalog: PlaceCatalog, home: (latitude: Double, longitude: Double)) {
        self.catalog = catalog
        self.home = Coordinate(latitude: home.latitude, longitude: home.longitude)
    }

    public func search(_ query: String, order: PlaceOrder, limit: Int) -> (total: Int, matches: [PlaceMatch]) {
        let result = catalog.search(query, limit: limit, order: searchOrder(order))
        return (result.totalCount, result.hits.map(Self.match))
    }

    public func ranking(_ query: String, order: PlaceOrder) -> RankedPlaces {
        CatalogRanking(catalog.ranking(query, order: searchOrder(order)))
    }

    private func searchOrder(_ order: PlaceOrder) -> SearchOrder {
        order == .relevance ? .relevance : .distance(from: home)
    }

    static func match(_ hit: PlaceHit) -> PlaceMatch {
        PlaceMatch(
            place: info(hit.place), nameRange: hit.nameRange, koreanNameRange: hit.koreanNameRange,
            distance: hit.distance)
    }

    public func place(id: String) -> PlaceInfo? {
        catalog.place(id: id).map(Self.info)
    }

    static func info(_ place: Place) -> PlaceInfo {
        PlaceInfo(
            placeID: place.placeID, name: place.name, koreanName: place.koreanName, region: place.regionName,
            country: place.countryName, address: place.address, latitude: place.latitude,
            longitude: place.longitude, population: place.population, timeZone: place.timeZone)
    }
}

/// A catalog search's ranking as the Places screen reads it.
final class CatalogRanking: RankedPlaces {
    private let ranking: PlaceRanking

    init(_ ranking: PlaceRanking) { self.ranking = ranking }

    var total: Int { ranking.totalCount }
    func matches(_ range: Range<Int>) -> [PlaceMatch] { ranking.hits(range).map(CatalogPlaces.match) }
}
