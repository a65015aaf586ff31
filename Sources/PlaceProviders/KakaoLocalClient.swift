import Foundation
import PlaceCatalog

/// Kakao Local's keyword and category search (`/v2/local/search/keyword.json` and
/// `category.json`), `Authorization: KakaoAK {key}`. Pages through 15 places at a time.
public struct KakaoLocalClient: PlaceProvider {
    public static let defaultURL = "https://dapi.kakao.com"
    public static let pageSize = 15
    public static let maxPage = 45

    let key: String
    let baseURL: String
    let transport: HTTPTransport

    public init(key: String, baseURL: String = KakaoLocalClient.defaultURL, transport: HTTPTransport) {
        self.key = key
        self.baseURL = baseURL
        self.transport = transport
    }

    public var source: PlaceSource { .kakao }
    public var searchesCategories: Bool { true }
    var host: String { QueryString.host(of: baseURL) }

    public func search(_ query: OnlineQuery) -> Result<ProviderAnswer, ProviderError> {
        var places: [OnlinePlace] = []
        var totalCount = 0
        var page = 1
        // Kakao's pages are offsets of `size`, so the size stays the same on every page.
        let size = min(Self.pageSize, max(1, query.limit))
        while true {
            switch fetch(query, page: page, size: size) {
            case .failure(let error):
                // A later page failing keeps the pages already read.
                if places.isEmpty { return .failure(error) }
                return .success(ProviderAnswer(source: .kakao, places: places, totalCount: totalCount, isEnd: false))
            case .success(let answer):
                places += answer.places
                totalCount = max(answer.totalCount, places.count)
                if answer.isEnd || places.count >= query.limit || page >= Self.maxPage || answer.places.isEmpty {
                    let isEnd = answer.isEnd && places.count <= query.limit
                    return .success(
                        ProviderAnswer(
                            source: .kakao, places: Array(places.prefix(query.limit)),
                            totalCount: totalCount, isEnd: isEnd))
                }
                page += 1
            }
        }
    }

    /// The request for one page: keyword search when there are words (a category narrows
    /// it), category search around `near` otherwise.
    func request(_ query: OnlineQuery, page: Int, size: Int) -> HTTPRequest {
        var items: [(String, String)] = []
        let path: String
        if query.text.isEmpty {
            path = "/v2/local/search/category.json"
        } else {
            path = "/v2/local/search/keyword.json"
            items.append(("query", query.text))
        }
        if let category = query.category { items.append(("category_group_code", category.code)) }
        if let near = query.near {
            items += [("x", String(near.longitude)), ("y", String(near.latitude)), ("sort", "distance")]
            if query.text.isEmpty || query.category != nil {
                items.append(("radius", String(min(max(query.radius, 0), 20000))))
            }
        }
        items += [("page", String(page)), ("size", String(size))]
        return HTTPRequest(url: QueryString.join(baseURL, path, items), headers: ["Authorization": "KakaoAK \(key)"])
    }

    func fetch(_ query: OnlineQuery, page: Int, size: Int) -> Result<ProviderAnswer, ProviderError> {
        switch transport.get(request(query, page: page, size: size)) {
        case .failure(let failure):
            return .failure(ProviderError(provider: .kakao, failure: failure, host: host))
        case .success(let response):
            return decode(response)
        }
    }

    func decode(_ response: HTTPResponse) -> Result<ProviderAnswer, ProviderError> {
        let json = LenientJSON.parse(response.body)
        guard response.status == 200 else { return .failure(error(status: response.status, json: json)) }
        guard let json, json.isObject, let documents = json["documents"].array else {
            return .failure(ProviderError(provider: .kakao, code: .malformedAnswer, host: host))
        }
        let places = documents.compactMap(Self.place)
        let meta = json["meta"]
        return .success(
            ProviderAnswer(
                source: .kakao, places: places,
                totalCount: max(meta["total_count"].int ?? places.count, places.count),
                isEnd: meta["is_end"].bool ?? true))
    }

    /// Both error shapes: `{"code": -10, "msg": …}` and `{"errorType": …, "message": …}`.
    func error(status: Int, json: LenientJSON?) -> ProviderError {
        let code = json?["code"].int
        let errorType = json?["errorType"].string ?? ""
        let text = clean(json?["msg"].string ?? json?["message"].string ?? "")
        let errorCode: ProviderError.Code
        if code == -10 || status == 429 || errorType == "RequestThrottled" {
            errorCode = .quotaExceeded
        } else if text.lowercased().contains("disabled") || text.contains("OPEN_MAP_AND_LOCAL") {
            errorCode = .serviceDisabled
        } else if status == 401 || code == -401 || errorType == "AccessDeniedError" || errorType == "Unauthorized" {
            errorCode = .keyRefused
        } else if json == nil, status >= 500 || status == 200 {
            errorCode = .malformedAnswer
        } else {
            errorCode = .refused(status: status, message: text)
        }
        return ProviderError(provider: .kakao, code: errorCode, host: host)
    }

    /// The provider's message as one short line, with the key (should a server echo it) removed.
    func clean(_ text: String) -> String {
        var line = text.replacingOccurrences(of: key, with: "…")
        line = String(line.unicodeScalars.map { CharacterSet.controlCharacters.contains($0) ? " " : Character($0) })
        return line.count > 120 ? String(line.prefix(119)) + "…" : line
    }

    /// One document; nil when it has no id, name or usable coordinate.
    static func place(_ document: LenientJSON) -> OnlinePlace? {
        guard let id = document["id"].string, let name = document["place_name"].string,
            let x = document["x"].double, let y = document["y"].double
        else { return nil }
        let coordinate = Coordinate(latitude: y, longitude: x)
        guard (-90...90).contains(y), (-180...180).contains(x) else { return nil }
        let road = document["road_address_name"].string
        return OnlinePlace(
            placeID: "kakao:\(id)", source: .kakao, name: name,
            address: document["address_name"].string ?? road ?? "", roadAddress: road, coordinate: coordinate,
            category: document["category_name"].string ?? document["category_group_name"].string,
            categoryCode: document["category_group_code"].string, phone: document["phone"].string,
            url: document["place_url"].string.flatMap(webPage), distance: document["distance"].double)
    }

    /// A provider's link when it is http or https, the only kind shown or opened: a
    /// `javascript:` or `file:` link in an answer is dropped.
    static func webPage(_ link: String) -> String? {
        let lower = link.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"),
            !link.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F })
        else { return nil }
        return link
    }
}
