import App
import Assembly
import Domain
import Foundation
import Localization
import PlaceCatalog
import PlaceProviders
import Testing
import ViewModels

/// Kakao Local answered in-process: keyword and category pages in Kakao's shapes, or a
/// refused key.
struct CannedKakao: HTTPTransport {
    var refuses = false

    static func document(
        _ id: Int, _ name: String, _ category: String, _ code: String, road: String, phone: String,
        x: String, y: String, distance: String?
    ) -> String {
        """
        {"id": "\(id)", "place_name": "\(name)", "category_name": "\(category)", "category_group_code": "\(code)",
         "category_group_name": "", "phone": "\(phone)", "address_name": "서울 중구 을지로동 \(id % 100)",
         "road_address_name": "\(road)", "x": "\(x)", "y": "\(y)", "place_url": "http://place.map.kakao.com/\(id)"\
        \(distance.map { ", \"distance\": \"\($0)\"" } ?? "")}
        """
    }

    func get(_ request: HTTPRequest) -> Result<HTTPResponse, HTTPFailure> {
        if refuses {
            return .success(
                HTTPResponse(status: 401, body: Data(#"{"errorType": "AccessDeniedError", "message": "bad key"}"#.utf8))
            )
        }
        let near = request.url.contains("x=")
        let documents =
            request.url.contains("category.json")
            ? [
                Self.document(
                    8_105_891, "을지로 커피한약방", "음식점 > 카페", "CE7", road: "서울 중구 삼일대로12길 16-6", phone: "",
                    x: "126.99008", y: "37.56641", distance: near ? "180" : nil),
                Self.document(
                    26_338_954, "스타벅스 을지로점", "음식점 > 카페 > 커피전문점 > 스타벅스", "CE7", road: "서울 중구 을지로 29",
                    phone: "1522-3232", x: "126.98400", y: "37.56600", distance: near ? "420" : nil),
            ]
            : [
                Self.document(
                    8_105_891, "을지로 커피한약방", "음식점 > 카페", "CE7", road: "서울 중구 삼일대로12길 16-6", phone: "",
                    x: "126.99008", y: "37.56641", distance: nil),
                Self.document(
                    1_797_467_432, "을지로 노가리골목", "음식점 > 술집 > 호프,요리주점", "FD6", road: "", phone: "02-2266-1234",
                    x: "126.99170", y: "37.56630", distance: nil),
            ]
        let body =
            #"{"meta": {"total_count": 2, "pageable_count": 2, "is_end": true, "same_name": null}, "documents": ["#
            + documents.joined(separator: ",") + "]}"
        return .success(HTTPResponse(status: 200, body: Data(body.utf8)))
    }
}

@Suite struct OnlinePlacesScreenTests {
    static let configFile = "/home/you/.config/tern/config"

    static func online(refuses: Bool = false, kakao: Bool = true) -> ProviderPlaces {
        let providers: [PlaceProvider] =
            kakao
            ? [
                KakaoLocalClient(
                    key: "test-key", baseURL: "http://kakao.test", transport: CannedKakao(refuses: refuses))
            ] : []
        return ProviderPlaces(online: OnlinePlaces(providers: providers, cache: nil), configFile: configFile)
    }

    /// Lets the debounce pass; the request runs at once and its answer is drawn.
    static func answer(_ world: AppWorld, _ harness: AppHarness) {
        world.clock.advance(by: OnlinePlaceResults.debounce)
        harness.settle()
        harness.settle()
    }

    @Test(arguments: ScreenGoldenTests.sizes) func onlineRowsCarryTheirSourceAndTheDetailPaneTheirDetails(
        width: Int, height: Int
    ) throws {
        let world = try AppWorld()
        let harness = world.harness(width: width, height: height, online: Self.online())
        harness.press("/")
        harness.type("을지로")
        #expect(harness.text.contains("searching Kakao…"))
        Self.answer(world, harness)
        expectGolden(harness, "online-places")
        #expect(harness.line(containing: "K 을지로 커피한약방") != nil)
    }

    @Test(arguments: ScreenGoldenTests.sizes) func theCategoryPickerSearchesAroundHome(width: Int, height: Int) throws {
        let world = try AppWorld()
        let harness = world.harness(width: width, height: height, online: Self.online())
        harness.press("c")
        expectGolden(harness, "online-category-picker")
        harness.press("enter")
        Self.answer(world, harness)
        expectGolden(harness, "online-category")
        #expect(harness.line(containing: "cafe near home") != nil)
        harness.press("esc")
        #expect(harness.line(containing: "cafe near home") == nil)
        #expect(harness.line(containing: "K 을지로") == nil)
    }

    /// A saved Kakao place is found by its name with no provider (no key) and when the
    /// provider fails (offline), as `tern places search` finds it (`SavedPlaceSearch`).
    @Test(arguments: [false, true]) func aSavedKakaoPlaceIsFoundOffline(kakaoRefuses: Bool) throws {
        let world = try AppWorld()
        try world.signUp("keeper", displayName: "Keeper")
        try world.services.favorites.add(
            FavoriteCandidate(
                placeID: "kakao:26338954", placeName: "스타벅스 을지로점", address: "서울 중구 을지로동 54",
                coordinate: Coordinate(latitude: 37.566, longitude: 126.984), category: "음식점 > 카페 > 커피전문점 > 스타벅스",
                roadAddress: "서울 중구 을지로 29"),
            session: world.services.session())
        let online = kakaoRefuses ? Self.online(refuses: true) : Self.online(kakao: false)
        let harness = world.harness(width: 120, height: 40, online: online)
        harness.press("/")
        harness.type("스타벅스")
        Self.answer(world, harness)
        let row = try #require(harness.line(containing: "스타벅스 을지로점"), "\(harness.text)")
        #expect(row.contains("★"), "shown saved: \(row)")
        #expect(harness.app.places.state.selectedRow?.place.placeID == "kakao:26338954")
        #expect(harness.text.contains("서울 중구 을지로 29"), "its saved details in the detail pane")
        harness.press("ctrl-u")
        harness.type("을지로점")
        Self.answer(world, harness)
        #expect(harness.line(containing: "스타벅스 을지로점") != nil, "any part of its name finds it")
        harness.press("ctrl-u")
        harness.type("Tokyo")
        Self.answer(world, harness)
        #expect(harness.line(containing: "스타벅스 을지로점") == nil, "another query does not list it")
    }

    /// A category search lists that category's places only: not the catalog after them.
    @Test func aCategorySearchListsOnlyItsPlaces() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24, online: Self.online())
        harness.press("c")
        harness.press("enter")
        Self.answer(world, harness)
        #expect(harness.line(containing: "K 을지로 커피한약방") != nil)
        #expect(harness.line(containing: "Tokyo") == nil, "\(harness.text)")
        #expect(harness.app.places.state.position.total == 2)
        harness.press("esc")
        #expect(harness.line(containing: "Tokyo") != nil, "the catalog is back")
    }

