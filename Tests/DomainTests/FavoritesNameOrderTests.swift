import DocStore
import Foundation
import PlaceCatalog
import Testing

@testable import Domain

/// A folder by name is read by the store's cursor on each favorite's stored name key, and
/// gives the order `FavoriteOrder` gives (`KoreanCollation`, newest first among equal
/// names); favorites saved without a key get theirs when the order is first read.
@Suite struct FavoritesNameOrderTests {
    let fixture = ServiceFixture()

    static let names = [
        "Seoul", "seoul", "Séoul", "Seoul ", "서울", "ㅅ", "사과", "삭", "Busan", "busan", "bus", "Zürich",
        "zurich", "東京", "123", "#tag", "a b", "ab", "a", "강남", "ㄱ", "가", "까", "e\u{301}cole", "école",
        "Ünter", "unter", "", "Ω", "ω",
    ]

    @Test func keysSortAsTheCollationDoes() {
        for a in Self.names {
            for b in Self.names {
                let byKey = FavoriteNameKey.make(a) < FavoriteNameKey.make(b)
                #expect(byKey == KoreanCollation.precedes(a, b), "\(a) / \(b)")
                #expect(FavoriteNameKey.make(a).allSatisfy { $0.isHexDigit })
            }
        }
    }

    /// `count` favorites named from `names` (so many share a name), a second apart; every
    /// other one written whole, without a name key, as an older Tern saved them.
    func saveFolder(_ services: AppServices, _ session: Session, count: Int) throws -> [FavoritePlace] {
        let batch = services.store.batch()
        let base = Date(timeIntervalSince1970: 1_790_000_000)
        var saved: [FavoritePlace] = []
        for index in 0..<count {
            let favorite = FavoritePlace(
                placeName: Self.names[index % Self.names.count], placeID: "p\(index)", address: "",
                coordinate: Coordinate(latitude: 37, longitude: 127),
                savedAt: base.addingTimeInterval(-Double(index)), folders: [FavoriteFolder.defaultID])
            let reference = services.store.document("favorites/\(session.uid)/favorites/p\(index)")
            if index % 2 == 0 {
                try batch.setData(from: favorite, forDocument: reference)
            } else {
                let candidate = FavoriteCandidate(
                    placeID: favorite.placeID, placeName: favorite.placeName, address: "",
                    coordinate: favorite.coordinate)
                batch.setData(
                    FavoritesService.newFields(
                        candidate, folders: favorite.folders, memo: "", savedAt: favorite.savedAt),
                    forDocument: reference)
            }
            saved.append(favorite)
        }
        try batch.commit()
        return saved
    }

    /// The window after `anchor`, as its listener first delivers it.
    func window(_ services: AppServices, _ folder: FavoriteFolder, after anchor: FavoritePlace?, session: Session)
        throws -> FolderPage
    {
        var page: FolderPage?
        let registration = try services.favorites.observeFolderWindow(
            folder, after: anchor, limit: 100, home: seoulCityHall,
            session: session
        ) { page = $0 }
        registration.remove()
        return try #require(page)
    }

    @Test func aFolderByNamePagesByTheStoresCursorInTheCollationsOrder() throws {
        let services = try fixture.open()
        let session = try services.registered("names@example.com")
        let saved = try saveFolder(services, session, count: 1_203)
        let folder = try services.favorites.updateFolder(id: FavoriteFolder.defaultID, sort: .name, session: session)
        // The Favorites screen starts with its folder listing, which gives older favorites their keys.
        try #require(try services.favorites.observeFolderListing(session: session) { _ in }).remove()
        let expected = FavoriteOrder.sorted(saved, by: .name, home: seoulCityHall).map(\.placeID)

        var walked: [String] = []
        var anchor: FavoritePlace?
        while true {
            let page = try window(services, folder, after: anchor, session: session)
            walked += page.favorites.map(\.placeID)
            anchor = page.favorites.last
            if page.isEnd { break }
        }
        #expect(walked == expected)
        let last = try services.favorites.folderRows(
            folder, before: nil, limit: 100, home: seoulCityHall, session: session)
        #expect(last.map(\.placeID) == expected.suffix(100).reversed())
        let middle = try #require(saved.first { $0.placeID == expected[700] })
        let before = try services.favorites.folderRows(
            folder, before: middle, limit: 3, home: seoulCityHall, session: session)
        #expect(before.map(\.placeID) == expected[697..<700].reversed())
        #expect(
            try services.favorites.folderCount(folder, before: middle, home: seoulCityHall, session: session) == 700)
        // Every favorite holds its key now, and a new save writes one.
        let keyed = try services.favorites.favorites(of: session.uid).order(by: FavoriteNameKey.field).count()
        #expect(keyed == saved.count)
    }
}
