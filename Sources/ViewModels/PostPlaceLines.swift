import Domain
import Foundation
import Localization
import PlaceCatalog

/// Where a post's place line comes from: the catalog (the sample community's
/// posts carry only a catalog id; a lookup by id is a table read once the catalog is
/// loaded, its table filled on the loading lane), then the post's own copy; the distance
/// from home when the config sets one.
public struct PostPlaceLines {
    public let places: PlaceSearching
    public let home: Coordinate?

    public init(places: PlaceSearching, home: Coordinate?) {
        self.places = places
        self.home = home
    }
}

/// A post's place as its row shows it, under the caption: `📍 Name · Region · 3.2 km`.
public struct PostPlaceLine: Equatable, Sendable {
    public var placeID: String
    public var name: String
    /// The region part of the place's address (`Seoul`), "" when it has none.
    public var region: String
    /// Metres from home, nil without a home point or a coordinate.
    public var distance: Double?
    /// The place as Places shows it: from the catalog, else from the post's copy.
    public var info: PlaceInfo?

    public init(placeID: String, name: String, region: String, distance: Double? = nil, info: PlaceInfo? = nil) {
        self.placeID = placeID
        self.name = name
        self.region = region
        self.distance = distance
        self.info = info
    }

    /// The line of `post`, nil when it carries no place (or one neither known nor copied).
    init?(_ post: FeedPost, places: PostPlaceLines?) {
        guard let id = post.placeID else { return nil }
        if let places, places.places.isReady, let info = places.places.place(id: id) {
            self.init(info: info, home: places.home)
            return
        }
        guard let copy = post.place else { return nil }
        let info = copy.coordinate.map { point in
            PlaceInfo(
                placeID: id, name: copy.placeName ?? id, koreanName: copy.koreanName, address: copy.address ?? "",
                latitude: point.latitude, longitude: point.longitude, category: copy.category, phone: copy.phone,
                roadAddress: copy.roadAddress, url: copy.url)
        }
        let korean = Language.current == .ko ? copy.koreanName.flatMap { $0.isEmpty ? nil : $0 } : nil
        self.init(
            placeID: id, name: korean ?? copy.placeName ?? id, region: Self.region(of: copy.address ?? ""),
            distance: places?.home.flatMap { home in copy.coordinate.map { $0.distance(to: home) } }, info: info)
    }

    /// The line of a place the screens know (the catalog's, or an online answer's).
    init(info: PlaceInfo, home: Coordinate?) {
        var region = info.region.map { RegionNames.localized($0, city: (info.name, info.koreanName)) } ?? ""
        if region.isEmpty || region == info.shownName {
            region = CountryNames.localizedAddress(info.country, country: info.country)
        }
        // An online place has no region of the catalog's: its address's first part.
        if region.isEmpty { region = Self.region(of: info.address) }
        self.init(
            placeID: info.placeID, name: info.shownName, region: region,
            distance: home.map { Coordinate(latitude: info.latitude, longitude: info.longitude).distance(to: $0) },
            info: info)
    }

    /// The region part of a copied address: before its first comma (`Seoul, South Korea`),
    /// or its first two words (`서울 강남구 역삼동 823`).
    static func region(of address: String) -> String {
        let first = address.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let words = first.split(separator: " ")
        return words.count > 2 ? words.prefix(2).joined(separator: " ") : first
    }
}
