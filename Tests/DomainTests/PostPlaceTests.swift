import DocStore
import Foundation
import PlaceCatalog
import Testing

@testable import Domain

/// A post that carries a place on the embedded store (issue 29): the copy goes through the
/// one write path with the post and comes back on every row, and an outbox written before
/// posts had places still reads.
@Suite struct PostPlaceTests {
    static let seoul = PostPlace(
        placeName: "Seoul", koreanName: "서울", address: "Seoul, South Korea",
        coordinate: Coordinate(latitude: 37.566, longitude: 126.9784), source: "catalog")

    @Test func aPostAndAReplyWrittenWithAPlaceKeepItsCopy() throws {
        let fixture = ServiceFixture()
        let ann = try fixture.open(session: "ann")
        let session = try ann.poster("ann@example.com")
        _ = try ann.write(.post(postID: "p1", text: "lunch", placeID: "1835848", place: Self.seoul), session: session)
        _ = try ann.write(
            .reply(postID: "r1", text: "dinner too", replyTo: "p1", placeID: "1835848", place: Self.seoul),
            session: session)
        let rows = try ann.tweets.page(.all, viewer: session).posts
        #expect(rows.map(\.id).sorted() == ["p1", "r1"])
        for row in rows {
            #expect(row.placeID == "1835848" && row.place == Self.seoul)
        }
        let plain = try ann.tweets.post("no place", session: session)
        #expect(plain.placeID == nil && plain.place == nil)
    }

    @Test func aQueuedPostFromBeforePlacesStillReads() throws {
        let old = #"{"post":{"postID":"p1","text":"hi","placeID":null}}"#
        let intent = try JSONDecoder().decode(WriteIntent.self, from: Data(old.utf8))
        #expect(intent == .post(postID: "p1", text: "hi", placeID: nil, place: nil))
        let withPlace = WriteIntent.post(postID: "p2", text: "hi", placeID: "kakao:1", place: Self.seoul)
        let again = try JSONDecoder().decode(WriteIntent.self, from: JSONEncoder().encode(withPlace))
        #expect(again == withPlace)
    }
}
