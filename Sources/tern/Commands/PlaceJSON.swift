import Domain
import PlaceCatalog
import PlaceProviders

/// PLACE as docs/cli.md ("JSON shapes") gives it. `koreanName`, `distance` (metres,
/// only with `--near`), `category`, `phone`, `roadAddress` and `url` are written as null
/// when unknown, so every document has the same keys; `source` is `catalog`, `import`,
/// `kakao` or `osm`.
struct PlaceJSON: Encodable {
    let placeID: String
    let placeName: String
    let koreanName: String?
    let address: String
    let coordinate: Coordinate
    let population: Int
    let isFavorite: Bool
    let distance: Double?
    let source: PlaceSource
    let category: String?
    let phone: String?
    let roadAddress: String?
    let url: String?

    init(_ place: Place, isFavorite: Bool, distance: Double?) {
        placeID = place.placeID
        placeName = place.name
        koreanName = place.koreanName
        address = place.address
        coordinate = place.coordinate
        population = place.population
        self.isFavorite = isFavorite
        self.distance = distance.map { ($0 * 10).rounded() / 10 }
        source = PlaceSource.of(placeID: place.placeID)
        category = PlaceCategory.coded(place.category)?.korean
        phone = nil
        roadAddress = nil
        url = nil
    }

    init(_ place: OnlinePlace, isFavorite: Bool) {
        placeID = place.placeID
        placeName = place.name
        koreanName = nil
        address = place.address
        coordinate = place.coordinate
        population = 0
        self.isFavorite = isFavorite
        distance = place.distance.map { ($0 * 10).rounded() / 10 }
        source = place.source
        category = place.category
        phone = place.phone
        roadAddress = place.roadAddress
        url = place.url
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
        try container.encode(source.rawValue, forKey: .source)
        try container.encode(category, forKey: .category)
        try container.encode(phone, forKey: .phone)
        try container.encode(roadAddress, forKey: .roadAddress)
        try container.encode(url, forKey: .url)
    }

    private enum CodingKeys: String, CodingKey {
        case placeID, placeName, koreanName, address, coordinate, population, isFavorite, distance
        case source, category, phone, roadAddress, url
    }
}

extension OnlinePlace {
    /// A saved online place, from the copy in the favorite document.
    init(saved favorite: FavoritePlace) {
        self.init(
            placeID: favorite.placeID, source: PlaceSource.of(placeID: favorite.placeID), name: favorite.placeName,
            address: favorite.address, roadAddress: favorite.roadAddress, coordinate: favorite.coordinate,
            category: favorite.category, phone: favorite.phone, url: favorite.url)
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
