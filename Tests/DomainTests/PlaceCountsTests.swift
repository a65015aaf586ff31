import DocStore
import Foundation
import Localization
import Testing

@testable import Domain

/// A place's counts on the embedded store (issue 29): its posts (a deleted one leaves the
/// count) and the people the viewer follows who saved it in a shared folder.
@Suite(.serialized)
struct PlaceCountsTests {
    let fixture = ServiceFixture()
    let seoul = "1835848"

    /// `name` signed in on its own connection, with a username and a folder of `visibility` holding Seoul.
    func saver(_ name: String, _ visibility: FolderVisibility?) throws -> (AppServices, Session) {
        let services = try fixture.open(session: name)
        let session = try services.poster("\(name)@example.com")
        if let visibility {
            let folder = try services.favorites.createFolder(name: "Trip", visibility: visibility, session: session)
            try services.favorites.add(
                placeID: seoul, from: FolderTestDirectory(), folderID: folder.id, session: session)
        }
        return (services, session)
    }

    @Test func postsAndSharedSaversAmongTheFollowedAreCounted() throws {
        let (mina, minaSession) = try saver("mina", .shared)
        let (jun, _) = try saver("jun", .shared)
        let (hidden, _) = try saver("hidden", .private)
        let (stranger, _) = try saver("stranger", .shared)
        let (viewer, session) = try saver("viewer", nil)
        for person in [mina, jun, hidden] {
            let uid = try #require(try person.sessionFile.read()).uid
            try viewer.follows.writeFollow(true, uid: uid, session: session)
        }
        _ = stranger
        let first = try mina.tweets.post("서울 좋아요", placeID: seoul, session: minaSession)
        _ = try mina.tweets.post("Seoul again", placeID: seoul, session: minaSession)
        _ = try mina.tweets.post("elsewhere", placeID: "1838524", session: minaSession)
        _ = try mina.tweets.post("nowhere", session: minaSession)

        let counts = try viewer.favorites.placeCounts(placeID: seoul, session: session)
        #expect(counts.posts == 2)
        #expect(counts.savedByFollowing == 2, "the private folder's place and the stranger's are not counted")
        #expect(["mina_poster", "jun_poster"].contains(counts.latestSaver ?? ""))

        _ = try mina.tweets.delete(tweetID: first.id, session: minaSession)
        #expect(try viewer.favorites.placeCounts(placeID: seoul, session: session).posts == 1)
        #expect(
            try viewer.favorites.placeCounts(placeID: seoul, session: nil)
                == PlaceCounts(posts: 1, savedByFollowing: 0, latestSaver: nil))
        #expect(
            try viewer.favorites.placeCounts(placeID: "1838524", session: session)
                == PlaceCounts(posts: 1, savedByFollowing: 0, latestSaver: nil))
    }

    @Test func theLineNamesTheLatestSaverAndTheOthers() {
        let line = PlaceCountsText.line
        #expect(line(PlaceCounts(posts: 3, savedByFollowing: 3, latestSaver: "mina")).contains("@mina"))
        if Language.current == .en {
            #expect(
                line(PlaceCounts(posts: 3, savedByFollowing: 3, latestSaver: "mina"))
                    == "3 posts · saved by @mina and 2 others you follow")
            #expect(line(PlaceCounts(posts: 1, savedByFollowing: 0, latestSaver: nil)) == "1 post")
            #expect(
                line(PlaceCounts(posts: 0, savedByFollowing: 1, latestSaver: "jun"))
                    == "0 posts · saved by @jun, whom you follow")
        }
    }
}
