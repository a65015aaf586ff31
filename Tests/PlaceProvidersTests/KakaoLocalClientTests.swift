import Foundation
import PlaceCatalog
import Testing

@testable import PlaceProviders

@Suite struct KakaoLocalClientTests {
    static let key = "test-kakao-key"
    static let gangnam = Coordinate(latitude: 37.4979, longitude: 127.0276)

    func client(_ server: FakePlacesServer, key: String = key, limits: HTTPLimits = HTTPLimits()) -> KakaoLocalClient {
        KakaoLocalClient(
            key: key, baseURL: server.url, transport: CurlTransport(userAgent: "Tern/test", limits: limits))
    }

    @Test func aLinkThatIsNotHTTPIsNotShown() throws {
        let body = """
            {"documents": [{"id": "1", "place_name": "X", "x": "127.0", "y": "37.5",
              "place_url": "javascript:alert(document.cookie)"},
              {"id": "2", "place_name": "Y", "x": "127.0", "y": "37.5", "place_url": "https://place.map.kakao.com/2"}]}
            """
        let documents = try #require(LenientJSON.parse(Data(body.utf8))?["documents"].array)
        #expect(documents.map { KakaoLocalClient.place($0)?.url } == [nil, "https://place.map.kakao.com/2"])
    }

    @Test func keywordSearchReadsEveryFieldWithPrefixedIDs() throws {
        let server = try FakePlacesServer()
        let answer = try client(server).search(OnlineQuery(text: "을지로")).get()
        #expect(answer.places.map(\.placeID) == ["kakao:8105891", "kakao:1797467432", "kakao:27560699"])
        let cafe = answer.places[0]
        #expect(cafe.source == .kakao && cafe.name == "을지로 커피한약방")
        #expect(cafe.category == "음식점 > 카페" && cafe.categoryCode == "CE7")
        #expect(cafe.roadAddress == "서울 중구 삼일대로12길 16-6")
        #expect(cafe.coordinate == Coordinate(latitude: 37.56641, longitude: 126.99008))
        #expect(cafe.url == "http://place.map.kakao.com/8105891")
        #expect(cafe.phone == nil, "an empty phone is unknown, not an empty string")
        #expect(cafe.distance == nil, "no distance without a point")
        let bare = answer.places[2]
        #expect(bare.category == nil && bare.categoryCode == nil && bare.roadAddress == nil)
        #expect(try server.requests().allSatisfy { $0.hasKey && $0.path == "/v2/local/search/keyword.json" })
    }

    @Test func pagesThroughFifteenAtATimeAndAcceptsNumberCoordinates() throws {
        let server = try FakePlacesServer()
        let answer = try client(server).search(OnlineQuery(text: "스타벅스", limit: 20)).get()
        #expect(answer.places.count == 20 && answer.totalCount == 20 && answer.isEnd)
        #expect(Set(answer.places.map(\.placeID)).count == 20)
        // Every fifth fake place sends x and y as numbers instead of strings.
        #expect(answer.places[4].coordinate.latitude == 37.4979 + 0.0009 * 4)
        let pages = try server.requests().map { [$0.params["page"], $0.params["size"]] }
        #expect(pages == [["1", "15"], ["2", "15"]], "pages are offsets of the size, so it stays the same")
    }

    @Test func aShortLimitStopsAtOnePage() throws {
        let server = try FakePlacesServer()
        let answer = try client(server).search(OnlineQuery(text: "스타벅스", limit: 5)).get()
        #expect(answer.places.count == 5 && answer.totalCount == 20 && !answer.isEnd)
        #expect(try server.requests().count == 1)
    }

