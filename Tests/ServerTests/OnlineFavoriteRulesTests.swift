import DocStore
import Domain
import Foundation
import PlaceCatalog
import Testing

/// A place saved from Kakao keeps its category, phone, road address and web page on a team
/// server, as on the embedded store, and a member with `psql` stores no link but http(s).
@Suite(.serialized)
struct OnlineFavoriteRulesTests {
    static let kakao = FavoriteCandidate(
        placeID: "kakao:26338954", placeName: "스타벅스 강남R점", address: "서울 강남구 역삼동 825",
        coordinate: Coordinate(latitude: 37.4979, longitude: 127.0276), category: "카페", phone: "1522-3232",
        roadAddress: "서울 강남구 강남대로 390", url: "https://place.map.kakao.com/26338954")

    @Test(.requiresPostgres)
    func aKakaoPlaceSavedOnTheServerKeepsItsDetails() throws {
        let server = try RulesServer(accounts: 1)
        defer { server.cleanup() }
        let me = server.accounts[0]
        let store = try server.store(as: me)
        defer { store.close() }
        let session = Session(uid: me, email: "\(me)@example.com", signedInAt: Date())
        try FavoritesService(store: store).add(Self.kakao, session: session)
        let saved = try #require(try FavoritesService(store: store).list(session: session).first)
        #expect(saved.category == "카페" && saved.phone == "1522-3232")
        #expect(saved.roadAddress == "서울 강남구 강남대로 390" && saved.url == "https://place.map.kakao.com/26338954")
    }

    @Test(.requiresPostgres)
    func aMemberWithPsqlStoresNoLinkButHTTP() throws {
        let server = try RulesServer(accounts: 1)
        defer { server.cleanup() }
        let me = server.accounts[0]
        func save(url: String) throws -> Bool {
            let doc = """
                {"placeID": "kakao:1", "placeName": "A", "address": "", "coordinate": {"latitude": 1, "longitude": 2}, \
                "folders": [], "url": "\(url)"}
                """
            return try server.psql("SELECT tern_write('favorites/\(me)/favorites', 'kakao:1', '\(doc)')", as: me).ok
        }
        #expect(try save(url: "https://place.map.kakao.com/1"))
        #expect(try !save(url: "javascript:alert(1)"))
        #expect(try !save(url: "https://a b"))
    }
}
