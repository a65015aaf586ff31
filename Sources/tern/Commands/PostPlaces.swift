import Domain
import Foundation
import PlaceCatalog
import PlaceProviders

/// A post's place on the command line (issue 29): `--place PLACE_ID` on `post` and `reply`,
/// and the `place` every post's JSON carries.
enum PostPlaces {
    static let option = Option<String>.text("place", value: "PLACE_ID", help: .optPostPlace, allowsEmpty: false)

    /// The copy of the place `id` names, as a post keeps it: a catalog (or imported) place,
    /// or an online one among the signed-in person's favorites or in the answer cache, as
    /// `favorites add` finds them. Any other id is `ServiceError.placeNotFound`, before
    /// anything is written.
    static func attached(_ id: String, _ context: CommandContext, session: Session) throws -> PostPlace {
        let source = PlaceSource.of(placeID: id)
        if source != .kakao, let place = try PlacesCommands.catalog(context).place(id: id) {
            return PostPlace(
                placeName: place.name, koreanName: place.koreanName, address: place.address,
                coordinate: place.coordinate, category: PlaceCategory.coded(place.category)?.korean,
                source: source.rawValue)
        }
        if source.isOnline {
            if let saved = try context.services().favorites.list(session: session).first(where: { $0.placeID == id }) {
                return PostPlace(OnlinePlace(saved: saved))
            }
            if let seen = AnswerCache(file: onlineAnswerCacheFile(context.paths)).place(id: id) {
                return PostPlace(seen)
            }
        }
        throw ServiceError.placeNotFound(id)
    }
}

extension PostPlace {
    /// The copy of an online place.
    init(_ place: OnlinePlace) {
        self.init(
            placeName: place.name, address: place.address, coordinate: place.coordinate, category: place.category,
            phone: place.phone, roadAddress: place.roadAddress, url: place.url, source: place.source.rawValue)
    }
}

/// The PLACE of each post a command prints: a catalog place read from the catalog (so a
/// sample post that names only its `placeID` shows it), any other from the copy the post
/// carries. The catalog and the favorites are read once, and only when a post has a place.
final class PostPlaceReader {
    private let context: CommandContext
    private var catalog: PlaceCatalog??
    private var favorites: Set<String>?

    init(_ context: CommandContext) {
        self.context = context
    }

    func json(for post: FeedPost) -> PlaceJSON? {
        guard let id = post.placeID, !id.isEmpty else { return nil }
        let isFavorite = favoriteIDs().contains(id)
        let source = PlaceSource.of(placeID: id)
        if source != .kakao, let place = loadedCatalog()?.place(id: id) {
            return PlaceJSON(place, isFavorite: isFavorite, distance: nil)
        }
        guard let copy = post.place else { return nil }
        return PlaceJSON(posted: copy, placeID: id, isFavorite: isFavorite)
    }

    private func loadedCatalog() -> PlaceCatalog? {
        if let catalog { return catalog }
        let loaded = try? PlacesCommands.catalog(context)
        catalog = .some(loaded)
        return loaded
    }

    private func favoriteIDs() -> Set<String> {
        if let favorites { return favorites }
        let read = (try? favoritePlaceIDs(context)) ?? []
        favorites = read
        return read
    }
}

extension PlaceJSON {
    /// A post's copy of a place that is not in the catalog (an online one).
    init(posted place: PostPlace, placeID: String, isFavorite: Bool) {
        self.placeID = placeID
        placeName = place.placeName ?? ""
        koreanName = place.koreanName
        address = place.address ?? ""
        coordinate = place.coordinate ?? Coordinate(latitude: 0, longitude: 0)
        population = 0
        self.isFavorite = isFavorite
        distance = nil
        source = place.source.flatMap(PlaceSource.init(rawValue:)) ?? PlaceSource.of(placeID: placeID)
        category = place.category
        phone = place.phone
        roadAddress = place.roadAddress
        url = place.url
    }
}
