import DocStore
import Foundation
import PlaceCatalog
import Testing

@testable import Domain

/// A backup gives back everything (issue 27): export, import into a new account, export
/// again, and the two files say the same, for every field a favorite and a folder have.
@Suite struct BackupFidelityTests {
    static let kakao = FavoriteCandidate(
        placeID: "kakao:8105891", placeName: "을지로 커피한약방", address: "서울 중구 저동2가 73",
        coordinate: Coordinate(latitude: 37.5658, longitude: 126.9921), category: "음식점 > 카페",
        phone: "02-000-0000", roadAddress: "서울 중구 삼일대로12길 16-6", url: "http://place.map.kakao.com/8105891")

    /// An account with a renamed default folder in name order, a folder in its own order
    /// holding a Kakao place, a memo and a colour.
    func filledAccount() throws -> (AppServices, Session) {
        let services = try ServiceFixture().open()
        let session = try services.registered("backup@example.com")
        let favorites = services.favorites
        try favorites.updateFolder(
            id: FavoriteFolder.defaultID, name: "My places", color: .green, visibility: .shared, sort: .name,
            session: session)
        let trip = try favorites.createFolder(name: "Trip", color: .orange, session: session)
        try favorites.add(Self.kakao, folderID: trip.id, memo: "first\nsecond", session: session)
        try favorites.add(placeID: "1838524", from: FolderTestDirectory(), folderID: trip.id, session: session)
        try favorites.add(placeID: "1846266", from: FolderTestDirectory(), folderID: trip.id, session: session)
        try favorites.add(placeID: "1835848", from: FolderTestDirectory(), session: session)
        try favorites.setColor(placeID: "1835848", color: .red, session: session)
        // Trip in a person's own order: 제주 moved to the bottom.
        try favorites.moveManually(placeID: "1846266", in: trip.id, by: 1, home: seoulCityHall, session: session)
        try favorites.moveManually(placeID: "1846266", in: trip.id, by: 1, home: seoulCityHall, session: session)
        return (services, session)
    }

    func export(_ services: AppServices, _ session: Session, _ format: FavoritesFormat) throws -> String {
        try FavoritesExport.text(
            try services.favorites.snapshot(session: session), folder: nil, format: format, home: seoulCityHall,
            encoder: FavoritesExchangeTests.encoder)
    }

    @Test(arguments: FavoritesFormat.allCases)
    func exportImportExportGivesTheSameFile(format: FavoritesFormat) throws {
        let (services, session) = try filledAccount()
        let first = try export(services, session, format)
        let fresh = try ServiceFixture().open()
        let newcomer = try fresh.registered("restored@example.com")
        _ = try fresh.favorites.importFavorites(try FavoritesImportFile.read(first), into: nil, session: newcomer)
        let second = try export(fresh, newcomer, format)
        if format == .csv {
            // A CSV has no folders or saved times: its rows and their details come back.
            #expect(Set(second.split(separator: "\r\n")) == Set(first.split(separator: "\r\n")))
        } else {
            #expect(second == first)
        }
        #expect(first.contains("삼일대로12길") && first.contains("02-000-0000") && first.contains("음식점"))
        let kakao = try #require(try fresh.favorites.list(session: newcomer).first { $0.placeID == "kakao:8105891" })
        #expect(kakao.roadAddress == Self.kakao.roadAddress && kakao.phone == Self.kakao.phone)
        #expect(kakao.category == Self.kakao.category && kakao.url == Self.kakao.url)
    }

    @Test func theJSONBackupKeepsAFoldersOwnOrder() throws {
        let (services, session) = try filledAccount()
        let fresh = try ServiceFixture().open()
        let newcomer = try fresh.registered("restored@example.com")
        _ = try fresh.favorites.importFavorites(
            try FavoritesImportFile.read(try export(services, session, .json)), into: nil, session: newcomer)
        let snapshot = try fresh.favorites.snapshot(session: newcomer)
        let trip = try snapshot.requireFolder(named: "Trip")
        #expect(trip.sort == .manual)
        #expect(snapshot.places(in: trip, home: seoulCityHall).map(\.placeName).last == "제주")
        let main = try #require(snapshot.folder(id: FavoriteFolder.defaultID))
        #expect(main.name == "My places" && main.sort == .name && main.color == .green && main.visibility == .shared)
        #expect(snapshot.folders.count == 2)
    }

    @Test func aProvidersJavascriptLinkIsNotKept() throws {
        let json = """
            {"favorites": [{"placeID": "kakao:1", "placeName": "X", "address": "",
              "coordinate": {"latitude": 37.5, "longitude": 127.0}, "url": "javascript:alert(1)"}]}
            """
        #expect(try FavoritesImportFile.read(json).rows.first?.details.url == nil)
        #expect(!PlaceLink.isWebLink("javascript:alert(1)") && PlaceLink.isWebLink("https://place.map.kakao.com/1"))
    }

    @Test func aPlacesLinkIsItsKakaoPageElseAMapAtItsCoordinates() {
        #expect(
            PlaceLink.openURL(
                placeID: "kakao:8105891", url: "http://place.map.kakao.com/8105891", latitude: 37.5, longitude: 127)
                == "http://place.map.kakao.com/8105891")
        #expect(
            PlaceLink.openURL(placeID: "kakao:1", url: "javascript:alert(1)", latitude: 0, longitude: 0)
                == "https://place.map.kakao.com/1")
        #expect(
            PlaceLink.openURL(placeID: "1835848", url: nil, latitude: 37.566, longitude: 126.9784)
                == "https://www.openstreetmap.org/?mlat=37.566&mlon=126.9784#map=17/37.566/126.9784")
    }
}