    @Test func nearSendsLongitudeLatitudeAndSortsByDistance() throws {
        let server = try FakePlacesServer()
        let near = Coordinate(latitude: 37.5665, longitude: 126.9900)
        let answer = try client(server).search(OnlineQuery(text: "을지로", near: near)).get()
        let request = try #require(try server.requests().first)
        #expect(
            request.params["x"] == "126.99" && request.params["y"] == "37.5665" && request.params["sort"] == "distance")
        let distances = answer.places.compactMap(\.distance)
        #expect(distances.count == 3 && distances == distances.sorted())
    }

    @Test func categorySearchAroundAPoint() throws {
        let server = try FakePlacesServer()
        let query = OnlineQuery(text: "", category: PlaceCategory.named("지하철역"), near: Self.gangnam, radius: 500)
        let answer = try client(server).search(query).get()
        #expect(answer.places.map(\.name) == ["강남역 2호선"])
        let request = try #require(try server.requests().first)
        #expect(request.path == "/v2/local/search/category.json")
        #expect(request.params["category_group_code"] == "SW8" && request.params["radius"] == "500")
    }

    @Test func aRefusedKeyNamesKakaoAndTheFixButNeverTheKey() throws {
        let server = try FakePlacesServer()
        let error = try #require(client(server, key: "wrong-secret-key").search(OnlineQuery(text: "을지로")).failure)
        #expect(error.code == .keyRefused)
        #expect(error.message.hasPrefix("Kakao refused the REST API key"))
        #expect(error.message.contains("KAKAO_REST_API_KEY"))
        #expect(!error.message.contains("wrong-secret-key") && !"\(error)".contains("wrong-secret-key"))
        #expect(!error.message.contains("\n"))
    }

    @Test(arguments: [
        ("quota", ProviderError.Code.quotaExceeded),
        ("malformed", .malformedAnswer),
        ("truncated", .malformedAnswer),
        ("huge", .tooLarge),
    ])
    func failuresBecomeOneLineErrors(query: String, code: ProviderError.Code) throws {
        let server = try FakePlacesServer()
        let error = try #require(client(server).search(OnlineQuery(text: query)).failure)
        #expect(error.code == code)
        #expect(error.message.hasPrefix("Kakao") && !error.message.contains("\n"))
    }

    @Test func aSlowAnswerTimesOut() throws {
        let server = try FakePlacesServer(arguments: ["--slow-seconds", "3"])
        var limits = HTTPLimits()
        limits.totalTimeout = 0.5
        let error = try #require(client(server, limits: limits).search(OnlineQuery(text: "slow")).failure)
        #expect(error.code == .timedOut)
    }

    @Test func aRefusedConnectionIsUnreachable() throws {
        let port = FakePlacesServer.closedPort()
        let client = KakaoLocalClient(
            key: Self.key, baseURL: "http://127.0.0.1:\(port)/", transport: CurlTransport(userAgent: "t"))
        let error = try #require(client.search(OnlineQuery(text: "을지로")).failure)
        #expect(error.code == .unreachable)
        #expect(
            error.message == "Kakao could not be reached at 127.0.0.1 (offline?); the offline catalog still answers")
    }

    @Test func bothErrorShapesAreRead() {
        let client = KakaoLocalClient(
            key: "k", baseURL: "https://dapi.kakao.com", transport: CurlTransport(userAgent: "t"))
        let limit = client.decode(
            HTTPResponse(status: 400, body: Data(#"{"code": -10, "msg": "API limit has been exceeded."}"#.utf8)))
        #expect(limit.failure?.code == .quotaExceeded)
        let denied = client.decode(
            HTTPResponse(
                status: 401, body: Data(#"{"errorType": "AccessDeniedError", "message": "wrong appKey"}"#.utf8)))
        #expect(denied.failure?.code == .keyRefused)
        let disabled = client.decode(
            HTTPResponse(
                status: 403,
                body: Data(
                    #"{"errorType": "NotAuthorizedError", "message": "App(x) disabled OPEN_MAP_AND_LOCAL service."}"#
                        .utf8)))
        #expect(disabled.failure?.code == .serviceDisabled)
        let other = client.decode(
            HTTPResponse(status: 400, body: Data("{\"code\": -2, \"msg\": \"bad\\nrequest\"}".utf8)))
        #expect(other.failure?.code == .refused(status: 400, message: "bad request"))
        let empty = client.decode(HTTPResponse(status: 200, body: Data()))
        #expect(empty.failure?.code == .malformedAnswer)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
