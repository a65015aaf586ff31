import Domain
import PlaceCatalog

/// PLACE as the README's JSON shapes section gives it. `koreanName` and `distance` (metres, only with `--near`)
/// are written as null when absent, so every document has the same keys.
struct PlaceJSON: Encodable {
    let placeID: String
    let placeName: String
    let koreanName: String?
    let address: String
    let coordinate: Coordinate
    let population: Int
    let isFavorite: Bool
    let distance: Double?

    init(_ place: Place, isFavorite: Bool, distance: Double?) {
        placeID = place.placeID
        placeName = place.name
        koreanName = place.koreanName
        address = place.address
        coordinate = place.coordinate
        population = place.population
        self.isFavorite = isFavorite
        self.distance = distance.map { ($0 * 10).rounded() / 10 }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(placeID, forKey: .placeID)
        try container.encode(placeName, forKey: .placeName)
        try container.encode(koreanName, forKey: .koreanName)
        try container.encode(address, forKey: .address)
        try container.encode(coordinate, forKey: .coordinate)
        try container.encode(population, forKey: .population)
        try container.encode(isFavorite, forKey: .isFavorite)
        try container.encode(distance, forKey: .distance)
    }

    private enum CodingKeys: String, CodingKey {
        case placeID, placeName, koreanName, address, coordinate, population, isFavorite, distance
    }
}

/// `places search --json`: `{"meta": {"totalCount", "isEnd"}, "documents": [PLACE…]}`.
struct PlaceSearchJSON: Encodable {
    struct Meta: Encodable {
        let totalCount: Int
        let isEnd: Bool
    }

    let meta: Meta
    let documents: [PlaceJSON]
}
