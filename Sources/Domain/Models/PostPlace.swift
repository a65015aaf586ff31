import DocStore
import Foundation
import PlaceCatalog

/// `tweets/{id}.place`: the copy of the place a post carries (beside its `placeID`), made
/// when the post is written, so an online place shows offline and for readers without a
/// provider key. Every field is optional: a forged or older copy reads as what it holds.
/// The server takes at most these fields, each within the favorites' text limits
/// (Resources/server/17-post-places.sql).
public struct PostPlace: Equatable, Sendable, Codable {
    public var placeName: String?
    public var koreanName: String?
    public var address: String?
    public var coordinate: Coordinate?
    public var category: String?
    public var phone: String?
    public var roadAddress: String?
    public var url: String?
    /// `catalog`, `import`, `kakao` or `osm` (`PlaceSource`).
    public var source: String?

    public init(
        placeName: String?, koreanName: String? = nil, address: String?, coordinate: Coordinate?,
        category: String? = nil, phone: String? = nil, roadAddress: String? = nil, url: String? = nil,
        source: String? = nil
    ) {
        self.placeName = placeName
        self.koreanName = koreanName
        self.address = address
        self.coordinate = coordinate
        self.category = category
        self.phone = phone
        self.roadAddress = roadAddress
        self.url = url
        self.source = source
    }

    /// The copy of a place a favorite would save, with the catalog's Korean name when known.
    public init(_ candidate: FavoriteCandidate, koreanName: String? = nil, source: String?) {
        self.init(
            placeName: candidate.placeName, koreanName: koreanName, address: candidate.address,
            coordinate: candidate.coordinate, category: candidate.category, phone: candidate.phone,
            roadAddress: candidate.roadAddress, url: candidate.url,
            source: source)
    }

    /// The copy read from a stored `place` map; nil when the field is absent or not a map.
    init?(field: FieldValue?) {
        guard let map = field?.mapValue else { return nil }
        var coordinate: Coordinate?
        if let point = map["coordinate"]?.mapValue, let latitude = point["latitude"]?.doubleValue,
            let longitude = point["longitude"]?.doubleValue
        {
            coordinate = Coordinate(latitude: latitude, longitude: longitude)
        }
        self.init(
            placeName: map["placeName"]?.stringValue, koreanName: map["koreanName"]?.stringValue,
            address: map["address"]?.stringValue, coordinate: coordinate, category: map["category"]?.stringValue,
            phone: map["phone"]?.stringValue, roadAddress: map["roadAddress"]?.stringValue,
            url: map["url"]?.stringValue, source: map["source"]?.stringValue)
    }

    /// The stored map: only the fields known.
    var field: WriteValue {
        var map: [String: FieldValue] = [:]
        let texts: [(String, String?)] = [
            ("placeName", placeName), ("koreanName", koreanName), ("address", address), ("category", category),
            ("phone", phone), ("roadAddress", roadAddress), ("url", url), ("source", source),
        ]
        for (key, value) in texts { if let value { map[key] = .string(value) } }
        if let coordinate {
            map["coordinate"] = .map([
                "latitude": .double(coordinate.latitude), "longitude": .double(coordinate.longitude),
            ])
        }
        return .map(map)
    }
}
