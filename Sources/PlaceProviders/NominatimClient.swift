import Foundation
import PlaceCatalog

/// OpenStreetMap Nominatim's `/search?q=…&format=jsonv2`, at most one request a second
/// (its usage policy); the transport's User-Agent names Tern and its version.
public struct NominatimClient: PlaceProvider {
    public static let defaultURL = "https://nominatim.openstreetmap.org"
    /// Nominatim returns at most 40 places a request.
    public static let maxLimit = 40
    /// One for the whole process, so two clients cannot double the rate.
    static let spacer = RequestSpacer(interval: 1)

    let baseURL: String
    let transport: HTTPTransport
    let spacer: RequestSpacer

    public init(baseURL: String = NominatimClient.defaultURL, transport: HTTPTransport, spacer: RequestSpacer? = nil) {
        self.baseURL = baseURL
        self.transport = transport
        self.spacer = spacer ?? Self.spacer
    }

    public var source: PlaceSource { .osm }
    public var searchesCategories: Bool { false }
    var host: String { QueryString.host(of: baseURL) }

    func request(_ query: OnlineQuery) -> HTTPRequest {
        let items = [
            ("q", query.text), ("format", "jsonv2"), ("limit", String(min(max(query.limit, 1), Self.maxLimit))),
            ("accept-language", "ko,en"),
        ]
        return HTTPRequest(url: QueryString.join(baseURL, "/search", items))
    }

    public func search(_ query: OnlineQuery) -> Result<ProviderAnswer, ProviderError> {
        spacer.waitForTurn()
        switch transport.get(request(query)) {
        case .failure(let failure):
            return .failure(ProviderError(provider: .osm, failure: failure, host: host))
        case .success(let response):
            return decode(response, near: query.near)
        }
    }

    func decode(_ response: HTTPResponse, near: Coordinate?) -> Result<ProviderAnswer, ProviderError> {
        switch response.status {
        case 200: break
        case 403: return .failure(ProviderError(provider: .osm, code: .blocked, host: host))
        case 429: return .failure(ProviderError(provider: .osm, code: .quotaExceeded, host: host))
        default:
            let message =
                LenientJSON.parse(response.body)?["error"]["message"].string
                ?? LenientJSON.parse(response.body)?["error"].string ?? ""
            return .failure(
                ProviderError(
                    provider: .osm, code: .refused(status: response.status, message: String(message.prefix(120))),
                    host: host))
        }
        guard let rows = LenientJSON.parse(response.body)?.array else {
            return .failure(ProviderError(provider: .osm, code: .malformedAnswer, host: host))
        }
        let places = rows.compactMap { Self.place($0, near: near) }
        return .success(ProviderAnswer(source: .osm, places: places, totalCount: places.count, isEnd: true))
    }

    /// One result; nil without an OSM id or a usable coordinate. The id is `osm:` and the
    /// element's type letter (N node, W way, R relation) with its number.
    static func place(_ row: LenientJSON, near: Coordinate?) -> OnlinePlace? {
        guard let type = row["osm_type"].string?.lowercased(), let letter = type.first.map({ String($0).uppercased() }),
            ["N", "W", "R"].contains(letter), let osmID = row["osm_id"].string,
            let latitude = row["lat"].double, let longitude = row["lon"].double,
            (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        let displayName = row["display_name"].string ?? ""
        let firstPart = displayName.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) }
        guard let name = row["name"].string ?? firstPart, !name.isEmpty else { return nil }
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        let kind = row["type"].string.map { $0.replacingOccurrences(of: "_", with: " ") }
        let typeName = ["N": "node", "W": "way", "R": "relation"][letter]!
        return OnlinePlace(
            placeID: "osm:\(letter)\(osmID)", source: .osm, name: name, address: displayName,
            coordinate: coordinate, category: kind, categoryCode: nil, phone: nil,
            url: "https://www.openstreetmap.org/\(typeName)/\(osmID)",
            distance: near.map { $0.distance(to: coordinate) })
    }
}
