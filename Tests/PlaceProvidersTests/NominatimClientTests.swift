import Foundation
import PlaceCatalog
import Testing

@testable import PlaceProviders

@Suite struct NominatimClientTests {
    func client(_ server: FakePlacesServer, userAgent: String = "Tern/2.0 (terminal places client)") -> NominatimClient
    {
        NominatimClient(
            baseURL: server.url, transport: CurlTransport(userAgent: userAgent), spacer: RequestSpacer(interval: 0.2))
    }

    @Test func readsNodesWaysAndRelationsWithTypedIDs() throws {
        let server = try FakePlacesServer()
        let answer = try client(server).search(OnlineQuery(text: "paris", limit: 5)).get()
        #expect(answer.places.map(\.placeID) == ["osm:N2475883498", "osm:W5013364", "osm:R7444"])
        #expect(answer.places[0].name == "Tour Eiffel" && answer.places[0].source == .osm)
        #expect(answer.places[0].url == "https://www.openstreetmap.org/node/2475883498")
        #expect(
            answer.places[1].name == "Eiffel Tower Area", "an empty name falls back to the display name's first part")
        #expect(
            answer.places[2].coordinate == Coordinate(latitude: 48.8588897, longitude: 2.320041),
            "numbers as well as strings")
        let request = try #require(try server.requests().first)
        #expect(
            request.params["format"] == "jsonv2" && request.params["q"] == "paris" && request.params["limit"] == "5")
        #expect(request.userAgent.hasPrefix("Tern/"))
    }

    @Test func requestsAreSpacedAtLeastTheInterval() throws {
        let server = try FakePlacesServer()
        let client = client(server)
        let start = Date()
        _ = client.search(OnlineQuery(text: "paris"))
        _ = client.search(OnlineQuery(text: "paris"))
        _ = client.search(OnlineQuery(text: "paris"))
        #expect(Date().timeIntervalSince(start) >= 0.4)
    }

    @Test func refusalsAreOneLineErrors() throws {
        let server = try FakePlacesServer()
        #expect(client(server).search(OnlineQuery(text: "quota")).failure?.code == .quotaExceeded)
        #expect(client(server, userAgent: "curl/8").search(OnlineQuery(text: "paris")).failure?.code == .blocked)
        #expect(client(server).search(OnlineQuery(text: "malformed")).failure?.code == .malformedAnswer)
        let blocked = try #require(client(server, userAgent: "x").search(OnlineQuery(text: "paris")).failure)
        #expect(blocked.message.hasPrefix("OpenStreetMap refused") && blocked.message.contains("nominatim"))
    }
}