    /// With only a provider that cannot search by category, `c` says so instead of finding nothing.
    @Test func withoutACategoryProviderCSaysSo() throws {
        let world = try AppWorld()
        let nominatim = NominatimClient(baseURL: "http://nominatim.test", transport: CannedKakao())
        let online = ProviderPlaces(
            online: OnlinePlaces(providers: [nominatim], cache: nil), configFile: Self.configFile)
        let harness = world.harness(width: 120, height: 40, online: online)
        harness.press("c")
        #expect(!harness.app.places.isPickingCategory)
        #expect(
            harness.text.contains(
                "No provider here searches by category (OpenStreetMap cannot): add kakao_key = KEY to "
                    + "\(Self.configFile)"
            ),
            "\(harness.text)")
    }

    @Test func inKoreanTheRowsPickerAndDetailsReadKorean() throws {
        let world = try AppWorld()
        Language.$scoped.withValue(.ko) {
            let harness = world.harness(width: 120, height: 40, online: Self.online())
            harness.press("c")
            expectGolden(harness, "ko-online-category-picker")
            harness.press("enter")
            Self.answer(world, harness)
            expectGolden(harness, "ko-online-category")
            #expect(harness.line(containing: "집 주변 카페") != nil)
            #expect(harness.text.contains("도로명 서울 중구 삼일대로12길 16-6"))
            #expect(harness.line(containing: "K Kakao") != nil)
            #expect(harness.line(containing: "c 업종") != nil)
        }
    }

    @Test func aSavedOnlinePlaceOpensFromFavoritesWithItsDetails() throws {
        let world = try AppWorld()
        try world.signUp("saver", displayName: "Saver")
        let harness = world.harness(width: 120, height: 40, online: Self.online())
        harness.press("/")
        harness.type("을지로")
        Self.answer(world, harness)
        harness.press("enter")
        harness.press("s")
        harness.settle()
        harness.press("esc")
        harness.press("2")
        #expect(harness.line(containing: "을지로 커피한약방") != nil)
        harness.press("enter")
        #expect(harness.line(containing: "Search 을지로 커피한약방") != nil)
        #expect(harness.text.contains("Road address 서울 중구 삼일대로12길 16-6"))
        #expect(harness.text.contains("Source Kakao"))
        #expect(harness.line(containing: "★ K 을지로 커피한약방") != nil)
    }

    /// Beside the detail pane the line is too long for the list: it is drawn across the
    /// screen, so the config file's path is whole.
    @Test(arguments: [(100, 30), (120, 40)]) func theConfigPathIsShownWhole(width: Int, height: Int) throws {
        let world = try AppWorld()
        let harness = world.harness(width: width, height: height, online: Self.online(kakao: false))
        let text = harness.lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(
            text.contains("Online places are off: add kakao_key = KEY or nominatim = on to \(Self.configFile)"),
            "\(harness.text)")
    }

    @Test func withoutAProviderOneQuietLineSaysHowToAddOne() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24, online: Self.online(kakao: false))
        expectGolden(harness, "online-off")
        #expect(harness.line(containing: "add kakao_key = KEY or nominatim = on") != nil)
    }

    @Test func aRefusedKeyIsOneLineAndKeysStillAnswer() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 120, height: 40, online: Self.online(refuses: true))
        harness.press("/")
        harness.type("을지로")
        Self.answer(world, harness)
        #expect(harness.line(containing: "Kakao refused the REST API key") != nil)
        harness.press("esc")
        harness.press("j")
        #expect(harness.line(containing: "Kakao refused") == nil)
        #expect(harness.text.contains("Tokyo"))
    }
}
