import Domain
import Foundation
import Localization
import PlaceProviders
import PlainText

/// Which online providers the config and environment turn on.
func providerSettings(config: Config, environment: [String: String]) -> ProviderSettings {
    ProviderSettings(
        kakaoKey: config.kakaoKey, kakaoURL: config.kakaoURL, nominatim: config.nominatim,
        nominatimURL: config.nominatimURL, environment: environment)
}

/// The providers `settings` turn on, with their answer cache in the data directory. Nothing
/// here touches the network until a search asks.
func onlinePlaces(paths: AppPaths, settings: ProviderSettings) -> OnlinePlaces {
    let version = HelpText.version.split(separator: " ").last.map(String.init) ?? "0"
    return OnlinePlaces.configured(
        settings, cacheFile: onlineAnswerCacheFile(paths),
        userAgent: "Tern/\(version) (terminal places client)")
}

func onlineAnswerCacheFile(_ paths: AppPaths) -> String {
    paths.dataDirectory + "/places/online-answers.json"
}

/// One line on stderr for a provider that failed while the command goes on.
func printProviderNotice(_ outcome: ProviderOutcome) {
    guard let error = outcome.error else { return }
    var line = error.message
    if let cachedAt = outcome.cachedAt {
        line = tr(.onlineCachedAnswer, ["reason": line, "time": ISO8601DateFormatter().string(from: cachedAt)])
    }
    FileHandle.standardError.write(Data("tern: \(SafeText.clean(line))\n".utf8))
}

/// An online place seen in an earlier answer, as the favorites service copies it (an `osm:`
/// id not among the answers may be a place imported from an extract, in the catalog).
struct CachedOnlineDirectory: PlaceDirectory {
    let fallback: PlaceDirectory?
    let cache: AnswerCache

    func favoriteCandidate(placeID: String) -> FavoriteCandidate? {
        guard PlaceSource.of(placeID: placeID).isOnline, let place = cache.place(id: placeID) else {
            return fallback?.favoriteCandidate(placeID: placeID)
        }
        return FavoriteCandidate(
            placeID: place.placeID, placeName: place.name, address: place.address,
            coordinate: place.coordinate, category: place.category, phone: place.phone,
            roadAddress: place.roadAddress, url: place.url)
    }
}
