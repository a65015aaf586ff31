import DocStore
import Foundation
import PlaceCatalog
import Testing

@testable import Domain

/// Where the people the viewer follows saved places near a place, for its map's `◇`s
/// (issue 29, point 5), on the embedded store: only their shared folders' places, within
/// the window, each once, never the place the map is of.
@Suite(.serialized)
struct FollowedSavesTests {
    let fixture = ServiceFixture()
    let seoul = "1835848"
    let busan = "1838524"
    let jeju = "1846266"
    let incheon = "1843564"
    /// ±6° of latitude and ±9° of longitude around Seoul, the map's window.
    let latitudes = (37.5665 - 6)...(37.5665 + 6)
    let longitudes = (126.978 - 9)...(126.978 + 9)

    /// `name` signed in on its own connection, with one folder of each visibility given.
    func person(_ name: String, _ folders: [(FolderVisibility, [String])]) throws -> (AppServices, Session) {
        let services = try fixture.open(session: name)
        let session = try services.poster("\(name)@example.com")
        for (index, (visibility, places)) in folders.enumerated() {
            let folder = try services.favorites.createFolder(
                name: "Folder \(index)", visibility: visibility, session: session)
            for place in places {
                try services.favorites.add(
                    placeID: place, from: FolderTestDirectory(), folderID: folder.id, session: session)
            }
        }
        return (services, session)
    }

    func uid(_ services: AppServices) throws -> String { try #require(try services.sessionFile.read()).uid }

    @Test func onlySharedFoldersOfPeopleFollowedWithinTheWindowAreMarked() throws {
        let (mina, minaSession) = try person("mina", [(.shared, [busan, jeju, seoul]), (.private, [incheon])])
        let (jun, _) = try person("jun", [(.private, [busan, incheon])])
        let (stranger, _) = try person("stranger", [(.shared, [incheon])])
        let (viewer, session) = try person("viewer", [])
        for person in [mina, jun] { try viewer.follows.writeFollow(true, uid: try uid(person), session: session) }
        _ = stranger

        let saves = try viewer.favorites.followedSaves(
            latitudes: latitudes, longitudes: longitudes, excluding: seoul, session: session)
        #expect(saves.map(\.placeID) == [busan, jeju], "Incheon is only in a private folder or a stranger's")
        #expect(saves.first?.coordinate == Coordinate(latitude: 35.1028, longitude: 129.0403))

        let south = try viewer.favorites.followedSaves(
            latitudes: 34.0...36.0, longitudes: longitudes, excluding: seoul, session: session)
        #expect(south.map(\.placeID) == [busan], "Jeju (33.5°N) is outside this window")
        #expect(
            try viewer.favorites.followedSaves(latitudes: latitudes, longitudes: longitudes, session: session)
                .map(\.placeID) == [seoul, busan, jeju].sorted(), "without a place left out, Seoul is one too")

        // The owner makes the folder private: nothing of it is marked any more.
        let shared = try #require(
            try mina.favorites.snapshot(session: minaSession).folders.first { $0.visibility == .shared })
        try mina.favorites.updateFolder(id: shared.id, visibility: .private, session: minaSession)
        #expect(
            try viewer.favorites.followedSaves(
                latitudes: latitudes, longitudes: longitudes, excluding: seoul, session: session
            ).isEmpty)
    }

    @Test func followingNobodyMarksNothing() throws {
        let (viewer, session) = try person("loner", [(.shared, [busan])])
        #expect(
            try viewer.favorites.followedSaves(latitudes: latitudes, longitudes: longitudes, session: session).isEmpty,
            "one's own folders are not the people one follows")
    }
}
