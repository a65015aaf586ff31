import Foundation
import Localization
import PlaceCatalog
import PlaceProviders
import ViewModels

/// The configured online providers (Kakao Local, Nominatim) with their answer cache, as
/// the Places screen searches them.
public final class ProviderPlaces: OnlinePlaceSearching {
    let online: OnlinePlaces
    public let configFile: String
    public let providers: [OnlineProvider]

    /// The category picker's order: what people look for around a place most, first.
    static let pickerOrder = [
        "CE7", "FD6", "SW8", "CS2", "PM9", "HP8", "BK9", "MT1", "PK6", "OL7", "AT4", "AD5",
        "CT1", "SC4", "AC5", "PO3", "PS3", "AG2",
    ]

    public init(online: OnlinePlaces, configFile: String) {
        self.online = online
        self.configFile = configFile
        providers = online.providers.map(Self.provider)
    }

    /// Kakao is asked as you type; Nominatim only on Enter (its usage policy).
    static func provider(_ provider: PlaceProvider) -> OnlineProvider {
        let source = provider.source
        return OnlineProvider(
            id: source.rawValue, name: source.displayName, mark: mark(source) ?? source.rawValue,
            searchesAsYouType: source == .kakao, searchesCategories: provider.searchesCategories)
    }

    /// The short mark an online row carries: `K` for Kakao, `OSM` for OpenStreetMap.
    public static func mark(_ source: PlaceSource) -> String? {
        switch source {
        case .kakao: return "K"
        case .osm: return "OSM"
        case .catalog, .import: return nil
        }
    }

    public var categories: [OnlineCategory] {
        Self.pickerOrder.compactMap(PlaceCategory.named).map {
            OnlineCategory(code: $0.code, name: Language.current == .ko ? $0.korean : $0.english)
        }
    }

    public func search(_ search: OnlineSearch, with provider: OnlineProvider) throws -> OnlineAnswer {
        guard let chosen = online.providers.first(where: { $0.source.rawValue == provider.id }) else {
            return OnlineAnswer(matches: [])
        }
        let query = OnlineQuery(
            text: search.text, category: search.category.flatMap { PlaceCategory.named($0.code) },
            near: search.near, limit: OnlinePlaceResults.limit)
        let outcome = online.search(query, with: chosen)
        guard let answer = outcome.answer else {
            throw outcome.error ?? ProviderError(provider: chosen.source, code: .malformedAnswer, host: "")
        }
        var notice: String?
        if let error = outcome.error, let cachedAt = outcome.cachedAt {
            notice = tr(
                .onlineCachedAnswer, ["reason": error.message, "time": Formats.relativeTime(cachedAt, now: Date())])
        }
        return OnlineAnswer(matches: answer.places.map(Self.match), notice: notice)
    }

    /// A provider's place as a row of the Places list, with all a saved copy needs.
    static func match(_ place: OnlinePlace) -> PlaceMatch {
        PlaceMatch(
            place: PlaceInfo(
                placeID: place.placeID, name: place.name, address: place.address,
                latitude: place.coordinate.latitude, longitude: place.coordinate.longitude,
                sourceMark: mark(place.source), category: place.category, phone: place.phone,
                roadAddress: place.roadAddress, url: place.url),
            distance: place.distance)
    }
}
