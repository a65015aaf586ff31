import Foundation
import PlaceCatalog
import Testing

@testable import PlaceProviders

@Suite struct OnlinePlacesTests {
    static func temporaryFile() -> String {
        NSTemporaryDirectory() + "tern-answers-\(UUID().uuidString)/answers.json"
    }

    func places(_ server: FakePlacesServer, cacheFile: String, nominatim: Bool = true) -> OnlinePlaces {
        let settings = ProviderSettings(
            kakaoKey: "test-kakao-key", kakaoURL: server.url, nominatim: nominatim, nominatimURL: server.url)
        return OnlinePlaces.configured(settings, cacheFile: cacheFile, userAgent: "Tern/test")
    }

    @Test func searchesEveryProviderAndKeepsTheirOrder() throws {
        let server = try FakePlacesServer()
        let outcomes = places(server, cacheFile: Self.temporaryFile()).searchAll(OnlineQuery(text: "을지로"))
        #expect(outcomes.map(\.source) == [.kakao, .osm])
        #expect(outcomes[0].answer?.places.count == 3 && outcomes[1].answer?.places.map(\.placeID) == ["osm:N4444"])
    }

    @Test func aCategorySearchGoesOnlyToKakao() throws {
        let server = try FakePlacesServer()
        let query = OnlineQuery(
            text: "", category: PlaceCategory.named("cafe"), near: Coordinate(latitude: 37.5665, longitude: 126.99))
        let outcomes = places(server, cacheFile: Self.temporaryFile()).searchAll(query)
        #expect(outcomes.map(\.source) == [.kakao])
        #expect(outcomes[0].answer?.places.first?.name == "을지로 커피한약방")
    }

    @Test func withTheServerGoneTheCachedAnswerAndPlacesRemain() throws {
        let server = try FakePlacesServer()
        let file = Self.temporaryFile()
        _ = places(server, cacheFile: file, nominatim: false).searchAll(OnlineQuery(text: "을지로"))
        server.stop()
        let offline = places(server, cacheFile: file, nominatim: false)
        let outcome = try #require(offline.searchAll(OnlineQuery(text: "을지로")).first)
        #expect(outcome.error?.code == .unreachable)
        #expect(outcome.answer?.places.count == 3 && outcome.cachedAt != nil)
        #expect(offline.cachedPlace(id: "kakao:8105891")?.name == "을지로 커피한약방")
        #expect(offline.cachedPlace(id: "kakao:1") == nil)
    }

    /// The saved answer is the query's, whatever the result limit: what the interface saved
    /// (15) answers the command line (20) offline, cut to the limit asked.
    @Test func theSavedAnswerIsSharedAcrossResultLimits() throws {
        let server = try FakePlacesServer()
        let file = Self.temporaryFile()
        _ = places(server, cacheFile: file, nominatim: false).searchAll(OnlineQuery(text: "을지로", limit: 15))
        server.stop()
        let offline = places(server, cacheFile: file, nominatim: false)
        let wider = try #require(offline.searchAll(OnlineQuery(text: "을지로", limit: 20)).first)
        #expect(wider.error?.code == .unreachable)
        #expect(wider.answer?.places.count == 3 && wider.cachedAt != nil)
        let narrower = try #require(offline.searchAll(OnlineQuery(text: "을지로", limit: 2)).first)
        #expect(narrower.answer?.places.count == 2)
    }

    @Test func nominatimAnswersAreReusedForAnHour() throws {
        let server = try FakePlacesServer()
        let online = places(server, cacheFile: Self.temporaryFile())
        _ = online.searchAll(OnlineQuery(text: "paris"))
        _ = online.searchAll(OnlineQuery(text: "paris"))
        let paths = try server.requests().map(\.path)
        #expect(paths.filter { $0 == "/search" }.count == 1)
        #expect(paths.filter { $0.hasPrefix("/v2/") }.count == 2, "Kakao is asked every time")
    }

    @Test func theCacheIsBoundedInCountAndAge() {
        var clock = Date(timeIntervalSince1970: 1_000_000)
        let cache = AnswerCache(file: Self.temporaryFile(), maxEntries: 3, maxAge: 100, now: { clock })
        for index in 0..<5 {
            cache.save(ProviderAnswer(source: .kakao, places: [], totalCount: index, isEnd: true), for: "k\(index)")
        }
        #expect(cache.answer(for: "k0") == nil && cache.answer(for: "k1") == nil)
        #expect(cache.answer(for: "k4")?.answer.totalCount == 4)
        let reread = AnswerCache(file: cache.file, maxEntries: 3, maxAge: 100, now: { clock })
        #expect(reread.answer(for: "k2")?.answer.totalCount == 2, "kept in the file")
        clock += 101
        #expect(reread.answer(for: "k4") == nil, "too old")
    }

    @Test func settingsTakeTheEnvironmentFirstAndNeverShowTheKey() {
        let settings = ProviderSettings(
            kakaoKey: "from-config", kakaoURL: "http://config", nominatim: false,
            environment: ["KAKAO_REST_API_KEY": "from-env", "TERN_KAKAO_URL": "http://env"])
        #expect(settings.kakaoKey == "from-env" && settings.kakaoURL == "http://env")
        #expect(settings.nominatimURL == "https://nominatim.openstreetmap.org")
        #expect(!settings.description.contains("from-env"))
        #expect(!ProviderSettings().isAnyConfigured)
    }

    @Test(arguments: [
        ("CE7", "CE7"), ("ce7", "CE7"), ("카페", "CE7"), ("cafe", "CE7"), ("Café", "CE7"), ("음식점", "FD6"),
        ("restaurant", "FD6"), ("지하철역", "SW8"), ("subway", "SW8"), ("약국", "PM9"),
    ])
    func categoriesByCodeOrName(name: String, code: String) {
        #expect(PlaceCategory.named(name)?.code == code)
    }

    @Test func unknownCategoriesAreNil() {
        #expect(PlaceCategory.named("spaceport") == nil && PlaceCategory.named("") == nil)
        #expect(PlaceCategory.all.count == 18)
    }
}
