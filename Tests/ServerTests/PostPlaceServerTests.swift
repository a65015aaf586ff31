import DocStore
import Domain
import Foundation
import PlaceCatalog
import Testing

/// A post's place on a team server (issue 29): the copy a post carries is kept as Tern
/// writes it, and a member with `psql` stores nothing else in it.
@Suite(.serialized)
struct PostPlaceServerTests {
    static let kakao = PostPlace(
        placeName: "스타벅스 강남R점", address: "서울 강남구 역삼동 825",
        coordinate: Coordinate(latitude: 37.4979, longitude: 127.0276), category: "카페", phone: "1522-3232",
        roadAddress: "서울 강남구 강남대로 390", url: "https://place.map.kakao.com/26338954", source: "kakao")

    @Test(.requiresPostgres)
    func aPostAndAReplyKeepTheirPlaceOnTheServer() throws {
        let server = try RulesServer(accounts: 1)
        defer { server.cleanup() }
        let me = server.accounts[0]
        let store = try server.store(as: me)
        defer { store.close() }
        let tweets = TweetService(store: store, onServer: true)
        let session = Session(uid: me, email: "\(me)@example.com", signedInAt: Date(), server: "test")
        let post = try tweets.post("coffee here", placeID: "kakao:26338954", place: Self.kakao, session: session)
        #expect(post.placeID == "kakao:26338954" && post.place == Self.kakao)
        let reply = try tweets.reply(
            "and here", to: post.id, placeID: "kakao:26338954", place: Self.kakao, session: session)
        #expect(try tweets.post(id: reply.id, viewer: session)?.place == Self.kakao)
        let stored = try server.psql(
            "SELECT data #>> '{place,phone}' FROM documents WHERE parent = 'tweets' AND id = '\(post.id)'", as: nil)
        #expect(stored.output == "1522-3232")
    }

    @Test(.requiresPostgres)
    func aMemberWithPsqlStoresNoOtherPlace() throws {
        let server = try RulesServer(accounts: 1)
        defer { server.cleanup() }
        let me = server.accounts[0]
        try server.post(as: me, id: "p0", caption: "first")
        func write(place: String) throws -> Bool {
            let doc = "{\"uid\": \"\(me)\", \"caption\": \"here\", \"placeID\": \"kakao:1\", \"place\": \(place)}"
            return try server.psql("SELECT tern_write('tweets', 'p1', '\(doc)')", as: me).ok
        }
        #expect(
            try write(place: #"{"placeName": "A", "coordinate": {"latitude": 1, "longitude": 2}, "source": "kakao"}"#))
        #expect(try write(place: "null"))
        #expect(try !write(place: #"{"placeName": "A", "owner": "me"}"#), "a field a place does not have")
        #expect(try !write(place: "{\"placeName\": \"\(String(repeating: "a", count: 201))\"}"), "a name over 200")
        #expect(try !write(place: "{\"address\": \"\(String(repeating: "가", count: 301))\"}"), "an address over 300")
        #expect(try !write(place: #"{"url": "javascript:alert(1)"}"#), "a link that is not http")
        #expect(try !write(place: #"{"source": "evil"}"#), "a source Tern does not know")
        #expect(try !write(place: #"{"coordinate": {"latitude": 91, "longitude": 0}}"#))
        #expect(try !write(place: #"{"coordinate": {"latitude": 1, "longitude": 2, "x": 3}}"#))
        #expect(try !write(place: #"["placeName"]"#), "a list")
        #expect(try !write(place: #""Seoul""#), "a text")
        #expect(try !write(place: #"{"phone": 5}"#), "a number for a text")
    }
}
